// The Synonyms section's texts (issue 27), one home for the dashboard and the API's messages; the limits are in
// common/synonyms.ts.

import { SYNONYM_LIMITS } from '../synonyms';
import { COMMON_TEXTS } from './common';

export const SYNONYM_TEXTS = {
  heading: 'Synonyms',
  intro:
    'Words and phrases the search reads as the same, both ways: a search for any of them finds what the others find. Abbreviations of one or two letters match only as whole words.',
  termsLabel: 'Words that mean the same (comma-separated)',
  termsHint: 'For example: af1, air force 1',
  add: 'Add synonyms',
  adding: 'Adding...',
  save: 'Save',
  saving: COMMON_TEXTS.saving,
  edit: 'Edit',
  cancel: COMMON_TEXTS.cancel,
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
