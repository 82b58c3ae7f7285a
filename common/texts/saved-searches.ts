// Saved searches (issue 42, decision 0085): the finder's Save search, the lists on /home and the Account page, the
// API's refusals and the unsubscribe answers. Loaded with the parts that show them.
import { i18n, texts } from '../i18n';

export const SAVED_SEARCH_TEXTS = texts({
  save: /*i18n*/ 'Save search',
  saveTitle: /*i18n*/ 'Save this search',
  nameLabel: /*i18n*/ 'Name',
  nameHint: /*i18n*/ 'How it is listed on your Home and Account pages.',
  mailLabel: /*i18n*/ 'Mail me when new products match',
  mailHint: /*i18n*/ 'At most one mail a day for all your saved searches, with the new products. Every mail has a link to stop them.',
  mailUnavailable: /*i18n*/ 'Saved searches cannot be mailed: this site has not set up mail.',
  saving: /*i18n*/ 'Saving...',
  saveSubmit: /*i18n*/ 'Save',
  cancel: /*i18n*/ 'Cancel',
  saved: (name: string) => i18n._('Saved as “{name}”. It is listed on your Home and Account pages.', { name }),
  signInToSave: /*i18n*/ 'Sign in to save this search',
  listTitle: /*i18n*/ 'Saved searches',
  listEmpty: /*i18n*/ 'No saved searches yet. Search or filter in the finder, then press Save search.',
  listCount: (n: number, max: number) => i18n._('{n} of {max}', { n, max }),
  loading: /*i18n*/ 'Loading your saved searches...',
  loadFailed: /*i18n*/ 'Your saved searches could not be loaded.',
  openLabel: (name: string) => i18n._('Open the saved search {name}', { name }),
  newCount: (n: number) => i18n._('{n, plural, one {# new since you last opened it} other {# new since you last opened it}}', { n }),
  rename: /*i18n*/ 'Rename',
  renameLabel: (name: string) => i18n._('Rename the saved search {name}', { name }),
  renameSubmit: /*i18n*/ 'Save name',
  renamed: (name: string) => i18n._('Renamed to “{name}”.', { name }),
  delete: /*i18n*/ 'Delete',
  deleteLabel: (name: string) => i18n._('Delete the saved search {name}', { name }),
  deleted: (name: string) => i18n._('“{name}” is deleted.', { name }),
  mailToggleLabel: (name: string) => i18n._('Mail me new matches of {name}', { name }),
  mailOn: /*i18n*/ 'Mailed',
  changeFailed: /*i18n*/ 'The change could not be saved. Please try again.',
  unsubscribedOne: (name: string) =>
    i18n._('You will get no more mails about “{name}”. The search stays saved: turn its mail on again on your Account page.', { name }),
  unsubscribedAll:
    /*i18n*/ 'You will get no more saved-search mails from this site. Your searches stay saved: turn their mail on again on your Account page.',
  unsubscribedGone: /*i18n*/ 'This saved search no longer exists, so no more mails about it will come.',
  unsubscribeTitle: /*i18n*/ 'Saved searches',
});

/** Answers of the saved-search routes (server side, shown by the web under the form or the list). */
export const SAVED_SEARCH_MESSAGES = texts({
  limit: (max: number) =>
    i18n._('You already have {max} saved searches, the most an account can keep. Delete one to save another.', { max }),
  duplicateName: /*i18n*/ 'You already have a saved search with this name. Choose another name.',
  notFound: /*i18n*/ 'There is no such saved search (it may have been deleted).',
  unavailable: SAVED_SEARCH_TEXTS.mailUnavailable,
  badToken: /*i18n*/ 'This unsubscribe link is not valid (it may be cut short).',
  nameRequired: /*i18n*/ 'Give the search a name.',
  nameTooLong: (max: number) => i18n._('The name must be at most {max} characters.', { max }),
});
