import { parseItemLink } from '../../../common/agent-links';
import {
  FINDER_GENDERS,
  PRODUCT_COLOURS_MAX,
  SAME_ITEM_MAX,
  RELATED_PRODUCTS_COUNT,
  SUGGESTED_BRANDS,
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
} from '../../../common/constants';
import { ownImagePath, thumbnailUrlFor, type PixelSize } from '../../../common/media';
import { productPath } from '../../../common/product-urls';
import {
  BULK_PREVIEW_SAMPLES,
  type BulkAction,
  type BulkEditBody,
  type BulkEditResult,
  type BulkEditPreview,
  type LinkMatches,
  type UndoResult,
} from '../../../common/schemas/changes';
import type {
  AdminProductFilter,
  AdminProduct,
  AdminProductPage,
  AdminProductQuery,
  EmptyRescue,
  FinderFilterQuery,
  FinderQuery,
  Product,
  ProductDetail,
  ProductInput,
  ProductExportQuery,
  ProductPage,
} from '../../../common/schemas/product';
import { AppError } from '../../errors';
import { changedFields, keptValues } from '../audit/audit-details';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { CategoriesRepo } from '../categories/categories.repo';
import type { ChangeLimit, Transact } from '../../db/unit-of-work';
import type { ChangesRepo } from '../changes/changes.repo';
import { undoAndRecord } from '../changes/undo-change';
import { exportProducts } from './catalogue-export';
import type { CatalogueRepo, ProductRow, ProductValues } from './catalogue.repo';
import type { BrandSummary, FinderFacets, Suggestions } from '../../../common/schemas/search';
import { cursorFor, encodeCursor, type FinderCursor } from './cursor';
import type { FinderFilter, RawFinderRow } from './finder.repo';
import { MAX_PLANNED_WORDS, planSearch, searchWords, type SearchPlan } from './search-words';
import type { IndexAfter, IndexFilter, SearchIndex, SearchResolution } from './search-index';
import { createSearchIndexKeeper } from './search-index-keeper';
import { tokenize } from './search-tokens';
import { toQcPhoto } from '../qc/qc.service';

/** A product as the public answers show it: never the source id (only the admin's, `toAdminProduct`). */
export function toProduct(row: Omit<ProductRow, 'sourceId'>): Product {
  return {
    id: row.id,
    number: row.number,
    path: productPath(row),
    title: row.title,
    description: row.description,
    brand: row.brand,
    brandSlug: row.brandKey,
    category: row.category,
    gender: row.gender,
    price: row.price,
    // A picture the link checks found broken and could not fetch again shows as the placeholder (issue 29).
    image: row.pictureBroken ? null : row.image,
    thumbnail: row.pictureBroken ? null : thumbnailUrlFor(row.image),
    isBestProduct: row.isBestProduct,
    link: row.link,
    sourcePlatform: row.sourcePlatform,
    sourceItemId: row.sourceItemId,
    row: row.row,
    qcCount: row.qcCount,
    mayBeUnavailable: row.linkState !== 'ok',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A product as the admin API answers it: with the id it had in the system it was imported from (issue 25). */
export function toAdminProduct(row: ProductRow, groupSizes: ReadonlyMap<string, number> = new Map()): AdminProduct {
  return {
    ...toProduct(row),
    // The admin sees and edits the picture the product points at, broken or not (Link health lists it).
    image: row.image,
    thumbnail: thumbnailUrlFor(row.image),
    sourceId: row.sourceId,
    groupKey: row.groupKey,
    groupSize: (row.groupKey && groupSizes.get(row.groupKey)) || 1,
  };
}

/** The admin's view of products with the size of each one's group. */
async function withGroupSizes(rows: ProductRow[], sizes: (keys: string[]) => Promise<Map<string, number>>): Promise<AdminProduct[]> {
  const keys = rows.map((r) => r.groupKey).filter((k): k is string => k !== null);
  const known = await sizes(keys);
  return rows.map((row) => toAdminProduct(row, known));
}

/** Filters whose counts are remembered at once; the oldest goes first. */
const ADMIN_COUNTS_KEPT = 500;

/** Counts by filter, each with the `changes` it was made at; at most `limit`, forgetting the least recently used. */
export function createCountMemo(limit: number) {
  const memo = new Map<string, { total: number; changes: number }>();
  return {
    get(key: string) {
      const hit = memo.get(key);
      if (hit) {
        memo.delete(key);
        memo.set(key, hit);
      }
      return hit;
    },
    remember(key: string, value: { total: number; changes: number }) {
      memo.delete(key);
      memo.set(key, value);
      if (memo.size > limit) memo.delete(memo.keys().next().value as string);
    },
    get size() {
      return memo.size;
    },
  };
}

/** The suggestions list products once a typed word has this many letters. */
const SUGGEST_PRODUCTS_MIN_WORD = 3;

const NOT_FOUND = 'This item does not exist (it may have been deleted already).';

/** The start of the shuffled ring: where the offers on a missing product's page are read from. */
const RING_START = { key: -2147483648, id: '00000000-0000-0000-0000-000000000000' };

/** What a product number leads to: the product, a deleted one (410) or nothing (404). */
export type ProductLookup =
  /** `imageSize`: the stored size of the product's picture when it is one of ours (for its page's link preview). */
  | ({ status: 'found'; imageSize: PixelSize | null } & ProductDetail)
  | { status: 'gone'; title: string; category: string | null; similar: Product[] }
  | { status: 'missing'; similar: Product[] };

/** The fields an admin edits: an edit's entry lists those that changed, a created or deleted product's all of them. */
const AUDITED_FIELDS = ['title', 'description', 'brand', 'category', 'gender', 'price', 'image', 'isBestProduct', 'link'] as const;

/** How the audit log names a product: what the admin sees in the list, and the number that keeps it apart. */
export const productSubject = (row: Pick<ProductRow, 'title' | 'number'>) => `${row.title} (#${row.number})`;

export const PRODUCT_GONE_MESSAGE = 'This product has been removed from the catalogue.';
export const PRODUCT_MISSING_MESSAGE = 'There is no product at this address.';

/** A finder row as a product. */
function finderProduct(r: RawFinderRow): Product {
  return toProduct({
    ...r,
    price: Number(r.price),
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  });
}

/** Where the page after `last` starts, in the order it was read in. */
function cursorAfter(last: RawFinderRow, order: FinderCursor['sort']): FinderCursor {
  const phase = last.phase === 1 ? 1 : 0;
  switch (order) {
    case 'shuffle':
      return { sort: 'shuffle', phase, key: last.shuffleKey, id: last.id };
    case 'relevance':
      return { sort: 'relevance', score: Number(last.score ?? 0), key: last.shuffleKey, id: last.id };
    case 'popular':
      return { sort: 'popular', popularity: last.popularity, key: last.shuffleKey, id: last.id };
    case 'newest':
      return { sort: 'newest', value: last.createdText, id: last.id };
    default:
      return { sort: order, value: last.priceText, id: last.id };
  }
}

/** Microseconds since 1970 of a time as PostgreSQL (or ISO 8601) writes it, to the microsecond. */
export function timestampMicros(text: string): number {
  const m = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(Z|[+-]\d\d(?::?\d\d)?)$/.exec(text);
  if (!m) return Date.parse(text) * 1000;
  let offset = m[4] ?? 'Z';
  if (offset !== 'Z')
    offset = offset.length === 3 ? `${offset}:00` : offset.includes(':') ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
  return Date.parse(`${m[1]}T${m[2]}${offset}`) * 1000 + Number((m[3] ?? '').padEnd(6, '0'));
}

/** A finder cursor as the search index reads it. */
function indexAfter(c: FinderCursor | undefined): IndexAfter | undefined {
  if (!c) return undefined;
  switch (c.sort) {
    case 'relevance':
      return { order: 'relevance', score: c.score, key: c.key, id: c.id };
    case 'popular':
      return { order: 'popular', popularity: c.popularity, key: c.key, id: c.id };
    case 'newest':
      return { order: 'newest', created: timestampMicros(c.value), id: c.id };
    case 'price-asc':
    case 'price-desc':
      return { order: c.sort, price: Number(c.value), id: c.id };
    default:
      return undefined;
  }
}

const indexFilter = (q: FinderFilterQuery): IndexFilter => ({
  category: q.category,
  gender: q.gender,
  best: q.best,
  brands: q.brand,
  minPrice: q.minPrice,
  maxPrice: q.maxPrice,
  allWords: q.allWords,
});

/** Whether the text has anything the index can search for (words, numbers); else it is read as no search. */
const searchable = (text: string | undefined): text is string => Boolean(text && tokenize(text).length);

/**
 * `audit` records every admin change (issue 13) in the change's own transaction: when the entry cannot be written,
 * the change is rolled back and the caller gets the error.
 */
/** The audit log's and the toast's words for the bulk actions of issue 28 (and delete). */
function bulkSummary(action: Exclude<BulkAction, { type: 'set-category' | 'set-gender' | 'set-best' }>): string {
  switch (action.type) {
    case 'set-price':
      return `Set price to ${action.price.toFixed(2)}`;
    case 'adjust-price':
      return `${action.percent > 0 ? 'Raised' : 'Lowered'} prices by ${Math.abs(action.percent)}%`;
    case 'set-brand':
      return action.brand === '' ? 'Removed the brand' : `Set brand to ${action.brand}`;
    case 'set-description':
      return action.description === '' ? 'Removed the description' : 'Set the description';
    case 'replace-title':
      return `Replaced "${action.find}" with "${action.replace}" in titles`;
    case 'delete':
      return 'Deleted';
  }
}

export function createCatalogueService(
  repo: CatalogueRepo,
  categories: Pick<CategoriesRepo, 'findByName' | 'list'>,
  audit: Pick<AuditRepo, 'record'>,
  /** Bulk actions and their Undo: a unit of work's transaction (server/db/unit-of-work.ts) and the change limit. */
  changing?: { transaction: Transact<{ catalogue: CatalogueRepo; changes: ChangesRepo; audit: AuditRepo }>; limit: ChangeLimit },
) {
  const counts = createCountMemo(ADMIN_COUNTS_KEPT);
  // The finder's search, its facets and suggestions are answered from this process's index (decision 0055).
  const searchIndex = createSearchIndexKeeper(repo);

  /** Rows of the index's answer, in its order (a product deleted meanwhile is left out). */
  function inOrder(ids: string[], read: RawFinderRow[]): RawFinderRow[] {
    const rows = new Map(read.map((r) => [r.id, r]));
    return ids.map((id) => rows.get(id)).filter((r): r is RawFinderRow => r !== undefined);
  }

  /** The ways out of a search that found nothing, counted in the index. */
  async function indexRescue(q: FinderFilterQuery, index: SearchIndex, resolution: SearchResolution): Promise<EmptyRescue> {
    const narrowed = Boolean(q.category || q.gender || q.best || q.brand?.length || q.minPrice !== undefined || q.maxPrice !== undefined);
    const out: EmptyRescue = { didYouMean: null, allCategories: null, clearFilters: (await repo.totals()).products };
    const search = q.search ?? '';
    const loose = index.resolve(search, { loose: true });
    if (loose.correction && loose.correction !== search.toLowerCase()) {
      const count = index.search(index.resolve(loose.correction), indexFilter(q), 'relevance', 1).total;
      if (count > 0) out.didYouMean = { search: loose.correction, count };
    }
    if (narrowed) out.allCategories = index.search(resolution, {}, 'relevance', 1).total;
    return out;
  }

  /** A search's page from the index: ranked there, its rows read by id. */
  async function searchPage(q: FinderQuery & { search: string }): Promise<ProductPage> {
    const order = q.sort === 'recommended' ? ('relevance' as const) : q.sort;
    const after = cursorFor(q.cursor, order);
    // Ranked in the index; its rows and the index's state read in one statement (see the keeper's `answer`).
    const {
      index,
      result: found,
      read,
    } = await searchIndex.answer(
      (index) => {
        const resolution = index.resolve(q.search);
        return { resolution, answer: index.search(resolution, indexFilter(q), order, q.limit + 1, indexAfter(after)) };
      },
      ({ answer }) => repo.indexStateWithRows(answer.ids),
    );
    const { resolution, answer } = found;
    const rows = inOrder(answer.ids, read.rows);
    const scores = new Map(answer.ids.map((id, i) => [id, answer.scores[i] ?? 0]));
    const colours = new Map(answer.ids.map((id, i) => [id, answer.otherColours[i] ?? 0]));
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    const nextCursor =
      answer.ids.length > q.limit && last ? encodeCursor(cursorAfter({ ...last, score: scores.get(last.id) ?? 0 }, order)) : null;
    const result: ProductPage = {
      items: page.map((r) => ({ ...finderProduct(r), otherColours: colours.get(r.id) ?? 0 })),
      nextCursor,
      correction: answer.correction,
      total: answer.total,
      partial: answer.partial,
    };
    if (page.length === 0 && !after) result.rescue = await indexRescue(q, index, resolution);
    return result;
  }

  /** The typed words with their forms and near spellings, from the vocabulary. */
  async function readSearch(text: string, loose = false): Promise<SearchPlan> {
    const words = searchWords(text);
    return planSearch(words, await repo.termCandidates(words.slice(0, MAX_PLANNED_WORDS)), loose);
  }

  function finderFilter(q: FinderFilterQuery, plan: SearchPlan | undefined): FinderFilter {
    return {
      search: plan && plan.words.length ? plan : undefined,
      category: q.category,
      gender: q.gender,
      best: q.best,
      brands: q.brand,
      minPrice: q.minPrice,
      maxPrice: q.maxPrice,
    };
  }

  /**
   * Brands and category counts, kept until a statement next writes products (checked with one small read). One
   * count at a time: requests that find them stale meanwhile wait for the same one.
   */
  let kept: Awaited<ReturnType<CatalogueRepo['catalogueCounts']>> | null = null;
  let counting: Promise<Awaited<ReturnType<CatalogueRepo['catalogueCounts']>>> | null = null;
  async function catalogueCounts(changes?: number) {
    if (kept && kept.changes === (changes ?? (await repo.changes()))) return kept;
    counting ??= repo.catalogueCounts().finally(() => (counting = null));
    kept = await counting;
    return kept;
  }

  /** The ways out of a first page with no items, each with what it would give. */
  async function rescue(q: FinderFilterQuery, filter: FinderFilter): Promise<EmptyRescue> {
    const narrowed = Boolean(q.category || q.gender || q.best || q.brand?.length || q.minPrice !== undefined || q.maxPrice !== undefined);
    const out: EmptyRescue = { didYouMean: null, allCategories: null, clearFilters: null };
    if (q.search) {
      const loose = await readSearch(q.search, true);
      if (loose.correction && loose.correction !== q.search.toLowerCase()) {
        const count = await repo.countFinder({ ...filter, search: await readSearch(loose.correction) });
        if (count > 0) out.didYouMean = { search: loose.correction, count };
      }
      if (narrowed) out.allCategories = await repo.countFinder({ search: filter.search });
    }
    if (narrowed || q.search) out.clearFilters = (await repo.totals()).products;
    return out;
  }

  /** The category list's spelling of the input's category; read before any transaction opens (see `update`). */
  async function listedCategory(input: ProductInput): Promise<string | null> {
    return input.category === null ? null : ((await categories.findByName(input.category))?.name ?? null);
  }

  /**
   * The category is written as the existing category's spelling. A name no category has is refused, except the
   * one the product already carries (imported products may name categories the list does not have).
   */
  function valuesFrom(input: ProductInput, listed: string | null, current: ProductRow | null, origin: string): ProductValues {
    let category = input.category;
    if (category !== null) {
      if (listed !== null) category = listed;
      else if (current?.category?.toLowerCase() !== category.toLowerCase()) {
        throw new AppError('VALIDATION', `category: there is no category named "${category}". Add it under Categories first.`);
      }
    }
    const source = parseItemLink(input.link);
    return {
      ...input,
      category,
      image: input.image && ownImagePath(input.image, origin),
      sourcePlatform: source?.platform ?? null,
      sourceItemId: source?.itemId ?? null,
    };
  }

  return {
    async listFinderPage(q: FinderQuery): Promise<ProductPage> {
      // A search of punctuation alone ("%", "_") has no word for the index: the database's substring rule answers it.
      if (searchable(q.search)) return searchPage({ ...q, search: q.search });
      const searching = Boolean(q.search);
      const order: FinderCursor['sort'] = q.sort === 'recommended' ? (searching ? 'relevance' : 'shuffle') : q.sort;
      const after = cursorFor(q.cursor, order);
      const plan = q.search ? await readSearch(q.search) : undefined;
      const filter = finderFilter(q, plan);
      const rows = await repo.finderPage(filter, q.sort, q.seed, q.limit, after);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      const nextCursor = rows.length > q.limit && last ? encodeCursor(cursorAfter(last, order)) : null;
      const result: ProductPage = { items: page.map(finderProduct), nextCursor, correction: plan?.correction ?? null };
      if (page.length === 0 && !after) result.rescue = await rescue(q, filter);
      return result;
    },

    /** What this process's search index holds (the bench states it). */
    searchIndexStats() {
      return searchIndex.stats();
    },

    /** How many products each category, gender and brand would give with the current search and other filters. */
    async facets(q: FinderFilterQuery): Promise<FinderFacets> {
      const search = q.search;
      // From the index, with the index's state and the category names in one statement (see the keeper's `answer`).
      const fromIndex = async (text: string) => {
        const { result, read } = await searchIndex.answer(
          (index) => index.facets(index.resolve(text), indexFilter(q)),
          () => repo.indexStateWithRows([], true),
        );
        return [result, read.categories ?? []] as const;
      };
      const fromDatabase = async () =>
        Promise.all([
          repo.facetCounts(finderFilter(q, search ? await readSearch(search) : undefined)),
          categories.list().then((l) => l.map((c) => c.name)),
        ]);
      const [counts, list] = searchable(search) ? await fromIndex(search) : await fromDatabase();
      let all = 0;
      for (const n of counts.categories.values()) all += n;
      const gender = (g: string) => counts.genders.get(g) ?? 0;
      let everyGender = 0;
      for (const n of counts.genders.values()) everyGender += n;
      const genders = FINDER_GENDERS.map((g) => ({
        gender: g,
        count: g === 'All' ? everyGender : gender(g) + gender('Unisex'),
      }));
      return {
        total: counts.total,
        categories: list.map((name) => ({ name, count: counts.categories.get(name.toLowerCase()) ?? 0 })),
        allCategories: all,
        genders,
        brands: counts.brands,
        price: counts.price,
      };
    },

    /** What to offer under the search box as the visitor types: products, brands and categories. */
    async suggestions(text: string): Promise<Suggestions> {
      const words = tokenize(text);
      if (!words.length) return { query: text, correction: null, products: [], brands: [], categories: [] };
      // The products from the index; their rows, the index's state and the category names in one statement.
      const { index, result, read } = await searchIndex.answer(
        (index) => {
          // The last word is still being typed: it also matches the words it starts.
          const resolution = index.resolve(text, { prefixLast: true });
          // Products once a word has 3 letters or is one of the niche's abbreviations (af1, lv): shorter words are
          // the start of too many.
          const productsToo =
            words.some((w) => [...w].length >= SUGGEST_PRODUCTS_MIN_WORD) || resolution.terms.some((t) => t.patterns.length > 1);
          return { resolution, answer: productsToo ? index.search(resolution, {}, 'relevance', SUGGESTED_PRODUCTS) : null };
        },
        ({ answer }) => repo.indexStateWithRows(answer?.ids ?? [], true),
      );
      const { resolution, answer } = result;
      const rows = inOrder(answer?.ids ?? [], read.rows);
      // Brands and category counts, kept while the catalogue stands still (its state was read just now).
      const counts = await catalogueCounts(read.state.changes);
      const list = read.categories ?? [];
      const matches = (name: string) => index.nameMatches(resolution, name);
      return {
        query: text,
        correction: resolution.correction,
        products: rows.slice(0, SUGGESTED_PRODUCTS).map((r) => {
          const p = finderProduct(r);
          return { title: p.title, path: p.path, brand: p.brand, price: p.price, thumbnail: p.thumbnail };
        }),
        brands: counts.brands.filter((b) => matches(b.name) || matches(b.slug)).slice(0, SUGGESTED_BRANDS),
        categories: list
          .filter((name) => matches(name))
          .map((name) => ({ name, count: counts.categories.get(name.toLowerCase()) ?? 0 }))
          .filter((c) => c.count > 0)
          .slice(0, SUGGESTED_CATEGORIES),
      };
    },

    /** One brand by its slug; null when no product has it. */
    brand(slug: string): Promise<BrandSummary | null> {
      return repo.brand(slug.toLowerCase());
    },

    /** Every brand, most products first. */
    async brands(): Promise<BrandSummary[]> {
      return (await catalogueCounts()).brands;
    },

    /** A product's page: the product and products like it, or what to offer when it is gone or never was. */
    async productPage(number: number): Promise<ProductLookup> {
      const row = await repo.findByNumber(number);
      if (row) {
        const related = await repo.around({ key: row.shuffleKey, id: row.id }, row.category, RELATED_PRODUCTS_COUNT, row.id);
        const colours = row.groupKey ? await repo.groupOthers(row.groupKey, row.id, PRODUCT_COLOURS_MAX) : [];
        const qcPhotos = row.qcCount > 0 ? (await repo.qcPhotos(row.id)).map(toQcPhoto) : [];
        const imageSize = row.image ? await repo.imageSize(row.image) : null;
        const sameItem = row.image
          ? await repo.samePhotoOthers({ id: row.id, image: row.image, groupKey: row.groupKey }, SAME_ITEM_MAX)
          : { rows: [], total: 0 };
        const history = await repo.priceHistory(row.id);
        return {
          status: 'found',
          product: toProduct(row),
          related: related.map(toProduct),
          colours: colours.map(toProduct),
          qcPhotos,
          sameItem: sameItem.rows.map(toProduct),
          sameItemTotal: sameItem.total,
          priceHistory: history && history.points.length > 1 ? history : null,
          imageSize,
        };
      }
      const deleted = await repo.findDeleted(number);
      const similar = (await repo.around(RING_START, deleted?.category ?? null, RELATED_PRODUCTS_COUNT)).map(toProduct);
      return deleted ? { status: 'gone', title: deleted.title, category: deleted.category, similar } : { status: 'missing', similar };
    },

    /**
     * A page of the admin list and its total. Without filters the total is the kept one; a filter's count is
     * remembered with the `changes` it was made at and used again while no statement has written products since,
     * in this process or any other (paging through a search counts it once).
     */
    async listAdminPage(q: AdminProductQuery): Promise<AdminProductPage> {
      const filter = { search: q.search, category: q.category, gender: q.gender, best: q.best, picture: q.picture, group: q.group };
      const { rows, totals } = await repo.listAdminPage(filter, q.page, q.pageSize, q.sort);
      let total = totals.products;
      if (filter.search || filter.category || filter.gender || filter.best !== undefined || filter.picture || filter.group) {
        const key = JSON.stringify(filter);
        const known = counts.get(key);
        if (known && known.changes === totals.changes) total = known.total;
        else {
          const counted = await repo.countAdmin(filter);
          counts.remember(key, counted);
          total = counted.total;
        }
      }
      return { items: await withGroupSizes(rows, (keys) => repo.groupSizes(keys)), total, page: q.page, pageSize: q.pageSize };
    },

    /** The whole catalogue, or the admin list's current filter, as a streamed CSV, XLSX or JSON file. */
    exportFile(q: ProductExportQuery) {
      const filter: AdminProductFilter = {
        search: q.search,
        category: q.category,
        gender: q.gender,
        best: q.best,
        picture: q.picture,
        group: q.group,
      };
      return exportProducts((f, after, limit) => repo.exportBatch(f, after, limit), filter, q.format);
    },

    /** Other items with this buy link: the item form warns before a second item points at the same store page. */
    async linkMatches(link: string, excludeId: string | undefined): Promise<LinkMatches> {
      return { items: await repo.withLink(link, excludeId) };
    },

    /**
     * A bulk action on ticked items or on every item matching the filters (issue 15): set category, gender or best,
     * or delete; one transaction with its audit entry and what each item was, so Undo can take it back.
     */
    async bulkEdit(actor: Actor, body: BulkEditBody): Promise<BulkEditResult> {
      const { action, selection } = body;
      let summary: string;
      let resolved = action;
      if (action.type === 'set-category') {
        const listed = action.category === null ? null : ((await categories.findByName(action.category))?.name ?? null);
        if (action.category !== null && listed === null) {
          throw new AppError('VALIDATION', `category: there is no category named "${action.category}". Add it under Categories first.`);
        }
        resolved = { ...action, category: listed };
        summary = listed === null ? 'Removed the category' : `Set category to ${listed}`;
      } else if (action.type === 'set-gender') summary = action.gender === null ? 'Removed the gender' : `Set gender to ${action.gender}`;
      else if (action.type === 'set-best') summary = action.isBestProduct ? 'Marked as best products' : 'Unmarked as best products';
      else summary = bulkSummary(action);
      const target = 'ids' in selection ? { ids: selection.ids } : { filter: selection.filter };
      const expected = 'expectedCount' in selection ? selection.expectedCount : null;
      if (!changing) throw new AppError('UNAVAILABLE', 'Bulk actions are not available.');
      // One transaction: the count the operator confirmed, the change Undo reads, the statement, the audit entry.
      type Done = { changeId: string | null; selected: number; changed: number } | { mismatch: number };
      const done = await changing.transaction<Done>(async ({ catalogue, changes, audit }) => {
        const selected = await catalogue.countTarget(target);
        if (expected !== null && selected !== expected) return { mismatch: selected };
        const changeId = await changes.open('bulk-edit', summary, actor);
        const changed = await catalogue.bulkApply(target, resolved, changeId);
        if (changed === 0) {
          await changes.drop(changeId);
          return { changeId: null, selected, changed };
        }
        const details = { changeId, action: action.type, selected, changed, summary };
        await audit.record({ action: 'products-bulk-edit', subject: summary, actor, details });
        return { changeId, selected, changed };
      }, changing.limit);
      if ('mismatch' in done) {
        throw new AppError(
          'CONFLICT',
          `The filters now match ${done.mismatch.toLocaleString('en-US')} items, not ${(expected ?? 0).toLocaleString('en-US')}: the list changed. Look again, then confirm.`,
        );
      }
      return { ...done, summary };
    },

    /** What a bulk action would change (the count and its first changes), for the bar's confirmation; changes nothing. */
    async bulkPreview(body: BulkEditBody): Promise<BulkEditPreview> {
      const { action, selection } = body;
      const target = 'ids' in selection ? { ids: selection.ids } : { filter: selection.filter };
      return repo.bulkPreview(target, action, BULK_PREVIEW_SAMPLES);
    },

    /** Takes a bulk action back (see ChangesRepo.undo): items changed since are left as they are. */
    async undoBulkEdit(actor: Actor, changeId: string): Promise<UndoResult> {
      if (!changing) throw new AppError('UNAVAILABLE', 'Undo is not available.');
      const done = await changing.transaction((repos) => undoAndRecord(repos, changeId, ['bulk-edit'], actor), changing.limit);
      if (done === null) throw new AppError('NOT_FOUND', 'There is no such bulk change to undo.');
      if (done === 'undone') throw new AppError('CONFLICT', 'This change has been undone already.');
      return done.result;
    },

    /** `origin` is this site's (scheme and host), to recognise our own images given by their full address. */
    async create(actor: Actor, input: ProductInput, origin: string): Promise<AdminProduct> {
      const values = valuesFrom(input, await listedCategory(input), null, origin);
      return repo.transaction(async (tx) => {
        const row = await tx.products.insert(values, { cause: 'create', actorId: actor.id });
        const details = { productId: row.id, number: row.number, values: keptValues(row, AUDITED_FIELDS) };
        await audit.record({ action: 'product-create', subject: productSubject(row), actor, details }, tx.executor);
        return (await withGroupSizes([row], (keys) => tx.products.groupSizes(keys)))[0] ?? toAdminProduct(row);
      });
    },

    /** Replaces the product's fields; the entry lists the fields that changed. An edit that changes nothing records nothing. */
    async update(actor: Actor, id: string, input: ProductInput, origin: string): Promise<AdminProduct> {
      // Outside the transaction: embedded PostgreSQL has one connection, so a read beside an open transaction waits
      // for it to end, which would never come.
      const listed = await listedCategory(input);
      return repo.transaction(async (tx) => {
        const current = await tx.products.lockById(id);
        if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
        const row = await tx.products.update(id, valuesFrom(input, listed, current, origin), { cause: 'edit', actorId: actor.id });
        if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
        const changes = changedFields(current, row, AUDITED_FIELDS);
        if (Object.keys(changes).length > 0) {
          const details = { productId: row.id, number: row.number, changes };
          await audit.record({ action: 'product-update', subject: productSubject(row), actor, details }, tx.executor);
        }
        return (await withGroupSizes([row], (keys) => tx.products.groupSizes(keys)))[0] ?? toAdminProduct(row);
      });
    },

    /** The entry keeps what the product was (its address answers 410 from deleted_products, without the link). */
    async delete(actor: Actor, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const current = await tx.products.lockById(id);
        if (!current || !(await tx.products.delete(id))) throw new AppError('NOT_FOUND', NOT_FOUND);
        const details = { productId: current.id, number: current.number, deleted: keptValues(current, AUDITED_FIELDS) };
        await audit.record({ action: 'product-delete', subject: productSubject(current), actor, details }, tx.executor);
      });
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
