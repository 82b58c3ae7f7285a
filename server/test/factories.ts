import type { Database } from '../db/client';
import { categories, products } from '../db/schema/index';
import { syncProductRowSequence } from '../modules/catalogue/catalogue.repo';

export type ProductOverrides = Partial<typeof products.$inferInsert>;

let counter = 0;

/** A valid product with readable defaults; tests override what they assert on. */
export function makeProduct(overrides: ProductOverrides = {}) {
  counter += 1;
  return {
    title: `Test Item ${counter}`,
    description: 'A plain test item.',
    brand: 'Testbrand',
    category: 'Shoes',
    gender: 'Men',
    price: 10 + counter,
    image: null,
    isBestProduct: false,
    link: `https://agent.example/item/${counter}`,
    ...overrides,
  };
}

/**
 * Inserts products; those without a row override are numbered by the column's sequence, after every product there.
 * Rows given explicitly move the sequence past them, as the demo catalogue's do.
 */
export async function insertProducts(database: Database, rows: ProductOverrides[]) {
  if (rows.length === 0) return [];
  await syncProductRowSequence(database.db);
  const inserted = await database.db
    .insert(products)
    .values(rows.map((r) => makeProduct(r)))
    .returning();
  await syncProductRowSequence(database.db);
  return inserted;
}

export async function insertCategories(
  database: Database,
  rows: Array<{ name: string; relevance?: number; description?: string; names?: Record<string, string> }>,
) {
  return database.db
    .insert(categories)
    .values(rows.map((r) => ({ name: r.name, names: r.names ?? {}, relevance: r.relevance ?? 0, description: r.description ?? '' })))
    .returning();
}

export async function clearCatalogue(database: Database) {
  await database.db.delete(products);
  await database.db.delete(categories);
}
