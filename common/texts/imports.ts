// The imports' words (issues 25 and 26): the synced sheets panel, the import dialog, a running import's panel and the
// history. Only the dashboard's chunks load them.

import { texts, i18n } from '../i18n';

import type { SyncRunStatus, SyncSchedule } from '../schemas/import-sources';
import type { ImportStatus } from '../schemas/imports';
import { COMMON_TEXTS } from './common';

/** The synced sheets panel on the Items tab (issue 26). */
export const SYNC_TEXTS = texts({
  heading: /*i18n*/ 'Synced sheets',
  intro:
    'A published Google Sheet (File › Share › Publish to web › CSV) or any https CSV, XLSX or JSON read again on a schedule. ' +
    'A run applies on its own when it stays within the limits; otherwise it waits here for you. A sync adds and updates items; it never deletes them.',
  none: /*i18n*/ 'No sheet is synced yet.',
  loading: /*i18n*/ 'Loading the synced sheets',
  loadFailed: /*i18n*/ 'Failed to load the synced sheets',
  caption: /*i18n*/ 'Synced sheets, their schedule, limits and last run',
  columns: {
    sheet: /*i18n*/ 'Sheet',
    schedule: /*i18n*/ 'Schedule',
    limits: /*i18n*/ 'Applies on its own when',
    lastRun: /*i18n*/ 'Last run',
    actions: /*i18n*/ 'Actions',
  },
  schedules: { hourly: 'Hourly', daily: 'Daily' } satisfies Record<SyncSchedule, string>,
  statuses: { applied: 'Applied', waiting: 'Waiting for you', unchanged: 'No changes', failed: 'Failed' } satisfies Record<
    SyncRunStatus,
    string
  >,
  limits: (percent: number, invalid: number, drop: number) =>
    `at most ${percent}% of its items change, ${invalid === 0 ? 'no row is' : `at most ${invalid} rows are`} invalid and no price drops by more than ${drop}%`,
  neverRun: /*i18n*/ 'Not run yet',
  nextRun: (when: string) => i18n._('Next: {when}', { when }),
  runNow: /*i18n*/ 'Run now',
  running: /*i18n*/ 'Running...',
  apply: COMMON_TEXTS.apply,
  applying: /*i18n*/ 'Applying...',
  errorsFile: /*i18n*/ 'Errors file',
  remove: /*i18n*/ 'Remove',
  removing: COMMON_TEXTS.removing,
  removeTitle: /*i18n*/ 'Stop syncing this sheet?',
  removeBody: (url: string) =>
    i18n._('{url} will not be read again. The imports it made stay in the history and can still be undone.', { url }),
  add: /*i18n*/ 'Add a synced sheet',
  url: /*i18n*/ 'Sheet address',
  urlHint: /*i18n*/ 'https://docs.google.com/spreadsheets/d/…/pub?output=csv',
  schedule: /*i18n*/ 'Read it',
  maxChangedPercent: /*i18n*/ 'Apply on its own when at most this % of items change',
  maxChangedPercentHint: /*i18n*/ "A share of the sheet's own items already in the catalogue, not of the whole catalogue.",
  maxInvalidRows: /*i18n*/ '… and at most this many rows are invalid',
  maxPriceDropPercent: /*i18n*/ "… and no item's price drops by more than this %",
  maxPriceDropPercentHint: /*i18n*/ 'A run that cuts any price by more waits for you.',
  editLimits: /*i18n*/ 'Edit limits',
  editTitle: (url: string) => i18n._('Schedule and limits of {url}', { url }),
  saveLimits: /*i18n*/ 'Save limits',
  limitsSaved: /*i18n*/ 'The limits are saved; they apply from the next run.',
  cancel: COMMON_TEXTS.cancel,
  save: /*i18n*/ 'Save and run',
  saving: COMMON_TEXTS.saving,
  saved: /*i18n*/ 'The sheet is saved; its first run is under way.',
  applied: /*i18n*/ 'The run is being applied.',
  removed: /*i18n*/ 'The sheet is no longer synced.',
});

const STATUS_WORDS = {
  previewed: 'Previewed',
  running: 'Importing',
  succeeded: 'Imported',
  failed: 'Stopped',
  cancelled: 'Cancelled',
  undone: 'Undone',
} as const satisfies Record<ImportStatus, string>;

/** The import dialog, a running import's panel and the import history (issues 25 and 26). */
export const IMPORT_TEXTS = texts({
  /** An import's status on its panel while it runs or just after. */
  statuses: STATUS_WORDS,
  /** The same in the history, where a previewed import is one that never ran. */
  historyStatuses: { ...STATUS_WORDS, previewed: /*i18n*/ 'Previewed, not imported' },
  preview: /*i18n*/ 'Preview',
  reading: /*i18n*/ 'Reading...',
  readAgain: /*i18n*/ 'Read again',
  starting: /*i18n*/ 'Starting...',
  nothingToImport: /*i18n*/ 'Nothing to import',
  /** The start button with what it writes ("Import 12 products"). */
  importCount: (products: string) => i18n._('Import {products}', { products }),
  undoImport: /*i18n*/ 'Undo import',
  undoTitle: /*i18n*/ 'Undo this import?',
});
