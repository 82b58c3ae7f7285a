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
  `id, title, description, brand, category, gender, price, image, is_best_product, link, row, shuffle_key, created_at, updated_at`,
);

/** Escapes LIKE wildcards so the visitor's text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterConditions(f: ListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    conditions.push(sql`(title ilike ${pattern} or description ilike ${pattern} or brand ilike ${pattern})`);
  }
  if (f.category) conditions.push(sql`lower(category) = lower(${f.category})`);
  if (f.gender) conditions.push(sql`gender = ${f.gender}`);
  if (f.best) conditions.push(sql`is_best_product`);
  return conditions;
}

function where(conditions: SQL[]): SQL {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

type RawRow = {
  id: string;
  title: string;
  description: string;
  brand: string;
  category: string | null;
  gender: Gender | null;
  price: string | number;
  image: string | null;
  is_best_product: boolean;
  link: string | null;
  row: number | null;
  shuffle_key: number;
  created_at: Date | string;
  updated_at: Date | string;
  phase: number;
};

function toRow(r: RawRow): ProductRow & { phase: 0 | 1 } {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    brand: r.brand,
    category: r.category,
    gender: r.gender,
    price: Number(r.price),
    image: r.image,
    isBestProduct: r.is_best_product,
    link: r.link,
    row: r.row,
    shuffleKey: r.shuffle_key,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    phase: r.phase === 1 ? 1 : 0,
  };
}

export function createCatalogueRepo(database: Database) {
  return {
    /**
     * One page of the visitor's rotation of the shuffled order, `limit` rows plus one to tell whether more exist.
     * Each phase is an index range scan on (shuffle_key, id); see cursor.ts for the order.
     */
    async listPage(filter: ListFilter, seed: number, limit: number, after: Cursor | undefined) {
      const base = filterConditions(filter);
      const take = limit + 1;
      const afterCond = (phase: 0 | 1) =>
        after && after.phase === phase ? [sql`(shuffle_key, id) > (${after.key}, ${after.id}::uuid)`] : [];
      const phase1 = sql`(select ${COLUMNS}, 1 as phase from products
          ${where([...base, sql`shuffle_key < ${seed}`, ...afterCond(1)])}
          order by shuffle_key, id limit ${take})`;
      const query =
        after?.phase === 1
          ? phase1
          : sql`select * from (
              (select ${COLUMNS}, 0 as phase from products
                ${where([...base, sql`shuffle_key >= ${seed}`, ...afterCond(0)])}
                order by shuffle_key, id limit ${take})
              union all ${phase1}) page
            order by phase, shuffle_key, id limit ${take}`;
      const rows = await database.rows<RawRow>(query);
      return rows.map(toRow);
    },
  };
}
export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>;
