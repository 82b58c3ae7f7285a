import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { hasAuditEntry } from '../audit/audit.repo';

/** Serialises the one-time reading of products' sources between processes starting together. */
const BACKFILL_LOCK_ID = 16_012;

export type PendingLink = { id: string; link: string };
export type ReadSource = { id: string; platform: string; itemId: string };

/** The statements of the one-time reading of products' sources from their links (issue 16). */
export function createProductSourcesRepo(database: Database) {
  return {
    /** Whether the reading ran to its end once (its audit entry is the mark). */
    async done(): Promise<boolean> {
      return hasAuditEntry(database.db, 'products-source');
    },
    /** Products after `afterId` (in id order) with a link and no source: never read, or naming no item. */
    pendingAfter(afterId: string, limit: number): Promise<PendingLink[]> {
      return database.rows<PendingLink>(sql`
        select id, link from products
        where link is not null and source_platform is null and id > ${afterId}::uuid
        order by id limit ${limit}`);
    },
    /** Writes the sources read, only onto products whose link has not changed meanwhile and that still have none. */
    async setSources(sources: Array<ReadSource & { link: string }>): Promise<number> {
      if (sources.length === 0) return 0;
      const rows = await database.rows<{ id: string }>(sql`
        update products p set source_platform = s.platform, source_item_id = s.item_id
        from jsonb_to_recordset(${JSON.stringify(sources.map((s) => ({ id: s.id, platform: s.platform, item_id: s.itemId, link: s.link })))}::jsonb)
          as s(id uuid, platform text, item_id text, link text)
        where p.id = s.id and p.link = s.link and p.source_platform is null
        returning p.id`);
      return rows.length;
    },
    /**
     * Waits for any other process marking the reading done: an advisory lock held to the end of the transaction it
     * runs in (the service's, which writes the mark after it), so two processes finishing together write one mark.
     */
    async lockFinish(): Promise<void> {
      await database.db.execute(sql`select pg_advisory_xact_lock(${BACKFILL_LOCK_ID})`);
    },
  };
}
export type ProductSourcesRepo = ReturnType<typeof createProductSourcesRepo>;
