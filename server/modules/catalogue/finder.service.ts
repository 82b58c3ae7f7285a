// The finder's service (public): the listing in each order, the search from the index, the facets and
// suggestions, the brands and a product's page. The admin's (item writes, bulk actions, the admin list and the
// export) is catalogue.service.ts; both read through the catalogue repo.
import {
  FINDER_GENDERS,
  PRODUCT_COLOURS_MAX,
  SAME_ITEM_MAX,
  RELATED_PRODUCTS_COUNT,
  SUGGESTED_BRANDS,
  SUGGESTED_CATEGORIES,
  SUGGESTED_PRODUCTS,
} from '../../../common/constants';
import type { PixelSize } from '../../../common/media';
import { isContentLanguage, type ContentLangCode } from '../../../common/catalogue-languages';
import type { LangCode } from '../../../common/i18n';
import type { EmptyRescue, FinderFilterQuery, FinderQuery, Product, ProductDetail, ProductPage } from '../../../common/schemas/product';
import type { BrandSummary, FinderFacets, Suggestions } from '../../../common/schemas/search';
import type { CategoriesRepo } from '../categories/categories.repo';
import { toQcPhoto } from '../qc/qc.service';
import type { CatalogueRepo } from './catalogue.repo';
import { cursorFor, encodeCursor, type FinderCursor } from './cursor';
import type { FinderFilter, RawFinderRow } from './finder.repo';
import { toProduct } from './product-answers';
import { toProductRow, type ProductRow } from './product-columns';
import type { IndexAfter, IndexFilter, SearchIndex, SearchResolution } from './search-index';
import { createSearchIndexKeeper, type KeeperOptions } from './search-index-keeper';
import { tokenize } from './search-tokens';
import { MAX_PLANNED_WORDS, planSearch, searchWords, type SearchPlan } from './search-words';

/** The suggestions list products once a typed word has this many letters. */
const SUGGEST_PRODUCTS_MIN_WORD = 3;

/** The start of the shuffled ring: where the offers on a missing product's page are read from. */
const RING_START = { key: -2147483648, id: '00000000-0000-0000-0000-000000000000' };

/** What a product number leads to: the product, a deleted one (410) or nothing (404). */
export type ProductLookup =
  /** `imageSize`: the stored size of the product's picture when it is one of ours (for its page's link preview). */
  | ({ status: 'found'; imageSize: PixelSize | null } & ProductDetail)
  | { status: 'gone'; title: string; category: string | null; similar: Product[] }
  | { status: 'missing'; similar: Product[] };

export const PRODUCT_GONE_MESSAGE = 'This product has been removed from the catalogue.';
export const PRODUCT_MISSING_MESSAGE = 'There is no product at this address.';

/**
 * A finder row as a product. A search's kept cards (search-index-keeper.ts) are the same row objects answer after
 * answer until the catalogue changes, so each one's product is made once and kept beside its row (in a WeakMap: it
 * goes when the row goes). Answers copy it (zod's encode), nothing changes it.
 */
const productOfRow = new WeakMap<RawFinderRow, Product>();
/** The same, in the languages the row is translated into (issue 41): made once per row and language asked for. */
const translatedOfRow = new WeakMap<RawFinderRow, Map<LangCode, Product>>();
function finderProduct(r: RawFinderRow, lang?: LangCode): Product {
  let product = productOfRow.get(r);
  if (!product) productOfRow.set(r, (product = Object.freeze(toProduct(toProductRow(r)))));
  // A row has no translation in most languages: the English product is the answer there.
  if (!lang || !isContentLanguage(lang) || !hasTextIn(r.translations, lang)) return product;
  let byLang = translatedOfRow.get(r);
  if (!byLang) translatedOfRow.set(r, (byLang = new Map()));
  let translated = byLang.get(lang);
  if (!translated) byLang.set(lang, (translated = Object.freeze(toProduct(toProductRow(r), lang))));
  return translated;
}

/** Whether a row's stored translations have a text in `lang`. */
function hasTextIn(stored: RawFinderRow['translations'], lang: ContentLangCode): boolean {
  const value: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  return Boolean(value && typeof value === 'object' && (value as Record<string, unknown>)[lang]);
}

/** Where the page after `last` starts, in the order it was read in. */
function cursorAfter(last: RawFinderRow, order: FinderCursor['sort']): FinderCursor {
  const listed = last.listedLast ? { last: true } : {};
  return { ...cursorWithin(last, order), ...listed };
}

/** The cursor's keys in the order itself. */
function cursorWithin(last: RawFinderRow, order: FinderCursor['sort']): FinderCursor {
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
  const last = c.last === true;
  switch (c.sort) {
    case 'relevance':
      return { order: 'relevance', score: c.score, key: c.key, id: c.id, last };
    case 'popular':
      return { order: 'popular', popularity: c.popularity, key: c.key, id: c.id, last };
    case 'newest':
      return { order: 'newest', created: timestampMicros(c.value), id: c.id, last };
    case 'price-asc':
    case 'price-desc':
      return { order: c.sort, price: Number(c.value), id: c.id, last };
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
  since: q.since === undefined ? undefined : q.since.getTime() * 1000,
  allWords: q.allWords,
});

/** Whether the text has anything the index can search for (words, numbers); else it is read as no search. */
const searchable = (text: string | undefined): text is string => Boolean(text && tokenize(text).length);

/** How one engine counts the ways out of an empty first page (the index's or the database's; decision 0084). */
type RescueCounts = {
  /** The search as its nearest spellings read it (loose: known words too); null when nothing was corrected. */
  correction(search: string): string | null | Promise<string | null>;
  /** The products a search gives with the other filters (`filtered`) or with none. */
  count(search: string, filtered: boolean): number | Promise<number>;
  /** Every product the storefront shows. */
  all(): number | Promise<number>;
};

/** The ways out of a first page with no items, each with what it would give: one rule for both engines. */
async function waysOut(q: FinderFilterQuery, counts: RescueCounts): Promise<EmptyRescue> {
  const narrowed = Boolean(
    q.category || q.gender || q.best || q.brand?.length || q.minPrice !== undefined || q.maxPrice !== undefined || q.since,
  );
  const out: EmptyRescue = { didYouMean: null, allCategories: null, clearFilters: null };
  const search = q.search;
  if (search) {
    const correction = await counts.correction(search);
    if (correction && correction !== search.toLowerCase()) {
      const count = await counts.count(correction, true);
      if (count > 0) out.didYouMean = { search: correction, count };
    }
    if (narrowed) out.allCategories = await counts.count(search, false);
  }
  if (narrowed || search) out.clearFilters = await counts.all();
  return out;
}

export function createFinderService(
  repo: CatalogueRepo,
  categories: Pick<CategoriesRepo, 'list'>,
  /** The catalogue's change notifications: the finder's searches answer from memory between them (decision 0071). */
  keeping: KeeperOptions = {},
) {
  // The finder's search, its facets and suggestions are answered from this process's index (decision 0055).
  const searchIndex = createSearchIndexKeeper<RawFinderRow>(repo, keeping);
  const readCards = (ids: string[], withCategories: boolean) => repo.indexStateWithRows(ids, withCategories);

  /** Rows of the index's answer, in its order (a product deleted meanwhile is left out). */
  function inOrder(ids: string[], read: RawFinderRow[]): RawFinderRow[] {
    const rows = new Map(read.map((r) => [r.id, r]));
    return ids.map((id) => rows.get(id)).filter((r): r is RawFinderRow => r !== undefined);
  }

  /** The ways out of a search that found nothing, counted in the index (its resolution of the search reused). */
  function indexRescue(q: FinderFilterQuery, index: SearchIndex, resolution: SearchResolution): Promise<EmptyRescue> {
    return waysOut(q, {
      correction: (text) => index.resolve(text, { loose: true }).correction,
      count: (text, filtered) =>
        index.search(text === q.search ? resolution : index.resolve(text), filtered ? indexFilter(q) : {}, 'relevance', 1).total,
      // Every product the storefront shows: the index's (a hidden one is not in it), with no read of the database.
      all: () => index.size,
    });
  }

  /** A search's page from the index: ranked there, its rows read by id. */
  async function searchPage(q: FinderQuery & { search: string }, withRescue: boolean): Promise<ProductPage> {
    const order = q.sort === 'recommended' ? ('relevance' as const) : q.sort;
    const after = cursorFor(q.cursor, order);
    // Ranked in the index; its rows and the index's state read in one statement (see the keeper's `answer`).
    const {
      index,
      result: found,
      read,
    } = await searchIndex.answerKept(
      (index) => {
        const resolution = index.resolve(q.search);
        return { resolution, answer: index.search(resolution, indexFilter(q), order, q.limit + 1, indexAfter(after)) };
      },
      ({ answer }) => ({ ids: answer.ids, categories: false }),
      readCards,
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
      items: page.map((r) => ({ ...finderProduct(r, q.lang), otherColours: colours.get(r.id) ?? 0 })),
      nextCursor,
      correction: answer.correction,
      total: answer.total,
      partial: answer.partial,
    };
    if (withRescue && page.length === 0 && !after) result.rescue = await indexRescue(q, index, resolution);
    return result;
  }

  /** The typed words with their forms and near spellings, from the vocabulary. */
  async function readSearch(text: string, loose = false): Promise<SearchPlan> {
    const words = searchWords(text);
    return planSearch(words, await repo.termCandidates(words.slice(0, MAX_PLANNED_WORDS)), loose);
  }

  function finderFilter(q: FinderFilterQuery, plan: SearchPlan | undefined): FinderFilter {
    const { allWords: _allWords, ...filters } = indexFilter(q);
    return { search: plan && plan.words.length ? plan : undefined, ...filters, gender: q.gender };
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

  /** The ways out of a first page with no items, counted in the database (a search of punctuation alone, browsing). */
  function rescue(q: FinderFilterQuery, filter: FinderFilter): Promise<EmptyRescue> {
    return waysOut(q, {
      correction: async (text) => (await readSearch(text, true)).correction,
      count: async (text, filtered) => {
        const search = text === q.search ? filter.search : await readSearch(text);
        return repo.countFinder(filtered ? { ...filter, search } : { search });
      },
      // The products the storefront shows (not product_totals', which counts hidden ones too).
      all: () => repo.countFinder({}),
    });
  }

  return {
    /** `rescue: false`: no ways out of an empty first page (a saved search's mail run asks thousands that find nothing). */
    async listFinderPage(q: FinderQuery, options: { rescue?: boolean } = {}): Promise<ProductPage> {
      const withRescue = options.rescue ?? true;
      // A search of punctuation alone ("%", "_") has no word for the index: the database's substring rule answers it.
      if (searchable(q.search)) return searchPage({ ...q, search: q.search }, withRescue);
      const searching = Boolean(q.search);
      const order: FinderCursor['sort'] = q.sort === 'recommended' ? (searching ? 'relevance' : 'shuffle') : q.sort;
      const after = cursorFor(q.cursor, order);
      const plan = q.search ? await readSearch(q.search) : undefined;
      const filter = finderFilter(q, plan);
      const rows = await repo.finderPage(filter, q.sort, q.seed, q.limit, after);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      const nextCursor = rows.length > q.limit && last ? encodeCursor(cursorAfter(last, order)) : null;
      const result: ProductPage = { items: page.map((r) => finderProduct(r, q.lang)), nextCursor, correction: plan?.correction ?? null };
      if (withRescue && page.length === 0 && !after) result.rescue = await rescue(q, filter);
      return result;
    },

    /** What this process's search index holds (the bench states it). */
    searchIndexStats() {
      return searchIndex.stats();
    },

    /** Stops listening for the catalogue's changes (the app closes). */
    close(): Promise<void> {
      return searchIndex.close();
    },

    /** How many products each category, gender and brand would give with the current search and other filters. */
    async facets(q: FinderFilterQuery): Promise<FinderFacets> {
      const search = q.search;
      // From the index, with the index's state and the category names in one statement (see the keeper's `answer`).
      const fromIndex = async (text: string | undefined) => {
        const { result, read } = await searchIndex.answerKept(
          (index) => (text === undefined ? index.browseFacets(indexFilter(q)) : index.facets(index.resolve(text), indexFilter(q))),
          () => ({ ids: [], categories: true }),
          readCards,
        );
        return [result, read.categories ?? []] as const;
      };
      const fromDatabase = async () =>
        Promise.all([
          repo.facetCounts(finderFilter(q, search ? await readSearch(search) : undefined)),
          categories.list().then((l) => l.map((c) => c.name)),
        ]);
      // Browsing's counts come from the index too; a search of punctuation alone ("%") is the database's substring rule.
      const [counts, list] = searchable(search) ? await fromIndex(search) : search ? await fromDatabase() : await fromIndex(undefined);
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
    /** `lang`: the language of the products' titles where translated (issue 41). */
    async suggestions(text: string, lang?: LangCode): Promise<Suggestions> {
      const words = tokenize(text);
      if (!words.length) return { query: text, correction: null, products: [], brands: [], categories: [], guides: [] };
      // The products from the index; their rows, the index's state and the category names in one statement.
      const { index, result, read } = await searchIndex.answerKept(
        (index) => {
          // The last word is still being typed: it also matches the words it starts.
          const resolution = index.resolve(text, { prefixLast: true });
          // Products once a word has 3 letters or is one of the niche's abbreviations (af1, lv): shorter words are
          // the start of too many.
          const productsToo =
            words.some((w) => [...w].length >= SUGGEST_PRODUCTS_MIN_WORD) || resolution.terms.some((t) => t.patterns.length > 1);
          return { resolution, answer: productsToo ? index.search(resolution, {}, 'relevance', SUGGESTED_PRODUCTS) : null };
        },
        ({ answer }) => ({ ids: answer?.ids ?? [], categories: true }),
        readCards,
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
          const p = finderProduct(r, lang);
          return { title: p.title, path: p.path, brand: p.brand, price: p.price, thumbnail: p.thumbnail };
        }),
        brands: counts.brands.filter((b) => matches(b.name) || matches(b.slug)).slice(0, SUGGESTED_BRANDS),
        categories: list
          .filter((name) => matches(name))
          .map((name) => ({ name, count: counts.categories.get(name.toLowerCase()) ?? 0 }))
          .filter((c) => c.count > 0)
          .slice(0, SUGGESTED_CATEGORIES),
        // The guides are another module's: the route adds them (catalogue.routes.ts).
        guides: [],
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

    /** Products by number, in `lang` where translated (a guide's cards, issue 43); a missing number is left out. */
    async productsByNumbers(numbers: number[], lang?: LangCode): Promise<Map<number, Product>> {
      const rows = await repo.findByNumbers([...new Set(numbers)]);
      return new Map(rows.map((r) => [r.number, toProduct(r, lang)]));
    },
    /**
     * A product's page: the product and products like it, or what to offer when it is gone or never was; their titles
     * and descriptions in `lang` where translated (issue 41).
     */
    async productPage(number: number, lang?: LangCode): Promise<ProductLookup> {
      const inLang = (r: ProductRow) => toProduct(r, lang);
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
          product: inLang(row),
          related: related.map(inLang),
          colours: colours.map(inLang),
          qcPhotos,
          sameItem: sameItem.rows.map(inLang),
          sameItemTotal: sameItem.total,
          priceHistory: history && history.points.length > 1 ? history : null,
          imageSize,
        };
      }
      const deleted = await repo.findDeleted(number);
      const similar = (await repo.around(RING_START, deleted?.category ?? null, RELATED_PRODUCTS_COUNT)).map(inLang);
      return deleted ? { status: 'gone', title: deleted.title, category: deleted.category, similar } : { status: 'missing', similar };
    },
  };
}
export type FinderService = ReturnType<typeof createFinderService>;
