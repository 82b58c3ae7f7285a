// The active filters as removable chips (issue 28): what each shows, what its button says it removes, and the
// filters left once it is removed. Pure, so the server's rendering and the browser's draw the same row.
import { ALL } from './constants';
import { GENDER_LABELS } from './texts/finder';
import { FINDER_LATER_TEXTS } from './texts/storefront-later';
import { TEXTS } from './texts/storefront';
import type { CurrencyCode } from './currency';
import type { FinderFilters } from './finder-filters';
import { priceRangeText } from './price';

export type FilterChipKind = 'search' | 'category' | 'gender' | 'best' | 'brand' | 'price' | 'new';

export type FilterChip = {
  /** Unique in the row (a brand's chip carries its slug). */
  key: string;
  kind: FilterChipKind;
  /** What the chip shows: "Shoes", "Men", "Best Products", "Nike", "$10.00–$50.00", "“jeans”". */
  label: string;
  /** Its button's accessible name: "Remove category Shoes". */
  removeLabel: string;
  /** What removing it changes (the order and the other filters stay). */
  change: Partial<FinderFilters>;
};

type Options = {
  /** Brand names by slug; a brand not in it shows its slug. */
  brandNames?: ReadonlyMap<string, string> | undefined;
  currency?: CurrencyCode | undefined;
  /** A brand's page: its brand is the page, not a filter, so it gets no chip. */
  fixedBrand?: string | undefined;
};

/**
 * Control characters are in no filter the API accepts; a typed address may still carry one (category=a%00, which
 * the API refuses): its chip, the way out, shows the rest, and no NUL is echoed into the page.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, '');

/** One chip per active filter: category, gender, Best Products, each brand, the price range, the search text. */
export function activeFilterChips(f: FinderFilters, { brandNames, currency, fixedBrand }: Options = {}): FilterChip[] {
  const chips: FilterChip[] = [];
  if (f.category !== ALL) {
    const category = printable(f.category);
    chips.push({
      key: 'category',
      kind: 'category',
      label: category,
      removeLabel: FINDER_LATER_TEXTS.removeCategory(category),
      change: { category: ALL },
    });
  }
  if (f.gender !== ALL) {
    const gender = GENDER_LABELS[f.gender];
    chips.push({
      key: 'gender',
      kind: 'gender',
      label: gender,
      removeLabel: FINDER_LATER_TEXTS.removeGender(gender),
      change: { gender: ALL },
    });
  }
  if (f.best) {
    chips.push({
      key: 'best',
      kind: 'best',
      label: TEXTS.bestProducts,
      removeLabel: FINDER_LATER_TEXTS.removeFilter(TEXTS.bestProducts),
      change: { best: false },
    });
  }
  for (const slug of f.brands) {
    if (slug === fixedBrand) continue;
    const name = printable(brandNames?.get(slug) ?? slug);
    chips.push({
      key: `brand:${slug}`,
      kind: 'brand',
      label: name,
      removeLabel: FINDER_LATER_TEXTS.removeBrand(name),
      change: { brands: f.brands.filter((b) => b !== slug) },
    });
  }
  const range = priceRangeText(f.minPrice, f.maxPrice, currency);
  if (range) {
    const price = range.charAt(0).toUpperCase() + range.slice(1);
    chips.push({
      key: 'price',
      kind: 'price',
      label: price,
      removeLabel: FINDER_LATER_TEXTS.removePrice(range),
      change: { minPrice: null, maxPrice: null },
    });
  }
  if (f.since) {
    chips.push({
      key: 'new',
      kind: 'new',
      label: FINDER_LATER_TEXTS.newChip,
      removeLabel: FINDER_LATER_TEXTS.removeFilter(FINDER_LATER_TEXTS.newChip),
      change: { since: null },
    });
  }
  const search = f.search.trim();
  if (search) {
    chips.push({
      key: 'search',
      kind: 'search',
      label: FINDER_LATER_TEXTS.searchChip(search),
      removeLabel: FINDER_LATER_TEXTS.removeSearch(search),
      change: { search: '', allWords: false },
    });
  }
  return chips;
}
