import { sql } from 'drizzle-orm';
import type { ImportCounts, ImportPolicy, ImportRowError, ImportStatus } from '../../../common/schemas/imports';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/sql';
import type { Actor } from '../audit/audit.repo';
import { CHANGE_STATEMENT_TIMEOUT_MS, openChange } from '../changes/changes.repo';
import type { ImportValues } from './import-rows';

export type ImportMappingEntry = { header: string; field: string };

export type ImportResult = {
  created: number;
  updated: number;
  skipped: number;
  imagesFetched: number;
  imageFailures: ImportRowError[];
  message: string | null;
  undo: { restored: number; skipped: number } | null;
};

export type ImportRow = {
  id: string;
  status: ImportStatus;
  source: string;
  format: string;
  policy: ImportPolicy;
  actorEmail: string;
  mapping: ImportMappingEntry[];
  counts: Partial<ImportCounts>;
  errors: ImportRowError[];
  errorCount: number;
  newCategories: string[];
  total: number;
  processed: number;
  result: Partial<ImportResult>;
  cancelRequested: boolean;
  changeId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  heartbeatAt: Date | null;
};

const COLUMNS = sql.raw(`id, status, source, format, policy, actor_email as "actorEmail", mapping, counts, errors, error_count as "errorCount",
  new_categories as "newCategories", total, processed, result, cancel_requested as "cancelRequested", change_id as "changeId",
  created_at as "createdAt", started_at as "startedAt", finished_at as "finishedAt", heartbeat_at as "heartbeatAt"`);

/** The light columns, for the list and the job's polling: not the stored errors. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
const date = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

function toRow(r: Record<string, unknown>): ImportRow {
  return {
    ...(r as unknown as ImportRow),
    mapping: json(r.mapping),
    counts: json(r.counts),
    errors: json(r.errors),
    newCategories: json(r.newCategories),
    result: json(r.result),
    createdAt: new Date(r.createdAt as string),
    startedAt: date(r.startedAt),
    finishedAt: date(r.finishedAt),
    heartbeatAt: date(r.heartbeatAt),
  };
}

/** Staged rows go in at this many per statement (one JSON parameter each). */
const STAGE_CHUNK = 5000;

/** True when product `p` already has every field an import writes as row values `v` (aliases as SQL text). */
const same = (p: string, v: string) =>
  sql.raw(`${p}.title = ${v}->>'title' and ${p}.description = ${v}->>'description' and ${p}.brand = ${v}->>'brand'
  and lower(coalesce(nullif(btrim(${p}.category), ''), '')) = lower(coalesce(${v}->>'category', ''))
  and ${p}.gender is not distinct from ${v}->>'gender' and ${p}.price = (${v}->>'price')::numeric
  and ${p}.image is not distinct from ${v}->>'image' and ${p}.is_best_product = (${v}->>'isBestProduct')::boolean
  and ${p}.link is not distinct from ${v}->>'link'`);

export type StagedRow = { row: number; values: ImportValues };

export function createImportsRepo(database: Database) {
  const { db } = database;
  return {
    async categoryNames(): Promise<string[]> {
      return (await database.rows<{ name: string }>(sql`select name from categories`)).map((r) => r.name);
    },

    /** Stored images fetched earlier from these addresses: an import reuses them instead of fetching again. */
    async imagesBySource(urls: string[]): Promise<Map<string, string>> {
      if (urls.length === 0) return new Map();
      const rows = await database.rows<{ source: string; url: string }>(
        sql`select distinct on (source_url) source_url as source, url from images
            where source_url in (select jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb)) order by source_url, created_at`,
      );
      return new Map(rows.map((r) => [r.source, r.url]));
    },

    /** Previews older than a day were never confirmed: they and their staged rows go. */
    async dropStalePreviews(): Promise<void> {
      await database.rows(sql`delete from imports where status = 'previewed' and created_at < now() - interval '1 day'`);
    },

    /**
     * Records a preview and stages its valid rows, then sorts them in SQL: matched by id (ours, or the source's id),
     * else by buy link (the first product in row order with it); 'new' without a match, 'unchanged' when every
     * field is the same, else 'update'. Two rows that reach one product: the later one is refused.
     */
    async createPreview(preview: {
      source: string;
      format: string;
      policy: ImportPolicy;
      actor: Actor;
      mapping: ImportMappingEntry[];
      rows: StagedRow[];
    }): Promise<{ id: string; counts: Omit<ImportCounts, 'invalid'>; repeats: Array<{ row: number; first: number }> }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = ${sql.raw(String(CHANGE_STATEMENT_TIMEOUT_MS))}`);
        const [created] = ((await tx.execute(sql`
          insert into imports (source, format, policy, actor_id, actor_email, mapping)
          values (${preview.source}, ${preview.format}, ${preview.policy}, ${preview.actor.id}::uuid, ${preview.actor.email}, ${JSON.stringify(preview.mapping)}::jsonb)
          returning id`)) as unknown as { rows: Array<{ id: string }> }).rows;
        if (!created) throw new Error('insert returned no row');
        const id = created.id;
        for (let i = 0; i < preview.rows.length; i += STAGE_CHUNK) {
          const chunk = preview.rows.slice(i, i + STAGE_CHUNK).map((r) => ({ r: r.row, v: r.values }));
          await tx.execute(sql`
            insert into import_rows (import_id, row_number, action, values)
            select ${id}::uuid, (e->>'r')::int, 'new', e->'v' from jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) e`);
        }
        await tx.execute(sql`
          with matched as (
            select r.row_number, coalesce(
              (select p.id from products p where p.id = (r.values->>'id')::uuid),
              (select p.id from products p where p.source_id = r.values->>'sourceId'),
              (select p.id from products p where p.link = r.values->>'link' order by p.row limit 1)) as product_id
            from import_rows r where r.import_id = ${id}::uuid
          )
          update import_rows r set product_id = m.product_id
          from matched m where r.import_id = ${id}::uuid and r.row_number = m.row_number and m.product_id is not null`);
        const repeats = ((await tx.execute(sql`
          delete from import_rows r using (
            select row_number, min(row_number) over (partition by product_id) as first from import_rows
            where import_id = ${id}::uuid and product_id is not null
          ) d
          where r.import_id = ${id}::uuid and r.row_number = d.row_number and d.row_number <> d.first
          returning r.row_number as row, d.first`)) as unknown as { rows: Array<{ row: number; first: number }> }).rows;
        await tx.execute(sql`
          update import_rows r set action = case when ${same('p', 'r.values')} then 'unchanged' else 'update' end
          from products p
          where r.import_id = ${id}::uuid and p.id = r.product_id`);
        const [counted] = ((await tx.execute(sql`
          select count(*) filter (where action = 'new')::int as "new", count(*) filter (where action = 'update')::int as updated,
                 count(*) filter (where action = 'unchanged')::int as unchanged
          from import_rows where import_id = ${id}::uuid`)) as unknown as { rows: Array<Omit<ImportCounts, 'invalid'>> }).rows;
        return { id, counts: counted ?? { new: 0, updated: 0, unchanged: 0 }, repeats };
      });
    },

    async savePreviewResult(
      id: string,
      counts: ImportCounts,
      errors: ImportRowError[],
      errorCount: number,
      newCategories: string[],
    ): Promise<void> {
      await database.rows(sql`
        update imports set counts = ${JSON.stringify(counts)}::jsonb, errors = ${JSON.stringify(errors)}::jsonb,
          error_count = ${errorCount}, new_categories = ${JSON.stringify(newCategories)}::jsonb, total = ${counts.new + counts.updated}
        where id = ${id}::uuid`);
    },

    async find(id: string): Promise<ImportRow | null> {
      const [row] = await database.rows(sql`select ${COLUMNS} from imports where id = ${id}::uuid`);
      return row ? toRow(row) : null;
    },

    async recent(limit: number): Promise<ImportRow[]> {
      const rows = await database.rows(
        sql`select ${COLUMNS} from imports where status <> 'previewed' or created_at > now() - interval '1 day' order by created_at desc limit ${limit}`,
      );
      return rows.map(toRow);
    },

    /**
     * A 'running' import whose job has not written for `staleMs` lost its process (a restart, a crash): it is marked
     * failed, and what it wrote can be undone.
     */
    async failStale(staleMs: number): Promise<void> {
      await database.rows(sql`
        update imports set status = 'failed', finished_at = now(),
          result = result || jsonb_build_object('message', 'The server stopped while this import ran; what it wrote can be undone.')
        where status = 'running' and coalesce(heartbeat_at, started_at) < now() - make_interval(secs => ${staleMs / 1000})`);
    },

    /** Moves a previewed import to 'running' with its change record, once: a second commit finds it taken. */
    async claim(id: string, policy: ImportPolicy, actor: Actor, summary: string): Promise<ImportRow | null> {
      return db.transaction(async (tx) => {
        const [locked] = ((await tx.execute(sql`select id from imports where id = ${id}::uuid and status = 'previewed' for update`)) as unknown as {
          rows: unknown[];
        }).rows;
        if (!locked) return null;
        const changeId = await openChange(tx, 'import', summary, actor);
        const [row] = ((await tx.execute(sql`
          update imports set status = 'running', policy = ${policy}, change_id = ${changeId}::uuid, started_at = now(), heartbeat_at = now()
          where id = ${id}::uuid returning ${COLUMNS}`)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
        return row ? toRow(row) : null;
      });
    },

    async requestCancel(id: string): Promise<void> {
      await database.rows(sql`update imports set cancel_requested = true where id = ${id}::uuid and status = 'running'`);
      await database.rows(sql`update imports set status = 'cancelled', finished_at = now() where id = ${id}::uuid and status = 'previewed'`);
      await database.rows(sql`delete from import_rows where import_id = ${id}::uuid and exists (select 1 from imports where id = ${id}::uuid and status = 'cancelled')`);
    },

    /** The job's view: whether the operator asked to stop; writes the heartbeat. */
    async heartbeat(id: string, result: Partial<ImportResult>): Promise<boolean> {
      const [row] = await database.rows<{ cancel: boolean }>(sql`
        update imports set heartbeat_at = now(), result = ${JSON.stringify(result)}::jsonb
        where id = ${id}::uuid returning cancel_requested as cancel`);
      return row?.cancel ?? true;
    },

    /** Adds the categories the file names that the list lacks, at the end of the list. */
    async addCategories(names: string[]): Promise<void> {
      for (const name of names) {
        await database.rows(sql`
          insert into categories (name, relevance, description)
          select ${name}, coalesce(max(relevance), 0) + 1, '' from categories
          on conflict ((lower(name))) do nothing`);
      }
    },

    /** Distinct external image addresses of the rows to write, each with the first row that names it. */
    async externalImages(id: string): Promise<Array<{ url: string; row: number }>> {
      return database.rows<{ url: string; row: number }>(sql`
        select values->>'image' as url, min(row_number)::int as row from import_rows
        where import_id = ${id}::uuid and action in ('new', 'update') and values->>'image' ~* '^https?://'
        group by values->>'image' order by min(row_number)`);
    },

    async replaceImage(id: string, from: string, to: string): Promise<void> {
      await database.rows(sql`
        update import_rows set values = jsonb_set(values, '{image}', to_jsonb(${to}::text))
        where import_id = ${id}::uuid and values->>'image' = ${from}`);
    },

    /** The row numbers to write after `after`, `limit` of them: a batch is the rows between two of these. */
    async nextBatchEnd(id: string, after: number, limit: number): Promise<number | null> {
      const [row] = await database.rows<{ last: number | null }>(sql`
        select max(row_number)::int as last from (
          select row_number from import_rows where import_id = ${id}::uuid and action in ('new', 'update') and row_number > ${after}
          order by row_number limit ${limit}) b`);
      return row?.last ?? null;
    },

    /**
     * Writes one batch of rows in one transaction with the change's rows (what each product was, for Undo):
     * updates only where a field differs, new products in file order (an id or source id taken meanwhile is
     * skipped). Answers what it did and how many rows it covered.
     */
    async writeBatch(id: string, changeId: string, after: number, last: number): Promise<{ created: number; updated: number; skipped: number; rows: number }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = ${sql.raw(String(CHANGE_STATEMENT_TIMEOUT_MS))}`);
        const range = sql`r.import_id = ${id}::uuid and r.row_number > ${after} and r.row_number <= ${last}`;
        const [updated] = ((await tx.execute(sql`
          with batch as (
            select r.product_id, r.values as v from import_rows r where ${range} and r.action = 'update'
          ), changed as (
            update products p set title = b.v->>'title', description = b.v->>'description', brand = b.v->>'brand',
              category = case when lower(o.category) = lower(b.v->>'category') then o.category else b.v->>'category' end,
              gender = b.v->>'gender', price = (b.v->>'price')::numeric, image = b.v->>'image',
              is_best_product = (b.v->>'isBestProduct')::boolean, link = b.v->>'link',
              source_platform = b.v->>'sourcePlatform', source_item_id = b.v->>'sourceItemId', updated_at = now()
            from batch b join products o on o.id = b.product_id
            where p.id = b.product_id and not (${same('o', 'b.v')})
            returning p.id, p.updated_at, jsonb_build_object('title', o.title, 'description', o.description, 'brand', o.brand,
              'category', o.category, 'gender', o.gender, 'price', o.price, 'image', o.image, 'is_best_product', o.is_best_product,
              'link', o.link, 'source_platform', o.source_platform, 'source_item_id', o.source_item_id) as before
          ), logged as (
            insert into catalogue_change_rows (change_id, product_id, op, before, after)
            select ${changeId}::uuid, id, 'update', before, updated_at from changed
          )
          select (select count(*) from changed)::int as n, (select count(*) from batch)::int as total`)) as unknown as {
          rows: Array<{ n: number; total: number }>;
        }).rows;
        const [created] = ((await tx.execute(sql`
          with batch as (
            select r.row_number, r.values as v from import_rows r where ${range} and r.action = 'new'
          ), made as (
            insert into products (id, title, description, brand, category, gender, price, image, is_best_product, link, source_id,
                                  source_platform, source_item_id)
            select coalesce((v->>'id')::uuid, gen_random_uuid()), v->>'title', v->>'description', v->>'brand', v->>'category',
                   v->>'gender', (v->>'price')::numeric, v->>'image', (v->>'isBestProduct')::boolean, v->>'link', v->>'sourceId',
                   v->>'sourcePlatform', v->>'sourceItemId'
            from batch order by row_number
            on conflict do nothing
            returning id, updated_at
          ), logged as (
            insert into catalogue_change_rows (change_id, product_id, op, before, after)
            select ${changeId}::uuid, id, 'create', null, updated_at from made
          )
          select (select count(*) from made)::int as n, (select count(*) from batch)::int as total`)) as unknown as {
          rows: Array<{ n: number; total: number }>;
        }).rows;
        const rows = (updated?.total ?? 0) + (created?.total ?? 0);
        await tx.execute(sql`update imports set processed = processed + ${rows}, heartbeat_at = now() where id = ${id}::uuid`);
        // An update whose product is gone, or a new row whose id was taken meanwhile, is skipped; an update whose
        // product already has these values changed nothing and is not counted as skipped.
        const [gone] = ((await tx.execute(sql`
          select count(*)::int as n from import_rows r where ${range} and r.action = 'update'
          and not exists (select 1 from products p where p.id = r.product_id)`)) as unknown as { rows: Array<{ n: number }> }).rows;
        return {
          created: created?.n ?? 0,
          updated: updated?.n ?? 0,
          skipped: (gone?.n ?? 0) + (created?.total ?? 0) - (created?.n ?? 0),
          rows,
        };
      });
    },

    /** Closes a run: its outcome, and the staged rows go (the change keeps what Undo needs). */
    async finish(id: string, status: ImportStatus, result: ImportResult, record: (executor: Executor) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          update imports set status = ${status}, result = ${JSON.stringify(result)}::jsonb, finished_at = now(), heartbeat_at = now()
          where id = ${id}::uuid`);
        await tx.execute(sql`delete from import_rows where import_id = ${id}::uuid`);
        await record(tx);
      });
    },

    /** An image an import fetched, recorded with the address it came from. */
    async insertFetchedImage(
      file: { name: string; storageKey: string; url: string; contentType: string; sizeBytes: number; width: number; height: number },
      sourceUrl: string,
    ): Promise<void> {
      await database.rows(sql`
        insert into images (name, storage_key, url, content_type, size_bytes, width, height, source_url)
        values (${file.name}, ${file.storageKey}, ${file.url}, ${file.contentType}, ${file.sizeBytes}, ${file.width}, ${file.height}, ${sourceUrl})`);
    },

    async markUndone(executor: Executor, id: string, result: Partial<ImportResult>): Promise<void> {
      await executor.execute(sql`update imports set status = 'undone', result = ${JSON.stringify(result)}::jsonb where id = ${id}::uuid`);
    },
  };
}
export type ImportsRepo = ReturnType<typeof createImportsRepo>;

