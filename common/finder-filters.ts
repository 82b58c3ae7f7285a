import { groupDigits } from './numbers';
import {
  ALL,
  BRAND_FILTER_MAX,
  BRAND_SLUG_MAX_LENGTH,
  CATEGORY_MAX_LENGTH,
  DEFAULT_SORT,
  FINDER_GENDERS,
  FINDER_SORTS,
  SEARCH_MAX_LENGTH,
  type FinderGender,
  type FinderSort,
} from './constants';
import { FINDER_TEXTS, GENDER_LABELS, FINDER_SPEC_TEXTS } from './texts/finder';

/**
 * The finder's filter state (spec section 4, issue 14). The address and the API spell it alike, in one codec
 * (`paramsFromFilters`, issue 30): search, category, gender, best, sort (omitted for Recommended), minPrice, maxPrice,
 * brand (brand slugs joined by commas, sorted) and allWords. Addresses written before that said `q` and `words=all`:
 * they are still read.
 */
export type FinderFilters = {
  search: string;
  category: string;
  gender: FinderGender;
  best: boolean;
  sort: FinderSort;
  /** In the store's base currency; null: no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Brand slugs (brandSlug of a product), sorted, no repeats; empty: every brand. */
  brands: string[];
  /** Every word of the search required, even when no product has them all (no partial answer); `words=all`. */
  allWords: boolean;
  /** Only products added after this time (ISO 8601, UTC): "new since your last visit" (issue 42); null: all. */
  since: string | null;
};

export const DEFAULT_FILTERS: FinderFilters = {
  search: '',
  category: ALL,
  gender: ALL,
  best: false,
  sort: DEFAULT_SORT,
  minPrice: null,
  maxPrice: null,
  brands: [],
  allWords: false,
  since: null,
};

/** A `since` from the address: an ISO 8601 time in UTC (what the finder writes), else none. */
export function parseSinceParam(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  if (!text || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(text)) return null;
  return Number.isNaN(Date.parse(text)) ? null : text;
}

/** A price bound from the URL: a non-negative number with at most 2 decimals, else none. */
export function parsePriceParam(raw: string | null | undefined): number | null {
  const text = raw?.trim();
  if (!text || !/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  return Number(text);
}

/** Control characters are in no search or slug: dropped, as the API drops them (a NUL is never echoed into a page). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const withoutControls = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, '');

/** Brand slugs from `brand=a,b`: lower case, trimmed, sorted, no repeats, at most BRAND_FILTER_MAX. */
export function parseBrandParam(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const slugs = withoutControls(raw)
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s && s.length <= BRAND_SLUG_MAX_LENGTH);
  return [...new Set(slugs)].sort().slice(0, BRAND_FILTER_MAX);
}

export function filtersFromParams(params: URLSearchParams): FinderFilters {
  const genderParam = params.get('gender')?.toLowerCase();
  const gender = FINDER_GENDERS.find((g) => g.toLowerCase() === genderParam) ?? ALL;
  // Cut to what the API accepts, so an over-long shared link still opens (the search box cuts typing there too).
  const category = params.get('category')?.trim().slice(0, CATEGORY_MAX_LENGTH).trim() || ALL;
  return {
    search: withoutControls(params.get('search') ?? params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    // Category chips are hidden for Women, and choosing Women resets the category.
    category: gender === 'Women' ? ALL : category,
    gender,
    best: params.get('best') === 'true',
    sort: FINDER_SORTS.find((s) => s === params.get('sort')?.toLowerCase()) ?? DEFAULT_SORT,
    minPrice: parsePriceParam(params.get('minPrice')),
    maxPrice: parsePriceParam(params.get('maxPrice')),
    brands: parseBrandParam(params.get('brand')),
    allWords: params.get('allWords') === 'true' || params.get('words') === 'all',
    since: parseSinceParam(params.get('since')),
  };
}

export function paramsFromFilters(f: FinderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.search) params.set('search', f.search);
  if (f.category !== ALL) params.set('category', f.category);
  if (f.gender !== ALL) params.set('gender', f.gender);
  if (f.best) params.set('best', 'true');
  if (f.brands.length) params.set('brand', [...f.brands].sort().join(','));
  if (f.minPrice !== null) params.set('minPrice', String(f.minPrice));
  if (f.maxPrice !== null) params.set('maxPrice', String(f.maxPrice));
  if (f.sort !== DEFAULT_SORT) params.set('sort', f.sort);
  if (f.allWords && f.search.trim()) params.set('allWords', 'true');
  if (f.since) params.set('since', f.since);
  return params;
}

/** Whether anything narrows the list besides the search text (what "Clear filters" takes away). */
export function hasFilters(f: FinderFilters): boolean {
  return (
    f.category !== ALL ||
    f.gender !== ALL ||
    f.best ||
    f.brands.length > 0 ||
    f.minPrice !== null ||
    f.maxPrice !== null ||
    f.since !== null
  );
}

/**
 * The summary line (spec section 4), with the total of what the filters give when more exist than are shown
 * (issue 27): "Showing 6 items of 9 matching "jeans" in Pants for Men (scroll to see more)".
 */
export function summaryText(f: FinderFilters, shown: number, hasMore: boolean, total?: number | null): string {
  return FINDER_TEXTS.summary({
    shown,
    count: groupDigits(shown),
    total: total !== undefined && total !== null && total > shown ? groupDigits(total) : null,
    search: f.search.trim(),
    category: f.category !== ALL ? f.category : '',
    gender: f.gender !== ALL ? GENDER_LABELS[f.gender] : '',
    more: hasMore ? FINDER_SPEC_TEXTS.scrollForMore : '',
  });
}

export function emptyState(f: FinderFilters): { title: string; hint: string } {
  if (f.search.trim()) return { title: FINDER_SPEC_TEXTS.emptySearchTitle, hint: FINDER_SPEC_TEXTS.emptySearchHint };
  if (f.category !== ALL) return { title: FINDER_SPEC_TEXTS.emptyCategoryTitle(f.category), hint: FINDER_SPEC_TEXTS.emptyCategoryHint };
  // Gender, Best, brands or a price range left nothing: the store is not empty, and saying so would mislead (issue 28).
  if (hasFilters(f)) return { title: FINDER_SPEC_TEXTS.emptyFilteredTitle, hint: FINDER_SPEC_TEXTS.emptyFilteredHint };
  return { title: FINDER_SPEC_TEXTS.emptyTitle, hint: FINDER_SPEC_TEXTS.emptyHint };
}

/** Whether the price bounds can be asked for: a range whose lowest is above its highest finds nothing to ask. */
export function priceRangeValid(f: Pick<FinderFilters, 'minPrice' | 'maxPrice'>): boolean {
  return f.minPrice === null || f.maxPrice === null || f.minPrice <= f.maxPrice;
}

/**
 * The query of the finder's listing (without seed, limit and cursor) and of its facets (which ignore sort): the
 * address's own codec, so the server renders the first page from the very question the browser asks next. The search
 * is trimmed; a crossed price range (lowest above highest, from a typed address) is left out: the API would refuse it,
 * and the price fields say why instead.
 */
export function finderApiParams(f: FinderFilters): Record<string, string> {
  const prices = priceRangeValid(f);
  const asked = {
    ...f,
    search: f.search.trim(),
    minPrice: prices ? f.minPrice : null,
    maxPrice: prices ? f.maxPrice : null,
  };
  return Object.fromEntries(paramsFromFilters(asked));
}
