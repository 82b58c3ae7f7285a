import { sql } from 'drizzle-orm';
import { keptMapping } from '../../../common/import-mapping';
import type { SyncRunStatus, SyncSchedule } from '../../../common/schemas/import-sources';
import type { ImportMapping } from '../../../common/schemas/imports';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql';
import type { Actor } from '../audit/audit.repo';

export type ImportSourceRow = {
  id: string;
  url: string;
  schedule: SyncSchedule;
  maxChangedPercent: number;
  maxInvalidRows: number;
  maxPriceDropPercent: number;
  mapping: ImportMapping;
  actorId: string | null;
  actorEmail: string;
  nextRunAt: Date;
  lastRunAt: Date | null;
  lastStatus: SyncRunStatus | null;
  lastMessage: string | null;
  lastImportId: string | null;
  createdAt: Date;
};

const COLUMNS = sql.raw(`id, url, schedule, max_changed_percent as "maxChangedPercent", max_invalid_rows as "maxInvalidRows",
  max_price_drop_percent as "maxPriceDropPercent", mapping,
  actor_id as "actorId", actor_email as "actorEmail", next_run_at as "nextRunAt", last_run_at as "lastRunAt",
  last_status as "lastStatus", last_message as "lastMessage", last_import_id as "lastImportId", created_at as "createdAt"`);

const date = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function toRow(r: Record<string, unknown>): ImportSourceRow {
  const mapping = typeof r.mapping === 'string' ? (JSON.parse(r.mapping) as Record<string, string>) : (r.mapping as Record<string, string>);
  return {
    id: String(r.id),
    url: String(r.url),
    schedule: r.schedule as SyncSchedule,
    maxChangedPercent: Number(r.maxChangedPercent),
    maxInvalidRows: Number(r.maxInvalidRows),
    maxPriceDropPercent: Number(r.maxPriceDropPercent),
    mapping: keptMapping(mapping),
    actorId: textOrNull(r.actorId),
    actorEmail: String(r.actorEmail),
    nextRunAt: new Date(r.nextRunAt as string),
    lastRunAt: date(r.lastRunAt),
    lastStatus: r.lastStatus === null || r.lastStatus === undefined ? null : (r.lastStatus as SyncRunStatus),
    lastMessage: textOrNull(r.lastMessage),
    lastImportId: textOrNull(r.lastImportId),
    createdAt: new Date(r.createdAt as string),
  };
}

/** The products whose price a run would cut by more than the sheet's limit: how many, and the first (by row). */
export type PriceDrops = { count: number; first: { title: string; from: number; to: number } | null };

/** What an admin sets for a sheet besides its address and mapping. */
export type SyncedSheetLimits = {
  schedule: SyncSchedule;
  maxChangedPercent: number;
  maxInvalidRows: number;
  maxPriceDropPercent: number;
};

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
    async create(input: { url: string; mapping: ImportMapping } & SyncedSheetLimits, actor: Actor): Promise<ImportSourceRow> {
      const [created] = await rowsOf<Record<string, unknown>>(
        database.db,
        sql`
        insert into import_sources (url, schedule, max_changed_percent, max_invalid_rows, max_price_drop_percent, mapping, actor_id, actor_email)
        values (${input.url}, ${input.schedule}, ${input.maxChangedPercent}, ${input.maxInvalidRows}, ${input.maxPriceDropPercent},
                ${JSON.stringify(input.mapping)}::jsonb,
                ${actor.id}::uuid, ${actor.email})
        returning ${COLUMNS}`,
      );
      if (!created) throw new Error('insert returned no row');
      return toRow(created);
    },

    /**
     * Changes a sheet's schedule and limits (only those given); a new schedule moves its next run to an interval after
     * its last one (or now, if that is sooner). Answers the row as it was and as it is; null when there is none.
     */
    async update(id: string, change: Partial<SyncedSheetLimits>): Promise<{ before: ImportSourceRow; after: ImportSourceRow } | null> {
      const [before] = await rowsOf<Record<string, unknown>>(
        database.db,
        sql`select ${COLUMNS} from import_sources where id = ${id}::uuid for update`,
      );
      if (!before) return null;
      const [after] = await rowsOf<Record<string, unknown>>(
        database.db,
        sql`
        update import_sources set
          schedule = coalesce(${change.schedule ?? null}, schedule),
          max_changed_percent = coalesce(${change.maxChangedPercent ?? null}::int, max_changed_percent),
          max_invalid_rows = coalesce(${change.maxInvalidRows ?? null}::int, max_invalid_rows),
          max_price_drop_percent = coalesce(${change.maxPriceDropPercent ?? null}::int, max_price_drop_percent),
          next_run_at = case when ${change.schedule ?? null}::text is null or ${change.schedule ?? null}::text = schedule then next_run_at
            else least(next_run_at, coalesce(last_run_at, now()) + (case ${change.schedule ?? null}::text when 'hourly' then interval '1 hour' else interval '1 day' end)) end
        where id = ${id}::uuid
        returning ${COLUMNS}`,
      );
      if (!after) return null;
      return { before: toRow(before), after: toRow(after) };
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

    /**
     * A run's updated products whose price the preview would cut by more than `percent` of it: how many, and the first
     * by row (a run then waits for an admin; issue 39). Prices are compared as staged, in the site's currency.
     */
    async priceDrops(importId: string, percent: number): Promise<PriceDrops> {
      const rows = await database.rows<{ n: number; title: string | null; from: string | null; to: string | null }>(sql`
        with dropped as (
          select r.row_number, p.title, p.price as "from", (r.values->>'price')::numeric as "to"
          from import_rows r join products p on p.id = r.product_id
          where r.import_id = ${importId}::uuid and r.action = 'update' and jsonb_typeof(r.values->'price') = 'number'
            and (r.values->>'price')::numeric < p.price * (1 - ${percent}::numeric / 100)
        )
        select (select count(*) from dropped)::int as n, d.title, d."from", d."to"
        from (select 1) one left join (select * from dropped order by row_number limit 1) d on true`);
      const row = rows[0];
      const count = Number(row?.n ?? 0);
      return {
        count,
        first: count > 0 && row?.title != null ? { title: row.title, from: Number(row.from), to: Number(row.to) } : null,
      };
    },
  };
}
export type ImportSourcesRepo = ReturnType<typeof createImportSourcesRepo>;
