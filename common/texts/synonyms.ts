// The Synonyms section's texts (issue 27), one home for the dashboard and the API's messages; the limits are in
// common/synonyms.ts.

import { texts, i18n } from '../i18n';

import { SYNONYM_LIMITS } from '../synonyms';
import { COMMON_TEXTS } from './common';

export const SYNONYM_TEXTS = texts({
  heading: /*i18n*/ 'Synonyms',
  intro:
    /*i18n*/ 'Words and phrases the search reads as the same, both ways: a search for any of them finds what the others find. Abbreviations of one or two letters match only as whole words.',
  termsLabel: /*i18n*/ 'Words that mean the same (comma-separated)',
  termsHint: /*i18n*/ 'For example: af1, air force 1',
  add: /*i18n*/ 'Add synonyms',
  adding: /*i18n*/ 'Adding...',
  save: /*i18n*/ 'Save',
  saving: COMMON_TEXTS.saving,
  edit: /*i18n*/ 'Edit',
  cancel: COMMON_TEXTS.cancel,
  delete: /*i18n*/ 'Delete',
  deleteConfirm: (terms: string) => i18n._('Delete the synonyms "{terms}"? Searches for them stop finding each other.', { terms }),
  added: /*i18n*/ 'Synonyms added.',
  saved: /*i18n*/ 'Synonyms saved.',
  deleted: /*i18n*/ 'Synonyms deleted.',
  loading: /*i18n*/ 'Loading synonyms',
  loadFailed: /*i18n*/ 'Failed to load the synonyms',
  empty: /*i18n*/ 'No synonyms yet.',
  listLabel: /*i18n*/ 'Synonym groups',
  termBlank: /*i18n*/ 'terms: a term cannot be blank',
  termTooLong: `terms: each term is at most ${SYNONYM_LIMITS.termMax} characters`,
  tooMany: `terms: at most ${SYNONYM_LIMITS.termsMax} terms in one group`,
  tooFew: /*i18n*/ 'terms: give at least two different words or phrases',
  noLetters: /*i18n*/ 'terms: each term needs a letter or digit',
  notFound: /*i18n*/ 'These synonyms do not exist (they may have been deleted already).',
});

/** The kept brand list beside the synonyms (issue 40): an import reads a brandless title's brand with it. */
export const BRAND_LIST_TEXTS = texts({
  heading: /*i18n*/ 'Brands in titles',
  intro:
    /*i18n*/ 'An import gives a row without a brand the brand its title starts with or names: one line per brand or model, "model = brand" where they differ (Air Force 1 = Nike).',
  label: /*i18n*/ 'Brands and models, one a line',
  save: /*i18n*/ 'Save the brand list',
  saving: COMMON_TEXTS.saving,
  saved: /*i18n*/ 'Brand list saved.',
  isDefault: /*i18n*/ 'The default list: edit it to make it yours.',
  count: (count: number) => i18n._('{count} lines', { count }),
  loading: /*i18n*/ 'Loading the brand list',
  loadFailed: /*i18n*/ 'Failed to load the brand list',
});
