import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brandAliases, searchSynonyms } from '../../db/schema/index';
import type { BrandAlias } from '../../../common/import-derive';

export type SynonymRow = typeof searchSynonyms.$inferSelect;

/** The synonym statements, over the database or over a unit of work's transaction (server/db/unit-of-work.ts). */
export function createSynonymsRepo({ db }: Database) {
  return {
    list(): Promise<SynonymRow[]> {
      return db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.createdAt), asc(searchSynonyms.id));
    },
    /** The group, locked until the transaction ends (an edit compares with what it replaces). */
    async lock(id: string): Promise<SynonymRow | null> {
      const [row] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
      return row ?? null;
    },
    async insert(terms: string[]): Promise<SynonymRow> {
      const [row] = await db.insert(searchSynonyms).values({ terms }).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: string, terms: string[]): Promise<SynonymRow | null> {
      const [row] = await db.update(searchSynonyms).set({ terms, updatedAt: new Date() }).where(eq(searchSynonyms.id, id)).returning();
      return row ?? null;
    },
    /** The kept brand list (issue 40), or null while the default list stands. */
    async brandAliases(): Promise<BrandAlias[] | null> {
      const [row] = await db.select().from(brandAliases);
      return row ? (row.aliases as BrandAlias[]) : null;
    },
    /** The kept brand list, locked until the transaction ends; null while the default stands. */
    async lockBrandAliases(): Promise<BrandAlias[] | null> {
      const [row] = await db.select().from(brandAliases).for('update');
      return row ? (row.aliases as BrandAlias[]) : null;
    },
    async saveBrandAliases(aliases: BrandAlias[]): Promise<void> {
      await db
        .insert(brandAliases)
        .values({ id: 1, aliases })
        .onConflictDoUpdate({ target: brandAliases.id, set: { aliases, updatedAt: new Date() } });
    },
    async delete(id: string): Promise<boolean> {
      return (await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id })).length > 0;
    },
  };
}

export type SynonymsRepo = ReturnType<typeof createSynonymsRepo>;
