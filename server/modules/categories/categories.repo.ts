import { asc, count, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories } from '../../db/schema/index';

export type CategoryRow = typeof categories.$inferSelect;

export function createCategoriesRepo({ db }: Database) {
  return {
    list(): Promise<CategoryRow[]> {
      return db
        .select()
        .from(categories)
        .orderBy(asc(categories.relevance), asc(sql`lower(${categories.name})`), asc(categories.id));
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(categories);
      return row?.n ?? 0;
    },
    /** Inserts the rows whose name is not taken yet (case-insensitively); safe when two processes race. */
    async insertMissing(rows: Array<{ name: string; relevance: number; description: string }>): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insert(categories)
        .values(rows)
        .onConflictDoNothing();
    },
  };
}
export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;
