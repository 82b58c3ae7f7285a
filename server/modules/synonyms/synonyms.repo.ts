import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { searchSynonyms } from '../../db/schema/index';
import { inTransaction, type Executor } from '../../db/sql';

export type SynonymRow = typeof searchSynonyms.$inferSelect;

/** The synonym statements, over the database or (see `transaction`) over one transaction. */
function synonymQueries({ db }: Database) {
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

/** A transaction's view: the synonym statements run inside it, and `executor` is it (for the audit entry). */
export type SynonymsTx = { synonyms: ReturnType<typeof synonymQueries>; executor: Executor };

export function createSynonymsRepo(database: Database) {
  return {
    ...synonymQueries(database),
    /** Runs `work` in one transaction: a change and its audit entry both land, or (when it throws) neither. */
    transaction<T>(work: (tx: SynonymsTx) => Promise<T>): Promise<T> {
      return database.db.transaction((tx) => work({ synonyms: synonymQueries(inTransaction(database, tx)), executor: tx }));
    },
  };
}
export type SynonymsRepo = ReturnType<typeof createSynonymsRepo>;
