import { sql } from 'drizzle-orm';
import type { SyncRunStatus, SyncSchedule } from '../../../common/schemas/import-sources';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql';
import type { Actor } from '../audit/audit.repo';

export type ImportSourceRow = {
  id: string;
  url: string;
  schedule: SyncSchedule;
  maxChangedPercent: number;
  maxInvalidRows: number;
  mapping: Record<string, string>;
  actorId: string | null;
  actorEmail: string;
  nextRunAt: Date;
  lastRunAt: Date | null;
  lastStatus: SyncRunStatus | null;
  lastMessage: string | null;
  lastImportId: string | null;
  createdAt: Date;
};

const COLUMNS = sql.raw(`id, url, schedule, max_changed_percent as "maxChangedPercent", max_invalid_rows as "maxInvalidRows", mapping,
  actor_id as "actorId", actor_email as "actorEmail", next_run_at as "nextRunAt", last_run_at as "lastRunAt",
  last_status as "lastStatus", last_message as "lastMessage", last_import_id as "lastImportId", created_at as "createdAt"`);

const date = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

function toRow(r: Record<string, unknown>): ImportSourceRow {
  return {
    ...(r as unknown as ImportSourceRow),
    mapping: typeof r.mapping === 'string' ? (JSON.parse(r.mapping) as Record<string, string>) : (r.mapping as Record<string, string>),
    nextRunAt: new Date(r.nextRunAt as string),
    lastRunAt: date(r.lastRunAt),
    createdAt: new Date(r.createdAt as string),
  };
}

/** How long after a run (or now) the next one is due. */
export const SYNC_INTERVAL: Record<SyncSchedule, string> = { hourly: '1 hour', daily: '1 day' };

/** The only code that writes import_sources (and an import's link to the synced sheet that made it). */
export function createImportSourcesRepo(database: Database) {
  return {
    async list(): Promise<ImportSourceRow[]> {
      return (await database.rows(sql`select ${COLUMNS} from import_sources order by created_at, id`)).map(toRow);
    },

    async count(): Promise<number> {
      const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from import_sources`);
      return Number(row?.n ?? 0);
    },

    async find(id: string): Promise<ImportSourceRow | null> {
      const [row] = await database.rows(sql`select ${COLUMNS} from import_sources where id = ${id}::uuid`);
      return row ? toRow(row) : null;
    },

    /** Saves a synced sheet; its first run is due at once. */
    async create(
      input: { url: string; schedule: SyncSchedule; maxChangedPercent: number; maxInvalidRows: number; mapping: Record<string, string> },
      actor: Actor,
    ): Promise<ImportSourceRow> {
      const [created] = await rowsOf<Record<string, unknown>>(
        database.db,
        sql`
        insert into import_sources (url, schedule, max_changed_percent, max_invalid_rows, mapping, actor_id, actor_email)
        values (${input.url}, ${input.schedule}, ${input.maxChangedPercent}, ${input.maxInvalidRows}, ${JSON.stringify(input.mapping)}::jsonb,
                ${actor.id}::uuid, ${actor.email})
        returning ${COLUMNS}`,
      );
      if (!created) throw new Error('insert returned no row');
      return toRow(created);
    },

    /** Removes a synced sheet (its imports stay in the history); null when there was none. */
    async remove(id: string): Promise<ImportSourceRow | null> {
      const [removed] = await rowsOf<Record<string, unknown>>(
        database.db,
        sql`delete from import_sources where id = ${id}::uuid returning ${COLUMNS}`,
      );
      return removed ? toRow(removed) : null;
    },

    /**
     * Takes the next due sheet for this process and moves its next run on by its interval, in one statement:
     * processes asking at once each get a different sheet (skip locked), or none.
     */
    async claimDue(): Promise<ImportSourceRow | null> {
      const [row] = await database.rows(sql`
        update import_sources s set last_run_at = now(),
          next_run_at = now() + (case s.schedule when 'hourly' then interval '1 hour' else interval '1 day' end)
        where s.id = (select id from import_sources where next_run_at <= now() order by next_run_at for update skip locked limit 1)
        returning ${COLUMNS}`);
      return row ? toRow(row) : null;
    },

    /** A run asked for by hand: it counts as the sheet's run, the next scheduled one an interval later. */
    async claim(id: string): Promise<ImportSourceRow | null> {
      const [row] = await database.rows(sql`
        update import_sources s set last_run_at = now(),
          next_run_at = now() + (case s.schedule when 'hourly' then interval '1 hour' else interval '1 day' end)
        where s.id = ${id}::uuid returning ${COLUMNS}`);
      return row ? toRow(row) : null;
    },

    async recordRun(id: string, status: SyncRunStatus, message: string, importId: string | null): Promise<void> {
      await database.rows(sql`
        update import_sources set last_status = ${status}, last_message = ${message.slice(0, 500)}, last_import_id = ${importId}::uuid
        where id = ${id}::uuid`);
    },

    /** Marks an import as a synced sheet's run (its history row says so). */
    async linkImport(importId: string, sourceId: string): Promise<void> {
      await database.rows(sql`update imports set source_id = ${sourceId}::uuid where id = ${importId}::uuid`);
    },

    /** A run's preview that would change nothing is not kept: the history lists what changed something or waits. */
    async dropPreview(importId: string): Promise<void> {
      await database.rows(sql`delete from imports where id = ${importId}::uuid and status = 'previewed'`);
    },

    /** The catalogue's product count, the base of a run's "changed" share. */
    async productTotal(): Promise<number> {
      const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from products`);
      return Number(row?.n ?? 0);
    },
  };
}
export type ImportSourcesRepo = ReturnType<typeof createImportSourcesRepo>;
