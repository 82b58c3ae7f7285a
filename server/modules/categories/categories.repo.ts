import { asc, count, eq, sql } from 'drizzle-orm';
import type { CategoryNames } from '../../../common/catalogue-languages';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { categories, categoryTotals, products } from '../../db/schema/index';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryValues = { name: string; names: CategoryNames; relevance: number; description: string };

/** Products file their category by name, in any case. */
const inCategory = (name: string) => sql`lower(${products.category}) = lower(${name})`;

/** The category statements, over the database or over a unit of work's transaction (server/db/unit-of-work.ts). */
export function createCategoriesRepo({ db }: Database) {
  const order = [asc(categories.relevance), asc(sql`lower(${categories.name})`), asc(categories.id)];
  return {
    list(): Promise<CategoryRow[]> {
      return db
        .select()
        .from(categories)
        .orderBy(...order);
    },
    /** Every category with the number of products filed under it (kept in category_totals, migration 0014). */
    async listWithCounts(): Promise<Array<CategoryRow & { productCount: number }>> {
      return db
        .select({
          id: categories.id,
          name: categories.name,
          names: categories.names,
          relevance: categories.relevance,
          description: categories.description,
          createdAt: categories.createdAt,
          updatedAt: categories.updatedAt,
          productCount: sql<number>`coalesce((select ${categoryTotals.products} from ${categoryTotals} where ${categoryTotals.key} = lower(${categories.name})), 0)`,
        })
        .from(categories)
        .orderBy(...order);
    },
    /** Every category's name (an import spells its rows' categories as listed). */
    async names(): Promise<string[]> {
      return (await rowsOf<{ name: string }>(db, sql`select name from categories`)).map((r) => r.name);
    },
    /** Adds the categories an import names that the list lacks, each at the end of the list (one taken meanwhile stays). */
    async addAtEnd(names: readonly string[]): Promise<void> {
      for (const name of names) {
        await db.execute(sql`
          insert into categories (name, relevance, description)
          select ${name}, coalesce(max(relevance), 0) + 1, '' from categories
          on conflict ((lower(name))) do nothing`);
      }
    },
    /**
     * On an import's Undo, in its transaction: the categories it added (`names`, made at or after `since`, when it
     * started) that no product is in any more go. Answers their names.
     */
    async removeEmptySince(names: readonly string[], since: Date | null): Promise<string[]> {
      if (names.length === 0 || since === null) return [];
      const removed = await rowsOf<{ name: string }>(
        db,
        sql`
        delete from categories c
        where lower(c.name) in (select lower(jsonb_array_elements_text(${JSON.stringify(names)}::jsonb)))
          and c.created_at >= ${since.toISOString()}::timestamptz
          and coalesce((select t.products from category_totals t where t.key = lower(c.name)), 0) = 0
        returning c.name`,
      );
      return removed.map((r) => r.name).sort((a, b) => a.localeCompare(b));
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(categories);
      return row?.n ?? 0;
    },
    async findById(id: string): Promise<CategoryRow | null> {
      const [row] = await db.select().from(categories).where(eq(categories.id, id));
      return row ?? null;
    },
    /** The category with this name in any case. */
    async findByName(name: string): Promise<CategoryRow | null> {
      const [row] = await db
        .select()
        .from(categories)
        .where(sql`lower(${categories.name}) = lower(${name})`);
      return row ?? null;
    },
    /**
     * Inserts the rows whose name is not taken yet (case-insensitively); safe when two processes race. Answers the
     * names it inserted.
     */
    async insertMissing(rows: CategoryValues[]): Promise<string[]> {
      if (rows.length === 0) return [];
      const inserted = await db.insert(categories).values(rows).onConflictDoNothing().returning({ name: categories.name });
      return inserted.map((r) => r.name);
    },
    /** Throws a unique violation when the name is taken in any case. */
    async insert(values: CategoryValues): Promise<CategoryRow> {
      const [row] = await db.insert(categories).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    /**
     * Changes a category; a new name is written onto its products too (run it in the service's transaction, so they
     * stay in it). Answers the row before and after; null when there is no such category.
     */
    async update(id: string, values: CategoryValues): Promise<{ old: CategoryRow; row: CategoryRow; productsRenamed: number } | null> {
      const [old] = await db.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!old) return null;
      const [row] = await db
        .update(categories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(categories.id, id))
        .returning();
      if (!row) return null;
      let productsRenamed = 0;
      if (old.name !== values.name) {
        const renamed = await db
          .update(products)
          .set({ category: values.name, updatedAt: new Date() })
          .where(inCategory(old.name))
          .returning({ id: products.id });
        productsRenamed = renamed.length;
      }
      return { old, row, productsRenamed };
    },
    /**
     * Deletes a category. Its products move to the category `moveToId` names, or keep no category (they stay on the
     * storefront, under All). null when either category does not exist.
     */
    async delete(
      id: string,
      moveToId: string | undefined,
    ): Promise<{ row: CategoryRow; productsMoved: number; movedTo: string | null } | 'missing' | 'target-missing'> {
      const [old] = await db.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!old) return 'missing';
      let movedTo: string | null = null;
      if (moveToId) {
        const [target] = await db.select().from(categories).where(eq(categories.id, moveToId)).for('share');
        if (!target) return 'target-missing';
        movedTo = target.name;
      }
      const moved = await db
        .update(products)
        .set({ category: movedTo, updatedAt: new Date() })
        .where(inCategory(old.name))
        .returning({ id: products.id });
      await db.delete(categories).where(eq(categories.id, id));
      return { row: old, productsMoved: moved.length, movedTo };
    },
  };
}

export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;
