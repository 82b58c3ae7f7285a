import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * Stored files still to be removed (issue 25): an image's original and thumbnails once its row is deleted, and what a
 * failed upload or import left behind. A deletion writes its keys here in its own transaction, then removes the
 * files; a key whose file could not be removed (storage full, read-only, unreachable) stays, and the sweep
 * (images-tasks.ts) tries it again at start and periodically, later each time, until the storage lets it go.
 */
export const storageRemovals = pgTable(
  'storage_removals',
  {
    /** The storage key (items/<name>, thumbs/<width>/<name>.webp, share/<name>.jpg). */
    key: text('key').primaryKey(),
    /** Failed tries so far; the next waits longer. */
    attempts: integer('attempts').notNull().default(0),
    /** The storage's reason for the last failure (an errno code or S3's error name), for the operator. */
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('storage_removals_due_idx').on(t.nextAttemptAt)],
);
