import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storageRemovals } from '../../db/schema/index';

/** Longest wait between two tries of one removal; the first retry comes after a minute, each next one twice later. */
export const REMOVAL_RETRY_MAX_MINUTES = 6 * 60;

/** The one writer of storage_removals: the stored files still to be removed (issue 25). */
export function createFileRemovalsRepo(database: Database) {
  const { db } = database;
  return {
    /**
     * Notes keys to remove, due at once; run it in the unit of work's transaction that deletes their record, so none
     * is forgotten.
     */
    async schedule(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await db
        .insert(storageRemovals)
        .values(keys.map((key) => ({ key })))
        .onConflictDoNothing();
    },

    /**
     * Notes keys to remove once `days` have passed (files a change removed that Undo may still want back); their
     * change's Undo cancels them with `cancel` in its own transaction.
     */
    async scheduleLater(keys: readonly string[], days: number): Promise<void> {
      if (keys.length === 0) return;
      await db.execute(sql`
        insert into storage_removals (key, next_attempt_at)
        select k, now() + make_interval(days => ${days}::int) from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) k
        on conflict (key) do nothing`);
    },

    /** Keys whose next try is due, the longest waiting first. */
    async due(limit: number): Promise<string[]> {
      const rows = await database.rows<{ key: string }>(
        sql`select key from storage_removals where next_attempt_at <= now() order by next_attempt_at, key limit ${limit}`,
      );
      return rows.map((r) => r.key);
    },

    /** Removed: forgotten. */
    async done(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await database.rows(
        sql`delete from storage_removals where key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
      );
    },

    /** Not removed this time: kept (added when new), with the reason, and tried again later (1, 2, 4... minutes, at most 6 hours). */
    async failed(failures: ReadonlyArray<{ key: string; reason: string }>): Promise<void> {
      if (failures.length === 0) return;
      await database.rows(sql`
        insert into storage_removals (key, attempts, last_error, next_attempt_at)
        select f->>'key', 1, f->>'reason', now() + interval '1 minute' from jsonb_array_elements(${JSON.stringify(failures)}::jsonb) f
        on conflict (key) do update set attempts = storage_removals.attempts + 1, last_error = excluded.last_error, updated_at = now(),
          next_attempt_at = now() + make_interval(mins => least(power(2, least(storage_removals.attempts, 16))::int, ${REMOVAL_RETRY_MAX_MINUTES}))`);
    },

    /** How many removals wait, and the oldest one's age: for the log. */
    async waiting(): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await database.rows<{ count: number; oldest: Date | string | null }>(
        sql`select count(*)::int as count, min(created_at) as oldest from storage_removals`,
      );
      return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },
  };
}
export type FileRemovalsRepo = ReturnType<typeof createFileRemovalsRepo>;
