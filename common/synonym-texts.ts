// The Synonyms section's texts and limits (issue 27), one home for the dashboard and the API's messages.
export const SYNONYM_LIMITS = { termMax: 60, termsMax: 20 } as const;

export const SYNONYM_TEXTS = {
  heading: 'Synonyms',
  intro:
    'Words and phrases the search reads as the same, both ways: a search for any of them finds what the others find. Abbreviations of one or two letters match only as whole words.',
  termsLabel: 'Words that mean the same (comma-separated)',
  termsHint: 'For example: af1, air force 1',
  add: 'Add synonyms',
  adding: 'Adding...',
  save: 'Save',
  saving: 'Saving...',
  edit: 'Edit',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteConfirm: (terms: string) => `Delete the synonyms "${terms}"? Searches for them stop finding each other.`,
  added: 'Synonyms added.',
  saved: 'Synonyms saved.',
  deleted: 'Synonyms deleted.',
  loading: 'Loading synonyms',
  loadFailed: 'Failed to load the synonyms',
  empty: 'No synonyms yet.',
  listLabel: 'Synonym groups',
  termBlank: 'terms: a term cannot be blank',
  termTooLong: `terms: each term is at most ${SYNONYM_LIMITS.termMax} characters`,
  tooMany: `terms: at most ${SYNONYM_LIMITS.termsMax} terms in one group`,
  tooFew: 'terms: give at least two different words or phrases',
  noLetters: 'terms: each term needs a letter or digit',
  notFound: 'These synonyms do not exist (they may have been deleted already).',
} as const;
