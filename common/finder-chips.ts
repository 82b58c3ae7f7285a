// The active filters as removable chips (issue 28): what each shows, what its button says it removes, and the
// filters left once it is removed. Pure, so the server's rendering and the browser's draw the same row.
import { ALL } from './constants';
import { FINDER_TEXTS, TEXTS } from './texts/storefront';
import type { CurrencyCode } from './currency';
import type { FinderFilters } from './finder-filters';
import { priceRangeText } from './price';

export type FilterChipKind = 'search' | 'category' | 'gender' | 'best' | 'brand' | 'price';

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

const remove = FINDER_TEXTS.removeFilter;

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
      removeLabel: remove(`category ${category}`),
      change: { category: ALL },
    });
  }
  if (f.gender !== ALL) {
    chips.push({ key: 'gender', kind: 'gender', label: f.gender, removeLabel: remove(`gender ${f.gender}`), change: { gender: ALL } });
  }
  if (f.best) {
    chips.push({ key: 'best', kind: 'best', label: TEXTS.bestProducts, removeLabel: remove(TEXTS.bestProducts), change: { best: false } });
  }
  for (const slug of f.brands) {
    if (slug === fixedBrand) continue;
    const name = printable(brandNames?.get(slug) ?? slug);
    chips.push({
      key: `brand:${slug}`,
      kind: 'brand',
      label: name,
      removeLabel: remove(`brand ${name}`),
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
      removeLabel: remove(`price ${range}`),
      change: { minPrice: null, maxPrice: null },
    });
  }
  const search = f.search.trim();
  if (search) {
    const label = `“${search}”`;
    chips.push({ key: 'search', kind: 'search', label, removeLabel: remove(`search ${label}`), change: { search: '', allWords: false } });
  }
  return chips;
}
