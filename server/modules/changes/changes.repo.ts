import { sql } from 'drizzle-orm';
import type { ChangeKind, UndoResult } from '../../../common/schemas/changes';
import type { Database } from '../../db/client';
import { rowsOf, type Executor } from '../../db/sql';
import { DEFAULT_CHANGE_TIMEOUT_MS } from '../../db/types';
import type { Actor } from '../audit/audit.repo';
import { restoredAssignments, writtenColumnsOf, WRITTEN_COLUMNS } from '../catalogue/product-columns';
import { setPriceCause } from '../price-history/price-history.repo';

/** Undoing every product of a large import is longer work than a request's usual statement timeout allows. */
export const CHANGE_STATEMENT_TIMEOUT_MS = DEFAULT_CHANGE_TIMEOUT_MS;

/**
 * A product's columns as a change's `before` keeps them (jsonb with the column names), so Undo reads them back with
 * jsonb_populate_record(null::products, before) whatever the change wrote.
 */
export const PRODUCT_SNAPSHOT = (alias: string) =>
  sql.raw(`(to_jsonb(${alias}) - 'search_text' - 'admin_search_text' - 'brand_key' - 'group_key')`);

export type ChangeRow = { id: string; kind: ChangeKind; summary: string; undoneAt: Date | null };

/** Starts a change in the caller's transaction; its rows are written by the statements that make the change. */
export async function openChange(executor: Executor, kind: ChangeKind, summary: string, actor: Actor): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    executor,
    sql`insert into catalogue_changes (kind, summary, actor_id, actor_email) values (${kind}, ${summary}, ${actor.id}::uuid, ${actor.email}) returning id`,
  );
  if (!row) throw new Error('insert returned no row');
  // The prices this change sets are recorded as its own (the price history's trigger reads the cause).
  await setPriceCause(executor, { cause: kind, changeId: row.id, actorId: actor.id });
  return row.id;
}

/** Drops a change that touched nothing (there is nothing to undo). */
export async function dropChange(executor: Executor, id: string): Promise<void> {
  await executor.execute(sql`delete from catalogue_changes where id = ${id}::uuid`);
}

/** Undo of one change's rows, inside the caller's transaction (the change row is locked by the caller). */
async function undoRows(executor: Executor, changeId: string): Promise<UndoResult> {
  const [counts] = await rowsOf<{ restored: number; removed: number; recreated: number; total: number }>(
    executor,
    sql`with r as (
          select product_id, op, before, after from catalogue_change_rows where change_id = ${changeId}::uuid
        ), restored as (
          update products p set
            ${sql.raw(restoredAssignments('p', 'r.before', 'b'))},
            -- The source goes back with the link; a change kept before sources were (issue 16) forgets it with the link.
            source_platform = case when r.before ? 'source_platform' then b.source_platform
                                   when r.before ? 'link' and b.link is distinct from p.link then null else p.source_platform end,
            source_item_id = case when r.before ? 'source_platform' then b.source_item_id
                                  when r.before ? 'link' and b.link is distinct from p.link then null else p.source_item_id end,
            updated_at = now()
          from r cross join lateral jsonb_populate_record(null::products, r.before) b
          where r.op = 'update' and p.id = r.product_id and p.updated_at = r.after
          returning p.id
        ), removed as (
          delete from products p using r
          where r.op = 'create' and p.id = r.product_id and p.updated_at = r.after
          returning p.id
        ), recreated as (
          insert into products (id, number, row, shuffle_key, source_id, popularity, created_at, updated_at, ${sql.raw(WRITTEN_COLUMNS)})
          select b.id, b.number, b.row, b.shuffle_key, b.source_id, coalesce(b.popularity, 0), b.created_at, now(),
                 ${sql.raw(writtenColumnsOf('b'))}
          from r cross join lateral jsonb_populate_record(null::products, r.before) b
          where r.op = 'delete'
          on conflict do nothing
          returning number
        ), revived as (
          delete from deleted_products where number in (select number from recreated)
        )
        select (select count(*) from restored)::int as restored, (select count(*) from removed)::int as removed,
               (select count(*) from recreated)::int as recreated, (select count(*) from r)::int as total`,
  );
  // Pictures the change removed with its products (the demo catalogue's removal): their rows come back and their
  // files' removal is called off, while the files are still kept (storage_removals holds them for a while).
  await executor.execute(sql`
    with kept as (
      select c.before, c.keys from catalogue_change_images c
      where c.change_id = ${changeId}::uuid and exists (select 1 from storage_removals s where s.key = c.before->>'storage_key')
    ), restored as (
      insert into images select (jsonb_populate_record(null::images, kept.before)).* from kept on conflict do nothing returning id
    )
    delete from storage_removals where key in (select jsonb_array_elements_text(kept.keys) from kept)`);
  const restored = (counts?.restored ?? 0) + (counts?.removed ?? 0) + (counts?.recreated ?? 0);
  return { restored, skipped: (counts?.total ?? 0) - restored };
}

export type UndoDone = { change: ChangeRow; result: UndoResult };

/**
 * A change's statements. Run it inside a unit of work's transaction (server/db/unit-of-work.ts) with the change
 * limit: `undo` locks the change's row and must land with the audit entry the service writes after it.
 */
export function createChangesRepo(database: Database) {
  const { db } = database;
  return {
    /** Opens a change of `kind` (Undo reads it back); its rows are written by the statements that follow. */
    open(kind: ChangeKind, summary: string, actor: Actor): Promise<string> {
      return openChange(db, kind, summary, actor);
    },
    /** Drops a change that changed nothing (it would offer an Undo with nothing to take back). */
    drop(id: string): Promise<void> {
      return dropChange(db, id);
    },
    /**
     * Takes a change back: products it updated get the values they had, products it created are removed, products
     * it deleted come back with their id, number and row. A product someone changed since is left alone (counted
     * as skipped). null when there is no such change of these kinds; 'undone' when it was taken back already.
     */
    async undo(id: string, kinds: readonly ChangeKind[], actor: Actor): Promise<UndoDone | null | 'undone'> {
      const [change] = await rowsOf<{ id: string; kind: ChangeKind; summary: string; undoneAt: Date | string | null }>(
        db,
        sql`select id, kind, summary, undone_at as "undoneAt" from catalogue_changes where id = ${id}::uuid for update`,
      );
      if (!change || !kinds.includes(change.kind)) return null;
      if (change.undoneAt !== null) return 'undone';
      await setPriceCause(db, { cause: 'undo', changeId: id, actorId: actor.id });
      const result = await undoRows(db, id);
      await db.execute(sql`update catalogue_changes set undone_at = now(), undone_by = ${actor.email} where id = ${id}::uuid`);
      return { change: { id: change.id, kind: change.kind, summary: change.summary, undoneAt: new Date() }, result };
    },
  };
}
export type ChangesRepo = ReturnType<typeof createChangesRepo>;
