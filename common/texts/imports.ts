// The imports' words (issues 25 and 26): the synced sheets panel, the import dialog, a running import's panel and the
// history. Only the dashboard's chunks load them.

import type { SyncRunStatus, SyncSchedule } from '../schemas/import-sources';
import type { ImportStatus } from '../schemas/imports';
import { COMMON_TEXTS } from './common';

/** The synced sheets panel on the Items tab (issue 26). */
export const SYNC_TEXTS = {
  heading: 'Synced sheets',
  intro:
    'A published Google Sheet (File › Share › Publish to web › CSV) or any https CSV, XLSX or JSON read again on a schedule. ' +
    'A run applies on its own when it stays within the limits; otherwise it waits here for you. A sync adds and updates items; it never deletes them.',
  none: 'No sheet is synced yet.',
  loading: 'Loading the synced sheets',
  loadFailed: 'Failed to load the synced sheets',
  caption: 'Synced sheets, their schedule, limits and last run',
  columns: { sheet: 'Sheet', schedule: 'Schedule', limits: 'Applies on its own when', lastRun: 'Last run', actions: 'Actions' },
  schedules: { hourly: 'Hourly', daily: 'Daily' } satisfies Record<SyncSchedule, string>,
  statuses: { applied: 'Applied', waiting: 'Waiting for you', unchanged: 'No changes', failed: 'Failed' } satisfies Record<
    SyncRunStatus,
    string
  >,
  limits: (percent: number, invalid: number) =>
    `at most ${percent}% of items change and ${invalid === 0 ? 'no row is' : `at most ${invalid} rows are`} invalid`,
  neverRun: 'Not run yet',
  nextRun: (when: string) => `Next: ${when}`,
  runNow: 'Run now',
  running: 'Running...',
  apply: COMMON_TEXTS.apply,
  applying: 'Applying...',
  errorsFile: 'Errors file',
  remove: 'Remove',
  removing: COMMON_TEXTS.removing,
  removeTitle: 'Stop syncing this sheet?',
  removeBody: (url: string) => `${url} will not be read again. The imports it made stay in the history and can still be undone.`,
  add: 'Add a synced sheet',
  url: 'Sheet address',
  urlHint: 'https://docs.google.com/spreadsheets/d/…/pub?output=csv',
  schedule: 'Read it',
  maxChangedPercent: 'Apply on its own when at most this % of items change',
  maxInvalidRows: '… and at most this many rows are invalid',
  save: 'Save and run',
  saving: COMMON_TEXTS.saving,
  saved: 'The sheet is saved; its first run is under way.',
  applied: 'The run is being applied.',
  removed: 'The sheet is no longer synced.',
} as const;

const STATUS_WORDS = {
  previewed: 'Previewed',
  running: 'Importing',
  succeeded: 'Imported',
  failed: 'Stopped',
  cancelled: 'Cancelled',
  undone: 'Undone',
} as const satisfies Record<ImportStatus, string>;

/** The import dialog, a running import's panel and the import history (issues 25 and 26). */
export const IMPORT_TEXTS = {
  /** An import's status on its panel while it runs or just after. */
  statuses: STATUS_WORDS,
  /** The same in the history, where a previewed import is one that never ran. */
  historyStatuses: { ...STATUS_WORDS, previewed: 'Previewed, not imported' },
  preview: 'Preview',
  reading: 'Reading...',
  readAgain: 'Read again',
  starting: 'Starting...',
  nothingToImport: 'Nothing to import',
  /** The start button with what it writes ("Import 12 products"). */
  importCount: (products: string) => `Import ${products}`,
  undoImport: 'Undo import',
  undoTitle: 'Undo this import?',
} as const;
