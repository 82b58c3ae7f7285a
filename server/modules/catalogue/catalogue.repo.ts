import { visibleProduct } from './visibility';
import { sql, type SQL } from 'drizzle-orm';
import { PRICE_MAX, TITLE_MAX_LENGTH } from '../../../common/admin-constants';
import type { Gender } from '../../../common/constants';
import { titledLanguages, type ContentLangCode } from '../../../common/catalogue-languages';
import type { BulkAction, BulkEditBody } from '../../../common/schemas/changes';
import type { AdminProductSort } from '../../../common/schemas/product';
import type { Database } from '../../db/client';
import { escapeLike, rowsOf } from '../../db/sql';
import { PRODUCT_SNAPSHOT } from '../changes/changes.repo';
import {
  PRODUCT_COLUMNS,
  productAssignments,
  productInsert,
  toProductRow,
  type ProductRow,
  type ProductValues,
  type RawProductRow,
} from './product-columns';
import { finderQueries } from './finder.repo';
import { qcPhotosOf } from '../qc/qc.repo';
import { storedImageSize } from '../images/images.repo';
import { BAND_FLIPS, colourCloseSql, phashBandsSql, SAME_PHOTO_MAX_DISTANCE } from '../images/same-photo';
import { priceHistoryOf, setPriceCause, type PriceCause } from '../price-history/price-history.repo';

export type ListFilter = {
  search?: string | undefined;
  category?: string | undefined;
  gender?: Gender | undefined;
  best?: boolean | undefined;
};

function filterConditions(f: ListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    // search_text is title, brand and description, lower case, joined by chr(31), which the search text never contains.
    conditions.push(sql`search_text like lower(${pattern})`);
  }
  if (f.category) conditions.push(sql`lower(category) = lower(${f.category})`);
  if (f.gender) conditions.push(sql`gender = ${f.gender}`);
  if (f.best) conditions.push(sql`is_best_product`);
  return conditions;
}

export type AdminFilter = Omit<ListFilter, 'best'> & {
  best?: boolean | undefined;
  picture?: 'none' | 'some' | undefined;
  link?: 'none' | 'some' | undefined;
  group?: string | undefined;
};

/**
 * The categories (lowered) whose name contains `pattern`, from the kept counts (category_totals: a handful of names,
 * not every row), so the admin search can match a product's category without reading every product.
 */
const categoriesLike = (pattern: string) => sql`array(select key from category_totals where products > 0 and key ilike ${pattern})`;

/** The admin list's filters: its search also looks in the category, and best=false lists the others. */
function adminConditions(f: AdminFilter): SQL[] {
  const conditions = filterConditions({ ...f, search: undefined, best: undefined });
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    // The same as one column of all four fields joined by chr(31), which the search text never contains, but without
    // a second trigram index to write on every update (decision 0033): the finder's index, or the category's.
    conditions.push(sql`(search_text like lower(${pattern}) or lower(category) = any(${categoriesLike(pattern)}))`);
  }
  if (f.best === true) conditions.push(sql`is_best_product`);
  if (f.best === false) conditions.push(sql`not is_best_product`);
  if (f.picture === 'none') conditions.push(sql`coalesce(image, '') = ''`);
  if (f.picture === 'some') conditions.push(sql`coalesce(image, '') <> ''`);
  if (f.link === 'none') conditions.push(sql`coalesce(link, '') = ''`);
  if (f.link === 'some') conditions.push(sql`coalesce(link, '') <> ''`);
  if (f.group) conditions.push(sql`group_key = ${f.group}`);
  return conditions;
}

const ORDER_BY: Record<AdminProductSort, string> = {
  row: 'row',
  title: 'lower(title), row',
  price: 'price, row',
  'price-desc': 'price desc, row',
  updated: 'updated_at desc, row',
};

/** Which products a bulk action is about: ids ticked on screen, or every product matching the list's filters. */
export type BulkTarget = { ids: string[] } | { filter: AdminFilter };

function targetCondition(target: BulkTarget): SQL {
  if ('ids' in target) return sql`id in (select jsonb_array_elements_text(${JSON.stringify(target.ids)}::jsonb)::uuid)`;
  const conditions = adminConditions(target.filter);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/** The characters a POSIX regular expression gives a meaning to: escaped, find-and-replace looks for the text itself. */
const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|]/g;

/**
 * The column a bulk action writes and its new value, as an expression over `o.value` (the column's value before):
 * the same for every item (set-*), or worked out per item (a price change rounded as prices are, a title's
 * find-and-replace). A value that cannot be stored (a title left empty or too long) stays as it was.
 */
function bulkChange(action: Exclude<BulkAction, { type: 'delete' }>): { column: string; value: SQL; shown?: (value: SQL) => SQL } {
  switch (action.type) {
    case 'set-category':
      return { column: 'category', value: sql`${action.category}::text` };
    case 'set-gender':
      return { column: 'gender', value: sql`${action.gender}::text` };
    case 'set-best':
      return { column: 'is_best_product', value: sql`${action.isBestProduct}::boolean` };
    case 'set-price':
      return { column: 'price', value: sql`${action.price}::numeric(12, 2)` };
    case 'adjust-price':
      return {
        column: 'price',
        value: sql`least(${PRICE_MAX}::numeric, greatest(0.01, round(o.value * (100 + ${action.percent}::numeric) / 100, 2)))::numeric(12, 2)`,
      };
    case 'set-brand':
      return { column: 'brand', value: sql`${action.brand}::text` };
    case 'set-description':
      return { column: 'description', value: sql`${action.description}::text` };
    case 'remove-translation':
      // The preview shows the language's title (else its description) going.
      return {
        column: 'translations',
        value: sql`(o.value - ${action.lang}::text)`,
        shown: (value) => sql`coalesce((${value})->${action.lang}::text->>'title', (${value})->${action.lang}::text->>'description', '')`,
      };
    case 'replace-title': {
      const pattern = action.find.replace(REGEX_SPECIAL, '\\$&');
      const replacement = action.replace.replace(/\\/g, '\\\\');
      const replaced = sql`regexp_replace(o.value, ${pattern}::text, ${replacement}::text, 'gi')`;
      return {
        column: 'title',
        value: sql`(case when btrim(${replaced}) <> '' and length(btrim(${replaced})) <= ${TITLE_MAX_LENGTH} then btrim(${replaced}) else o.value end)`,
      };
    }
  }
}

/** Where the admin list's counts stand: every product, and how many statements have written products so far. */
export type ProductTotals = { products: number; changes: number };

/** What remains of a deleted product (deleted_products, written by a trigger). */
export type DeletedProduct = { number: number; title: string; category: string | null; gender: Gender | null };

/** A jsonb list of texts as the driver hands it back (parsed, or as text). */
const jsonList = (value: string[] | string | null): string[] =>
  typeof value === 'string' ? (JSON.parse(value) as string[]) : (value ?? []);

/** One line of a product sitemap. */
export type SitemapEntry = {
  number: number;
  title: string;
  updatedAt: Date;
  /** The languages its title is translated into (issue 41): its pages there are listed too. */
  translatedInto: ContentLangCode[];
};

function where(conditions: SQL[]): SQL {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/** The product statements, over the database or over a unit of work's transaction (server/db/unit-of-work.ts). */
function productQueries(database: Database) {
  return {
    /**
     * One page of the admin list, by row (unique since migration 0006), with the kept totals read in the same
     * statement (one round trip less per page; a page past the end still has them).
     */
    async listAdminPage(
      filter: AdminFilter,
      page: number,
      pageSize: number,
      sort: AdminProductSort = 'row',
    ): Promise<{ rows: ProductRow[]; totals: ProductTotals }> {
      const found = await database.rows<Partial<RawProductRow> & { totalProducts: number | string; totalChanges: number | string }>(sql`
        select t.products as "totalProducts", t.changes as "totalChanges", p.*
        from product_totals t
        left join lateral (
          select ${PRODUCT_COLUMNS} from products ${where(adminConditions(filter))}
          order by ${sql.raw(ORDER_BY[sort])} limit ${pageSize} offset ${(page - 1) * pageSize}
        ) p on true`);
      const first = found[0];
      return {
        rows: found.filter((r) => r.id != null).map((r) => toProductRow(r as RawProductRow)),
        totals: { products: Number(first?.totalProducts ?? 0), changes: Number(first?.totalChanges ?? 0) },
      };
    },

    /** The kept totals (migration 0009): one row, not a count over the table. */
    async totals(): Promise<ProductTotals> {
      const [row] = await database.rows<{ products: number | string; changes: number | string }>(
        sql`select products, changes from product_totals`,
      );
      return { products: Number(row?.products ?? 0), changes: Number(row?.changes ?? 0) };
    },

    /**
     * How many products match, with the `changes` of the same snapshot (one statement), so the count can be
     * remembered until the catalogue next changes.
     */
    async countAdmin(filter: AdminFilter): Promise<{ total: number; changes: number }> {
      const query = sql`select count(*)::int as total, (select changes from product_totals) as changes
                        from products ${where(adminConditions(filter))}`;
      const toCount = (row: { total: number; changes: number | string } | undefined) => ({
        total: Number(row?.total ?? 0),
        changes: Number(row?.changes ?? 0),
      });
      if (!filter.search) return toCount((await database.rows<{ total: number; changes: number | string }>(query))[0]);
      // PostgreSQL prices ILIKE like "=", and a GIN pending list (PGlite never vacuums it away) makes the trigram
      // index look dear: it would rather run ILIKE on every row to count, ten times slower. Told not to, here only.
      return database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        // The setting prices the one-row totals table's scan in the billions, which would make PostgreSQL compile
        // the plan (JIT, ~0.5 s), and the category list's guess (any category could match) makes it start parallel
        // workers (~150 ms on a busy machine): both for a count that takes milliseconds on its own.
        await tx.execute(sql`set local jit = off`);
        await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
        const [row] = await rowsOf<{ total: number; changes: number | string }>(tx, query);
        return toCount(row);
      });
    },

    async findByNumber(number: number): Promise<ProductRow | null> {
      const [row] = await database.rows<RawProductRow>(sql`select ${PRODUCT_COLUMNS} from products where number = ${number}`);
      return row ? toProductRow(row) : null;
    },

    /** The products with these numbers (a guide's cards, issue 43); a hidden product (its link gone) is left out. */
    async findByNumbers(numbers: number[]): Promise<ProductRow[]> {
      if (numbers.length === 0) return [];
      const rows = await database.rows<RawProductRow>(
        sql`select ${PRODUCT_COLUMNS} from products where number = any(${`{${numbers.join(',')}}`}::int[]) and ${visibleProduct()}`,
      );
      return rows.map(toProductRow);
    },

    async findDeleted(number: number): Promise<DeletedProduct | null> {
      const [row] = await database.rows<DeletedProduct>(
        sql`select number, title, category, gender from deleted_products where number = ${number}`,
      );
      return row ?? null;
    },

    /**
     * Up to `limit` products around a point of the shuffled ring (the order never changes, so a page's related
     * products stay put): first those of `category` (the shuffled index's rows of that category), then any others.
     * Each step is an index range scan from the point, wrapping round to the start when it runs out.
     */
    async around(point: { key: number; id: string }, category: string | null, limit: number, excludeId?: string) {
      const picked: ProductRow[] = [];
      const seen = new Set(excludeId ? [excludeId] : []);
      const take = async (conditions: SQL[]) => {
        for (const side of [
          sql`(shuffle_key, id) > (${point.key}, ${point.id}::uuid)`,
          sql`(shuffle_key, id) <= (${point.key}, ${point.id}::uuid)`,
        ]) {
          const wanted = limit - picked.length;
          if (wanted <= 0) return;
          const notSeen = seen.size
            ? [
                sql`id not in (${sql.join(
                  [...seen].map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`,
              ]
            : [];
          const rows = await database.rows<RawProductRow>(
            sql`select ${PRODUCT_COLUMNS} from products ${where([visibleProduct(), ...conditions, side, ...notSeen])} order by shuffle_key, id limit ${wanted}`,
          );
          for (const row of rows) {
            seen.add(row.id);
            picked.push(toProductRow(row));
          }
        }
      };
      if (category?.trim()) await take([sql`lower(category) = lower(${category})`]);
      await take([]);
      return picked;
    },

    /** The largest product number ever handed out (deleted ones included), for sizing the sitemaps. */
    async maxNumber(): Promise<number> {
      const [row] = await database.rows<{ n: number | null }>(
        sql`select greatest((select max(number) from products), (select max(number) from deleted_products))::int as n`,
      );
      return row?.n ?? 0;
    },

    /** Products numbered first..last, in number order (a range of the unique number index). */
    async sitemapRange(first: number, last: number): Promise<SitemapEntry[]> {
      const rows = await database.rows<{ number: number; title: string; updatedAt: Date | string; titled: string[] | string | null }>(
        sql`select number, title, updated_at as "updatedAt",
              case when translations = '{}'::jsonb then null
                   else (select jsonb_agg(e.key) from jsonb_each(translations) e where coalesce(e.value->>'title', '') <> '') end as titled
            from products where number between ${first} and ${last} and ${visibleProduct()} order by number`,
      );
      return rows.map((r) => ({
        number: r.number,
        title: r.title,
        updatedAt: new Date(r.updatedAt),
        translatedInto: titledLanguages(Object.fromEntries(jsonList(r.titled).map((code) => [code, { title: code }]))),
      }));
    },

    /**
     * Which product sitemap files of other languages have an address (issue 41): the numbers of the files (of
     * `chunkSize` products each, from 1) holding a product whose title is translated into each language.
     */
    async translatedSitemapFiles(chunkSize: number): Promise<Array<{ lang: string; file: number }>> {
      const rows = await database.rows<{ lang: string; file: number }>(
        sql`select distinct e.key as lang, ((number - 1) / ${chunkSize})::int + 1 as file
            from products cross join lateral jsonb_each(translations) e
            where translations <> '{}'::jsonb and coalesce(e.value->>'title', '') <> ''
            order by 1, 2`,
      );
      return rows.map((r) => ({ lang: r.lang, file: Number(r.file) }));
    },

    /**
     * Reads a product and locks its row until the transaction ends, so the values an edit's audit entry compares
     * against are the ones it replaces (a concurrent edit waits). Only meaningful inside a unit of work's transaction.
     */
    async lockById(id: string): Promise<ProductRow | null> {
      const [row] = await database.rows<RawProductRow>(sql`select ${PRODUCT_COLUMNS} from products where id = ${id}::uuid for update`);
      return row ? toProductRow(row) : null;
    },

    async findById(id: string): Promise<ProductRow | null> {
      const [row] = await database.rows<RawProductRow>(sql`select ${PRODUCT_COLUMNS} from products where id = ${id}::uuid`);
      return row ? toProductRow(row) : null;
    },

    /**
     * The first product (lowest number) of a seller item: its group is the marketplace and item id (group_key,
     * indexed). The link converter shows it as the item's card (issue 29).
     */
    async findBySource(source: { platform: string; itemId: string }): Promise<ProductRow | null> {
      const [row] = await database.rows<RawProductRow>(
        sql`select ${PRODUCT_COLUMNS} from products where group_key = ${`${source.platform}:${source.itemId}`}::text order by number limit 1`,
      );
      return row ? toProductRow(row) : null;
    },

    /** The products with these ids that exist, in no particular order (favourites, a browser's saved finds). */
    async findByIds(ids: readonly string[]): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      const rows = await database.rows<RawProductRow>(
        sql`select ${PRODUCT_COLUMNS} from products where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
      );
      return rows.map((r) => toProductRow(r));
    },

    /**
     * Adds a product after the last row number, so the admin list shows it at the end. The number comes from the
     * column's sequence: concurrent creates each get their own (max(row) + 1 gave them the same one, issue 13).
     */
    async insert(values: ProductValues, cause?: PriceCause): Promise<ProductRow> {
      if (cause) await setPriceCause(database.db, cause);
      const written = productInsert(values);
      const [row] = await database.rows<RawProductRow>(sql`
        insert into products (${written.columns}) values (${written.values})
        returning ${PRODUCT_COLUMNS}`);
      if (!row) throw new Error('insert returned no row');
      return toProductRow(row);
    },

    async update(id: string, values: ProductValues, cause?: PriceCause): Promise<ProductRow | null> {
      if (cause) await setPriceCause(database.db, cause);
      const [row] = await database.rows<RawProductRow>(sql`
        update products set ${productAssignments(values)}, updated_at = now()
        where id = ${id}::uuid
        returning ${PRODUCT_COLUMNS}`);
      return row ? toProductRow(row) : null;
    },

    /** Up to `limit` products after row `afterRow` matching the filters, in row order: an export's next batch. */
    async exportBatch(filter: AdminFilter, afterRow: number, limit: number): Promise<ProductRow[]> {
      const rows = await database.rows<RawProductRow>(
        sql`select ${PRODUCT_COLUMNS} from products ${where([...adminConditions(filter), sql`row > ${afterRow}`])} order by row limit ${limit}`,
      );
      return rows.map((r) => toProductRow(r));
    },

    /** How many products each of these groups holds (the admin cards' "N colours"). */
    async groupSizes(keys: readonly string[]): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows = await database.rows<{ key: string; n: number }>(sql`
        select group_key as key, count(*)::int as n from products
        where group_key in (select jsonb_array_elements_text(${JSON.stringify([...new Set(keys)])}::jsonb)) group by group_key`);
      return new Map(rows.map((r) => [r.key, Number(r.n)]));
    },

    /** The other products of a group (a product page's other colours), in row order, at most `limit`. */
    async groupOthers(key: string, excludeId: string, limit: number): Promise<ProductRow[]> {
      const rows = await database.rows<RawProductRow>(
        sql`select ${PRODUCT_COLUMNS} from products where group_key = ${key} and id <> ${excludeId}::uuid and ${visibleProduct()} order by row limit ${limit}`,
      );
      return rows.map((r) => toProductRow(r));
    },

    /**
     * Products of other sellers whose picture is the same photo as this one's (issue 29, decision 0068): pictures
     * within SAME_PHOTO_MAX_DISTANCE bits of its hash and SAME_PHOTO_MAX_COLOUR_STEP of its colour, found through the
     * hash quarters' GIN index (68 keys), then the products showing them (products_image_number_idx), other than this one
     * and its group's (its colours, shown apart), and those the link checks hid (their seller's item is gone). Cheapest first, at most `limit`, with how many there are in all.
     */
    async samePhotoOthers(
      product: { id: string; image: string; groupKey: string | null },
      limit: number,
    ): Promise<{ rows: ProductRow[]; total: number }> {
      const rows = await database.rows<RawProductRow & { total: number }>(sql`
        with me as (
          select phash, mean_colour from images where url = ${product.image} and phash is not null limit 1
        ), probes as (
          select array_agg(b * 65536 + (substring(me.phash from b * 16 + 1 for 16)::integer # f)) as keys
          from me, generate_series(0, 3) b, unnest(${`{${BAND_FLIPS.join(',')}}`}::integer[]) f
        ), near as (
          select i.url from images i, me, probes
          where i.phash is not null and ${sql.raw(phashBandsSql('i'))} && probes.keys
            and bit_count(i.phash # me.phash) <= ${SAME_PHOTO_MAX_DISTANCE}
            and ${sql.raw(colourCloseSql('i.mean_colour', 'me.mean_colour'))}
        )
        select ${PRODUCT_COLUMNS}, count(*) over ()::int as total from products
        where image in (select url from near) and id <> ${product.id}::uuid and ${visibleProduct()}
          ${product.groupKey ? sql`and group_key is distinct from ${product.groupKey}` : sql``}
        order by price, number limit ${limit}`);
      return { rows: rows.map((r) => toProductRow(r)), total: Number(rows[0]?.total ?? 0) };
    },

    /** Other products with this buy link (the item form warns about them), in row order. */
    async withLink(link: string, excludeId: string | undefined): Promise<Array<{ id: string; number: number; title: string }>> {
      return database.rows<{ id: string; number: number; title: string }>(
        sql`select id, number, title from products where link = ${link} ${excludeId ? sql`and id <> ${excludeId}::uuid` : sql``} order by row limit 5`,
      );
    },

    async delete(id: string): Promise<boolean> {
      const rows = await database.rows<{ id: string }>(sql`delete from products where id = ${id}::uuid returning id`);
      return rows.length > 0;
    },
  };
}

export function createCatalogueRepo(database: Database) {
  return {
    ...productQueries(database),
    ...finderQueries(database),
    /** A product's QC photos in order (its page shows them). */
    qcPhotos: (productId: string) => qcPhotosOf(database, productId),
    /** A product's prices over time and its lowest (issue 29); null before its first is recorded. */
    priceHistory: (productId: string) => priceHistoryOf(database, productId),
    /** The stored size of a product's picture when it is one of ours (its link preview's size is derived from it). */
    imageSize: (url: string) => storedImageSize(database, url),
    /** How many products a bulk action's selection holds now. */
    async countTarget(target: BulkTarget): Promise<number> {
      const [counted] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from products where ${targetCondition(target)}`,
      );
      return counted?.n ?? 0;
    },

    /**
     * A bulk action's statement, logging what each product was into the change `changeId` (for Undo); answers how
     * many products it changed. Run it in a unit of work's transaction with the change limit (catalogue.service.ts, the admin's).
     */
    async bulkApply(target: BulkTarget, action: BulkEditBody['action'], changeId: string): Promise<number> {
      const rows = async <T>(query: SQL) => rowsOf<T>(database.db, query);
      const condition = targetCondition(target);
      if (action.type === 'delete') {
        const [gone] = await rows<{ n: number }>(sql`
          with gone as (
            delete from products p where ${condition} returning p.id, ${PRODUCT_SNAPSHOT('p')} as before
          ), logged as (
            insert into catalogue_change_rows (change_id, product_id, op, before, after)
            select ${changeId}::uuid, id, 'delete', before, null from gone
          )
          select count(*)::int as n from gone`);
        return gone?.n ?? 0;
      }
      const change = bulkChange(action);
      const column = sql.raw(change.column);
      const [done] = await rows<{ n: number }>(sql`
        with old as (
          select id, ${column} as value from products where ${condition} for update
        ), changed as (
          update products p set ${column} = ${change.value}, updated_at = now()
          from old o where p.id = o.id and o.value is distinct from ${change.value}
          returning p.id, p.updated_at, jsonb_build_object(${change.column}::text, o.value) as before
        ), logged as (
          insert into catalogue_change_rows (change_id, product_id, op, before, after)
          select ${changeId}::uuid, id, 'update', before, updated_at from changed
        )
        select count(*)::int as n from changed`);
      return done?.n ?? 0;
    },

    /** What a bulk action would change, without changing anything: the count and the first changes in row order. */
    async bulkPreview(
      target: BulkTarget,
      action: BulkAction,
      samples: number,
    ): Promise<{ selected: number; changed: number; samples: Array<{ number: number; title: string; from: string; to: string }> }> {
      const condition = targetCondition(target);
      if (action.type === 'delete') {
        const [counted] = await database.rows<{ n: number }>(sql`select count(*)::int as n from products where ${condition}`);
        const first = await database.rows<{ number: number; title: string }>(
          sql`select number, title from products where ${condition} order by row limit ${samples}`,
        );
        return { selected: counted?.n ?? 0, changed: counted?.n ?? 0, samples: first.map((r) => ({ ...r, from: r.title, to: '' })) };
      }
      const change = bulkChange(action);
      const column = sql.raw(change.column);
      const shown = change.shown ?? ((value: SQL) => sql`(${value})::text`);
      const [counts] = await database.rows<{ selected: number; changed: number }>(sql`
        select count(*)::int as selected, count(*) filter (where o.value is distinct from ${change.value})::int as changed
        from (select ${column} as value from products where ${condition}) o`);
      const first = await database.rows<{ number: number; title: string; from: string | null; to: string | null }>(sql`
        select o.number, o.title, ${shown(sql`o.value`)} as "from", ${shown(change.value)} as "to"
        from (select number, title, row, ${column} as value from products where ${condition}) o
        where o.value is distinct from ${change.value}
        order by o.row limit ${samples}`);
      return {
        selected: counts?.selected ?? 0,
        changed: counts?.changed ?? 0,
        samples: first.map((r) => ({ number: r.number, title: r.title, from: r.from ?? '', to: r.to ?? '' })),
      };
    },
  };
}
export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>;

/**
 * For inserts that number rows themselves (the demo catalogue, the bench data, test factories): the row sequence
 * moves past the highest number, so the next product created through the API does not collide with theirs.
 */
export async function syncProductRowSequence(db: { execute(query: SQL): Promise<unknown> }): Promise<void> {
  await db.execute(sql`select setval('products_row_seq', coalesce((select max(row) from products), 0) + 1, false)`);
}
