// The finder's statements (issue 14): the listing in each order, the facet counts, the words of the vocabulary and
// the brands. catalogue.repo.ts holds the rest of the product statements; this file is part of the same repo.
import { listedLast, visibleProduct } from './visibility';
import { sql, type SQL } from 'drizzle-orm';
import type { FinderSort, Gender } from '../../../common/constants';
import type { Database } from '../../db/client';
import { PRODUCT_COLUMNS, type RawProductRow } from './product-columns';
import { escapeLike, rowsOf } from '../../db/sql';
import type { FinderCursor } from './cursor';
import type { SearchPlan, TermCandidate, WordPlan } from './search-words';
import { FACET_BRANDS } from './search-index';
import type { IndexedProduct } from './search-index';

/** What narrows the finder's listing. Men and Women include Unisex products. */
export type FinderFilter = {
  search?: SearchPlan | undefined;
  category?: string | undefined;
  gender?: Gender | undefined;
  best?: boolean | undefined;
  brands?: string[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Only products added after this time, in microseconds since 1970 (as the search index keeps created_at). */
  since?: number | undefined;
};

/** The columns of a finder row: the product's (product-columns.ts), with what the order's cursor needs. */
export const FINDER_COLUMNS = sql`${PRODUCT_COLUMNS}, popularity, price::text as "priceText", created_at::text as "createdText", ${listedLast()} as "listedLast"`;

/**
 * The search index's count of changes, over product_totals: statements on products and those on what a card shows
 * beside its row (card_changes, migration 0028). Both only grow, so the sum moves whenever either does. The counts
 * the finder keeps (brands, categories) are checked against the same sum: a search's state read serves for them.
 */
const STATE_CHANGES = sql`(changes + (select changes from card_changes))`;

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const patterns = (words: string[]) => words.map((w) => `%${escapeLike(w)}%`);

/** One word: its forms or near spellings, somewhere in title, brand or description (the trigram index). */
function wordCondition(word: WordPlan): SQL {
  const alternatives = patterns([...word.forms, ...word.typos]).map((p) => sql`search_text like lower(${p})`);
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * The search's relevance, in two parts: `positions`, where each form and near spelling is first found in
 * search_text (p0, p1, ...) and where the title ends (te), computed once per row in an inner query; and `score`
 * over them. A word scores its best: a form in the title 6, in the brand 4, in the description 2; a near spelling
 * 3, 2 or 1. search_text is title, brand and description in that order, so where a word is first found says
 * which. The relevance is the sum over the words.
 */
export function relevance(plan: SearchPlan): { positions: SQL; score: SQL; words: SQL[] } {
  const found: SQL[] = [];
  const words = plan.words.map((word) => {
    const tier = (text: string, [inTitle, inBrand, inDescription]: [number, number, number]) => {
      const p = sql.raw(`p${found.length}`);
      found.push(sql`strpos(search_text, lower(${text})) as ${p}`);
      // The brand ends at the second separator: looked for only when the word is past the title.
      return sql`(case when ${p} = 0 then 0 when ${p} < te then ${sql.raw(String(inTitle))}
        when ${p} < te + strpos(substr(search_text, te + 1), chr(31)) then ${sql.raw(String(inBrand))}
        else ${sql.raw(String(inDescription))} end)`;
    };
    const tiers = [...word.forms.map((f) => tier(f, [6, 4, 2])), ...word.typos.map((t) => tier(t, [3, 2, 1]))];
    return tiers.length === 1 ? (tiers[0] as SQL) : sql`greatest(${sql.join(tiers, sql`, `)})`;
  });
  return {
    positions: sql.join([...found, sql`strpos(search_text, chr(31)) as te`], sql`, `),
    score: sql.join(words, sql` + `),
    words,
  };
}

/** Rows of the shuffled index a search's first pages walk for its best matches before ranking every match. */
const TOP_TIER_WALK = 1000;

/**
 * The best score a product can have for the plan (each word's `best`, from the vocabulary), and the condition of
 * having it, over the positions `relevance` computes (handed on for the walk to select).
 */
function topTier(plan: SearchPlan): { score: number; condition: SQL; positions: SQL } {
  const { words, positions } = relevance(plan);
  return {
    positions,
    score: plan.words.reduce((sum, w) => sum + w.best, 0),
    condition: sql.join(
      words.map((expression, i) => sql`${expression} = ${sql.raw(String(plan.words[i]?.best ?? 6))}`),
      sql` and `,
    ),
  };
}

/** Each order's ORDER BY over products, and over the page's keys (see finderPage). */
const ORDERS = {
  shuffle: ['shuffle_key, id', 'k.k_key, k.k_id'],
  newest: ['created_at desc, id desc', 'k.k_created desc, k.k_id desc'],
  'price-asc': ['price, id', 'k.k_price, k.k_id'],
  'price-desc': ['price desc, id desc', 'k.k_price desc, k.k_id desc'],
  popular: ['popularity desc, shuffle_key, id', 'k.k_popularity desc, k.k_key, k.k_id'],
} as const;

/** Which filters a facet leaves out: a category's count ignores the category filter, and so on. */
type FilterPart = 'search' | 'category' | 'gender' | 'best' | 'brands' | 'price';

/** Out of the finder: a product the storefront does not show (visibility.ts). */
const VISIBLE = visibleProduct();
/** The finder's two parts while products without a picture are listed last (visibility.ts). */
const LISTED_LAST = listedLast();
const LISTED_FIRST = sql`not ${LISTED_LAST}`;
/** A product's bucket for the search index's catch-up (see `indexBuckets`). */
const INDEX_BUCKET = sql`(hashtext(id::text) & 255)`;

function conditions(f: FinderFilter, leave: FilterPart[] = []): SQL[] {
  const out: SQL[] = [];
  const use = (part: FilterPart) => !leave.includes(part);
  if (use('search') && f.search) for (const word of f.search.words) out.push(wordCondition(word));
  if (use('category') && f.category) out.push(sql`lower(category) = lower(${f.category})`);
  if (use('gender') && f.gender) {
    out.push(f.gender === 'Men' || f.gender === 'Women' ? sql`gender in (${f.gender}, 'Unisex')` : sql`gender = ${f.gender}`);
  }
  if (use('best') && f.best) out.push(sql`is_best_product`);
  if (use('brands') && f.brands?.length) out.push(sql`brand_key in (${list(f.brands)})`);
  if (use('price') && f.minPrice !== undefined) out.push(sql`price >= ${f.minPrice}`);
  if (use('price') && f.maxPrice !== undefined) out.push(sql`price <= ${f.maxPrice}`);
  if (f.since !== undefined) out.push(sql`created_at > ${new Date(Math.floor(f.since / 1000)).toISOString()}::timestamptz`);
  return out;
}

function where(parts: SQL[]): SQL {
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}
const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/**
 * A finder row as the driver hands it back: the product's columns (numeric and timestamps as the driver gives them),
 * with what the order's cursor needs.
 */
export type RawFinderRow = RawProductRow & {
  popularity: number;
  priceText: string;
  createdText: string;
  score?: number | null;
  phase?: number | null;
  /** Listed after every product with a picture (visibility.ts `listedLast`). */
  listedLast: boolean;
};

export type FacetCounts = {
  total: number;
  /** By lower-case category name ('' for none). */
  categories: Map<string, number>;
  /** By stored gender ('' for none). */
  genders: Map<string, number>;
  brands: Array<{ slug: string; name: string; count: number }>;
  price: { min: number; max: number } | null;
};

export function finderQueries(database: Database) {
  /**
   * Runs a statement that searches. PostgreSQL over-estimates how many rows a few LIKE patterns give and would read
   * every row (in parallel workers) rather than the trigram index's candidates: twice as slow at 100,000 products.
   * Told not to, here only; with the seq scan priced out, JIT would compile the plan (~0.5 s), so that is off too.
   */
  async function rows<T extends Record<string, unknown>>(query: SQL, searching: boolean): Promise<T[]> {
    if (!searching) return database.rows<T>(query);
    return database.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
      );
      return rowsOf<T>(tx, query);
    });
  }

  /**
   * One page of the finder in `sort` order, `limit` rows plus one (to tell whether more exist), after `after`.
   * Recommended without a search is the visitor's rotation of the shuffled order, in two index range scans (see
   * cursor.ts); with a search it ranks by relevance, the shuffled order from its start breaking ties, whatever the
   * seed (decision 0043: one answer per search, for every visitor). The other orders are keyset
   * pages over their index, ties broken by id (or, for Popular, by the shuffled order). `part`: which of the
   * products, listed first or listed last (see finderPage), the walk reads.
   */
  async function finderPart(
    filter: FinderFilter,
    sort: FinderSort,
    seed: number,
    take: number,
    after: FinderCursor | undefined,
    part: SQL,
  ): Promise<RawFinderRow[]> {
    const base = [VISIBLE, part, ...conditions(filter)];
    const searching = Boolean(filter.search);
    /**
     * A page: its rows' ids and order keys first, then their columns. While searching the first step sorts every
     * match, and only the page's rows pay for the rest (the text of price and time above all).
     */
    const page = (keys: SQL, order: string) =>
      rows<RawFinderRow>(
        sql`select ${FINDER_COLUMNS}, k.score from (${keys}) k join products on products.id = k.k_id order by ${sql.raw(order)}`,
        searching,
      );
    const keyset = (extra: SQL, parts: SQL[], order: keyof typeof ORDERS, n: number) =>
      searching
        ? page(
            sql`select id as k_id, shuffle_key as k_key, price as k_price, created_at as k_created, popularity as k_popularity${extra}
                from products ${where(parts)} order by ${sql.raw(ORDERS[order][0])} limit ${n}`,
            ORDERS[order][1],
          )
        : rows<RawFinderRow>(
            sql`select ${FINDER_COLUMNS}${extra} from products ${where(parts)} order by ${sql.raw(ORDERS[order][0])} limit ${n}`,
            false,
          );
    if (sort === 'recommended' && filter.search) {
      const top = topTier(filter.search);
      if (!after || (after.sort === 'relevance' && after.score === top.score)) {
        // The best possible matches first, read in the shuffled order: when they are common (a word in a tenth of
        // the titles), a short walk of the shuffled index finds the page without ranking every match.
        const from = after?.sort === 'relevance' ? sql`where (shuffle_key, id) > (${after.key}, ${after.id}::uuid)` : sql``;
        const walked = await page(
          sql`select k_id, k_key, ${top.score}::int as score from (
                select id as k_id, shuffle_key as k_key, search_text, price, category, gender, brand_key, is_best_product, link_state, image, picture_broken, created_at,
                  ${top.positions}
                from products ${from} order by shuffle_key, id limit ${TOP_TIER_WALK}
              ) w ${where([VISIBLE, part, ...conditions({ ...filter, search: undefined }), top.condition])}
              order by k_key, k_id limit ${take}`,
          'k.k_key, k.k_id',
        );
        if (walked.length === take) return walked;
      }
      const { positions, score } = relevance(filter.search);
      const cursor =
        after?.sort === 'relevance' ? sql`where (-score, k_key, k_id) > (${-after.score}, ${after.key}, ${after.id}::uuid)` : sql``;
      return page(
        sql`select k_id, k_key, score from (
              select id as k_id, shuffle_key as k_key, ${score} as score
              from (select id, shuffle_key, search_text, ${positions} from products ${where(base)} offset 0) found
            ) ranked ${cursor}
            order by score desc, k_key, k_id limit ${take}`,
        'k.score desc, k.k_key, k.k_id',
      );
    }
    if (sort === 'recommended') {
      const from = after?.sort === 'shuffle' ? after : undefined;
      const phase = async (p: 0 | 1, wanted: number) => {
        const parts = [...base, p === 0 ? sql`shuffle_key >= ${seed}` : sql`shuffle_key < ${seed}`];
        if (from && from.phase === p) parts.push(sql`(shuffle_key, id) > (${from.key}, ${from.id}::uuid)`);
        return keyset(sql`, null::int as score, ${p}::int as phase`, parts, 'shuffle', wanted);
      };
      const first = from?.phase === 1 ? [] : await phase(0, take);
      return first.length >= take ? first : [...first, ...(await phase(1, take - first.length))];
    }
    const parts = [...base];
    const none = sql`, null::int as score, null::int as phase`;
    if (sort === 'newest') {
      if (after?.sort === 'newest') parts.push(sql`(created_at, id) < (${after.value}::timestamptz, ${after.id}::uuid)`);
      return keyset(none, parts, 'newest', take);
    }
    if (sort === 'price-asc' || sort === 'price-desc') {
      if (after?.sort === sort) {
        parts.push(
          sort === 'price-asc'
            ? sql`(price, id) > (${after.value}::numeric, ${after.id}::uuid)`
            : sql`(price, id) < (${after.value}::numeric, ${after.id}::uuid)`,
        );
      }
      return keyset(none, parts, sort, take);
    }
    if (after?.sort === 'popular') {
      parts.push(
        sql`popularity <= ${after.popularity} and (popularity < ${after.popularity} or (shuffle_key, id) > (${after.key}, ${after.id}::uuid))`,
      );
    }
    return keyset(none, parts, 'popular', take);
  }

  return {
    /** What the vocabulary holds for each typed word: same-stem words, near spellings and whether any word contains it. */
    async termCandidates(words: string[]): Promise<TermCandidate[]> {
      if (!words.length) return [];
      const rows = await database.rows<{
        i: number | string;
        term: string;
        products: number;
        inTitles: number;
        sameStem: boolean;
        contains: boolean;
      }>(sql`
        select q.i, t.term, t.products, t.in_titles as "inTitles", t.stem = word_stem(q.w) as "sameStem", strpos(t.term, q.w) > 0 as "contains"
        from unnest(array[${list(words)}]::text[]) with ordinality as q(w, i)
        cross join lateral (
          (select term, stem, products, in_titles from search_terms where stem = word_stem(q.w) and products > 0 order by products desc limit 12)
          union
          (select term, stem, products, in_titles from search_terms
           where term like '%' || ${sql.raw(`replace(replace(replace(q.w, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`)} || '%' and products > 0
           order by in_titles desc limit 1)
          union
          (select term, stem, products, in_titles from search_terms
           where length(q.w) >= 4 and term % q.w and products > 0 order by similarity(term, q.w) desc, products desc limit 16)
        ) t`);
      return rows.map((r) => ({
        word: Number(r.i) - 1,
        term: r.term,
        products: r.products,
        inTitles: r.inTitles,
        sameStem: r.sameStem,
        contains: r.contains,
      }));
    },

    /**
     * One page of the finder in `sort` order, `limit` rows plus one (to tell whether more exist), after `after`. While
     * the storefront lists products without a picture last (issue 40), it walks the others in the order first, then
     * those from the order's start: two walks of the same index, each filtered (visibility.ts `listedLast`; while the
     * setting says otherwise, the second finds none without reading a row).
     */
    async finderPage(
      filter: FinderFilter,
      sort: FinderSort,
      seed: number,
      limit: number,
      after: FinderCursor | undefined,
    ): Promise<RawFinderRow[]> {
      const take = limit + 1;
      if (after?.last) return finderPart(filter, sort, seed, take, after, LISTED_LAST);
      const first = await finderPart(filter, sort, seed, take, after, LISTED_FIRST);
      if (first.length >= take) return first;
      return [...first, ...(await finderPart(filter, sort, seed, take - first.length, undefined, LISTED_LAST))];
    },

    /** How many products the filter gives (the ways out of an empty result). */
    async countFinder(filter: FinderFilter): Promise<number> {
      const [row] = await rows<{ n: number }>(
        sql`select count(*)::int as n from products ${where([VISIBLE, ...conditions(filter)])}`,
        Boolean(filter.search),
      );
      return row?.n ?? 0;
    },

    /**
     * The facet counts in one pass over the products matching the search and best flag, grouped by category,
     * gender and brand together; each facet then sums the groups that pass every filter but its own (one hash
     * aggregate: a third cheaper than grouping sets, and no more groups than products).
     */
    async facetCounts(filter: FinderFilter): Promise<FacetCounts> {
      const only = (part: FilterPart) =>
        and(
          conditions(
            filter,
            (['search', 'best', 'category', 'gender', 'brands', 'price'] as FilterPart[]).filter((p) => p !== part),
          ),
        );
      const groups = await rows<{
        c: string | null;
        g: string | null;
        b: string | null;
        name: string | null;
        inCat: boolean;
        inGen: boolean;
        inBrand: boolean;
        n: number;
        lo: string;
        hi: string;
      }>(
        sql`select lower(category) as c, gender as g, brand_key as b, min(brand) as name,
              ${only('category')} as "inCat", ${only('gender')} as "inGen", ${only('brands')} as "inBrand",
              (count(*) filter (where ${only('price')}))::int as n, min(price)::text as lo, max(price)::text as hi
            from products ${where([VISIBLE, ...conditions(filter, ['category', 'gender', 'brands', 'price'])])}
            group by lower(category), gender, brand_key`,
        Boolean(filter.search),
      );
      const counts: FacetCounts = { total: 0, categories: new Map(), genders: new Map(), brands: [], price: null };
      const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
      const brands = new Map<string, { name: string; count: number }>();
      const chosen = new Set(filter.brands ?? []);
      for (const r of groups) {
        if (r.inGen && r.inBrand) add(counts.categories, r.c ?? '', r.n);
        if (r.inCat && r.inBrand) add(counts.genders, r.g ?? '', r.n);
        if (r.b && ((r.inCat && r.inGen) || chosen.has(r.b))) {
          const brand = brands.get(r.b) ?? { name: r.name ?? r.b, count: 0 };
          if (r.name && r.name < brand.name) brand.name = r.name;
          if (r.inCat && r.inGen) brand.count += r.n;
          brands.set(r.b, brand);
        }
        if (r.inCat && r.inGen && r.inBrand) {
          counts.total += r.n;
          const [lo, hi] = [Number(r.lo), Number(r.hi)];
          counts.price = counts.price ? { min: Math.min(counts.price.min, lo), max: Math.max(counts.price.max, hi) } : { min: lo, max: hi };
        }
      }
      counts.brands = [...brands]
        .map(([slug, b]) => ({ slug, name: b.name, count: b.count }))
        .filter((b) => b.count > 0 || chosen.has(b.slug))
        .sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug))
        .filter((b, i) => i < FACET_BRANDS || chosen.has(b.slug));
      return counts;
    },

    /**
     * Every brand with its product count and its most common spelling, and the products of each category (lower
     * case), with the `changes` they were counted at: the service keeps them until the catalogue next changes. Both
     * count what the storefront shows (one pass, grouped twice): category_totals counts every product, for the
     * dashboard, and would count those the storefront hides (a gone link, or no picture while it hides them).
     */
    async catalogueCounts(): Promise<{
      changes: number;
      brands: Array<{ slug: string; name: string; count: number }>;
      categories: Map<string, number>;
    }> {
      const rows = await database.rows<{ f: 'b' | 'c' | 'x'; k: string | null; name: string | null; n: number | string }>(sql`
        select 'x' as f, null as k, null as name, ${STATE_CHANGES} as n from product_totals
        union all
        select * from (
          select case when grouping(brand_key) = 0 then 'b' else 'c' end as f,
            case when grouping(brand_key) = 0 then brand_key else lower(category) end as k,
            case when grouping(brand_key) = 0 then mode() within group (order by brand) end as name, count(*)::int as n
          from products where ${VISIBLE} and (brand_key is not null or category is not null)
          group by grouping sets ((brand_key), (lower(category)))
        ) g where k is not null`);
      const out = { changes: 0, brands: [] as Array<{ slug: string; name: string; count: number }>, categories: new Map<string, number>() };
      for (const r of rows) {
        if (r.f === 'x') out.changes = Number(r.n);
        else if (r.f === 'b' && r.k) out.brands.push({ slug: r.k, name: r.name ?? r.k, count: Number(r.n) });
        else if (r.f === 'c' && r.k !== null) out.categories.set(r.k, Number(r.n));
      }
      out.brands.sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug));
      return out;
    },

    /**
     * What the search index is checked against before every search: the statements that wrote products, or what
     * their cards show beside them (QC photos, categories: card_changes), so far, and the synonyms' count and last
     * change. A change in any process shows here at once.
     */
    async searchIndexState(): Promise<{ changes: number; synonyms: string }> {
      const [row] = await database.rows<{ changes: number | string; synonyms: string }>(sql`
        select ${STATE_CHANGES} as changes,
          (select count(*)::text || ':' || coalesce(max(updated_at)::text, '') from search_synonyms) as synonyms
        from product_totals`);
      return { changes: Number(row?.changes ?? 0), synonyms: row?.synonyms ?? '' };
    },

    /**
     * In one statement (one snapshot): the search index's state as `searchIndexState` reads it, the finder rows of
     * `ids` (in no order) and, when asked, the category names in the categories' order. A search answered from
     * the index checks with this that the index was up to date, and gets its page's rows in the same round trip.
     */
    async indexStateWithRows(
      ids: string[],
      withCategories = false,
    ): Promise<{ state: { changes: number; synonyms: string }; rows: RawFinderRow[]; categories: string[] | null }> {
      const rows = await database.rows<
        RawFinderRow & { stateChanges: number | string; stateSynonyms: string; stateCategories: string[] | string | null }
      >(sql`
        select s.changes as "stateChanges", s.synonyms as "stateSynonyms", s.categories as "stateCategories",
          ${FINDER_COLUMNS}, null::int as score, null::int as phase
        from (
          select ${STATE_CHANGES} as changes,
            (select count(*)::text || ':' || coalesce(max(updated_at)::text, '') from search_synonyms) as synonyms,
            ${withCategories ? sql`(select coalesce(json_agg(name order by relevance, lower(name), id), '[]'::json) from categories)` : sql`null::json`} as categories
          -- One row (product_totals has one): so estimated, the join stays cheap in the planner's eyes too (without
          -- it, PostgreSQL guesses some 2,000 rows, costs the join above jit_above_cost and compiles it every time).
          from product_totals limit 1
        ) s
        left join products on products.id = any(${`{${ids.join(',')}}`}::uuid[])`);
      const first = rows[0];
      const categories = first?.stateCategories ?? null;
      return {
        state: { changes: Number(first?.stateChanges ?? 0), synonyms: first?.stateSynonyms ?? '' },
        rows: rows.filter((r) => r.id !== null),
        categories: typeof categories === 'string' ? (JSON.parse(categories) as string[]) : categories,
      };
    },

    /**
     * The id and row version (xmin, new with every write of the row) of every product the index keeps, or of those
     * in `buckets`, or of those of `ids`.
     */
    async indexVersions(only?: { buckets: number[] } | { ids: string[] }): Promise<Array<{ id: string; v: string; b: number }>> {
      // Hidden products (link gone, issue 29) are not in the index: to it they are as if deleted.
      const which = !only
        ? sql``
        : 'buckets' in only
          ? sql`and ${INDEX_BUCKET} = any(${`{${only.buckets.join(',')}}`}::int[])`
          : sql`and id = any(${`{${only.ids.join(',')}}`}::uuid[])`;
      return database.rows<{ id: string; v: string; b: number }>(sql`
        select id, xmin::text as v, ${INDEX_BUCKET} as b from products where ${VISIBLE} ${which}`);
    },

    /**
     * The products written since `horizon` (decision 0072): the ids the change log holds from transactions at or
     * after it, leaving out the transactions in `seen` (read before: a committed transaction's rows are all there at
     * once). With them, the horizon a next read starts from (the oldest transaction still running now: whatever
     * commits later has an id at or after it) and the transactions read. `ids` is null when the log no longer
     * holds all of it (pruned, or products truncated): then everything must be compared.
     */
    async indexChanges(
      horizon: string | null,
      seen: readonly string[] = [],
    ): Promise<{ horizon: string; ids: string[] | null; xids: string[] }> {
      const rows = await database.rows<{ horizon: string; pruned: string; xid: string | null; id: string | null }>(sql`
        select h.horizon, h.pruned, c.xid::text as xid, c.product_id::text as id
        from (
          select pg_snapshot_xmin(pg_current_snapshot())::text as horizon, pruned_before::text as pruned
          -- One row, so estimated: else the planner guesses thousands for the join, and past jit_above_cost it
          -- compiles the statement every time (60 ms, against 2 for the read).
          from product_change_log limit 1
        ) h
        left join product_changes c on ${horizon === null ? sql`false` : sql`c.xid >= ${horizon}::bigint and c.xid <> all(${`{${seen.join(',')}}`}::bigint[])`}`);
      const first = rows[0];
      if (!first) throw new Error('product_change_log has no row');
      if (horizon === null || BigInt(horizon) < BigInt(first.pruned)) return { horizon: first.horizon, ids: null, xids: [] };
      const ids = new Set<string>();
      const xids = new Set<string>();
      for (const r of rows) {
        if (r.id !== null) ids.add(r.id);
        if (r.xid !== null) xids.add(r.xid);
      }
      return { horizon: first.horizon, ids: [...ids], xids: [...xids] };
    },

    /** The change log's rows written before `before` go (decision 0072); readers whose horizon is older compare everything. */
    async pruneIndexChanges(before: Date): Promise<number> {
      const [row] = await database.rows<{ n: number }>(sql`
        with gone as (delete from product_changes where at < ${before.toISOString()}::timestamptz returning xid),
        mark as (
          update product_change_log set pruned_before = greatest(pruned_before, (select max(xid) + 1 from gone))
          where exists (select 1 from gone)
        )
        select count(*)::int as n from gone`);
      // The log's size swings by whole bulk operations: fresh statistics keep its reads on the index.
      if (row?.n) await database.db.execute(sql`analyze product_changes`);
      return row?.n ?? 0;
    },

    /**
     * The products the index keeps, in 256 buckets by id: each bucket's count and a sum over its rows' ids and
     * versions. A catch-up reads versions only in the buckets whose figures moved (a few rows changed: a few
     * buckets), instead of every product's.
     */
    async indexBuckets(): Promise<Map<number, string>> {
      const rows = await database.rows<{ b: number; figure: string }>(sql`
        select ${INDEX_BUCKET} as b, count(*)::text || ':' || sum(hashtext(id::text || ':' || xmin::text)::bigint)::text as figure
        from products where ${VISIBLE} group by 1`);
      return new Map(rows.map((r) => [Number(r.b), r.figure]));
    },

    /** What the search index keeps of products: all of them (in the shuffled order) or those of `ids`. */
    async indexRows(ids?: string[]): Promise<IndexedProduct[]> {
      const rows = await database.rows<Omit<IndexedProduct, 'price' | 'created'> & { price: string; created: string }>(sql`
        select id, shuffle_key as key, xmin::text as version, title, brand, description, lower(category) as category, gender,
          is_best_product as best, brand_key as "brandKey", price::text as price, ${listedLast()} as last,
          (extract(epoch from created_at) * 1000000)::bigint::text as created, popularity, group_key as "groupKey",
          ${INDEX_BUCKET} as bucket
        from products where ${VISIBLE} ${ids ? sql`and id = any(${`{${ids.join(',')}}`}::uuid[])` : sql``}
        order by shuffle_key, id`);
      return rows.map((r) => ({ ...r, price: Number(r.price), created: Number(r.created) }));
    },

    /** The synonym groups, each a list of phrases. */
    async synonymGroups(): Promise<string[][]> {
      return (await database.rows<{ terms: string[] }>(sql`select terms from search_synonyms order by created_at, id`)).map((r) => r.terms);
    },

    /**
     * How many statements have written products or what their cards show so far (as the search index's state counts
     * them): whether kept counts still hold.
     */
    async changes(): Promise<number> {
      const [row] = await database.rows<{ changes: number | string }>(sql`select ${STATE_CHANGES} as changes from product_totals`);
      return Number(row?.changes ?? 0);
    },

    /** One brand by its slug, with its most common spelling and its products; null when no product has it. */
    async brand(slug: string): Promise<{ slug: string; name: string; count: number } | null> {
      const [row] = await database.rows<{ name: string; n: number }>(sql`
        select mode() within group (order by brand) as name, count(*)::int as n from products where brand_key = ${slug} and ${VISIBLE}`);
      return row && row.n > 0 ? { slug, name: row.name, count: row.n } : null;
    },
  };
}
