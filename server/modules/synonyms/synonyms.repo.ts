import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { searchSynonyms } from '../../db/schema/index';

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
    async delete(id: string): Promise<boolean> {
      return (await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id })).length > 0;
    },
  };
}

export type SynonymsRepo = ReturnType<typeof createSynonymsRepo>;
