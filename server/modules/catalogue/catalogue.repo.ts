import { sql, type SQL } from 'drizzle-orm';
import type { Gender } from '../../../common/constants';
import type { Database } from '../../db/client';
import type { Cursor } from './cursor';

export type ProductRow = {
  id: string;
  title: string;
  description: string;
  brand: string;
  category: string | null;
  gender: Gender | null;
  price: number;
  image: string | null;
  isBestProduct: boolean;
  link: string | null;
  row: number | null;
  shuffleKey: number;
  createdAt: Date;
  updatedAt: Date;
};

export type ListFilter = {
  search?: string | undefined;
  category?: string | undefined;
  gender?: Gender | undefined;
  best?: boolean | undefined;
};

const COLUMNS = sql.raw(
  `id, title, description, brand, category, gender, price, image, is_best_product as "isBestProduct", link, row,
   shuffle_key as "shuffleKey", created_at as "createdAt", updated_at as "updatedAt"`,
);

/** Escapes LIKE wildcards so the visitor's text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterConditions(f: ListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    // search_text is title, description and brand joined by chr(31), which the search text never contains.
    conditions.push(sql`search_text ilike ${pattern}`);
  }
  if (f.category) conditions.push(sql`lower(category) = lower(${f.category})`);
  if (f.gender) conditions.push(sql`gender = ${f.gender}`);
  if (f.best) conditions.push(sql`is_best_product`);
  return conditions;
}

function where(conditions: SQL[]): SQL {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/** What the driver hands back: numeric as text, timestamps as Date (node-postgres) or text. */
type RawRow = Omit<ProductRow, 'price' | 'createdAt' | 'updatedAt'> & {
  price: string | number;
  createdAt: Date | string;
  updatedAt: Date | string;
  phase: number;
};

function toRow(r: RawRow): ProductRow & { phase: 0 | 1 } {
  return {
    ...r,
    price: Number(r.price),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
    phase: r.phase === 1 ? 1 : 0,
  };
}

export function createCatalogueRepo(database: Database) {
  return {
    /**
     * One page of the visitor's rotation of the shuffled order, `limit` rows plus one to tell whether more exist.
     * Each phase is one index range scan on (shuffle_key, id); see cursor.ts for the order. The second phase runs
     * only when the first runs out, so most pages cost one small statement to plan and run.
     */
    async listPage(filter: ListFilter, seed: number, limit: number, after: Cursor | undefined) {
      const base = filterConditions(filter);
      const take = limit + 1;
      const phase = async (p: 0 | 1, wanted: number) => {
        const conditions = [...base, p === 0 ? sql`shuffle_key >= ${seed}` : sql`shuffle_key < ${seed}`];
        if (after && after.phase === p) conditions.push(sql`(shuffle_key, id) > (${after.key}, ${after.id}::uuid)`);
        const rows = await database.rows<RawRow>(
          sql`select ${COLUMNS}, ${p}::int as phase from products ${where(conditions)} order by shuffle_key, id limit ${wanted}`,
        );
        return rows.map(toRow);
      };
      const first = after?.phase === 1 ? [] : await phase(0, take);
      return first.length >= take ? first : [...first, ...(await phase(1, take - first.length))];
    },
  };
}
export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>;
