// The finder's own words: its controls, chips, counts and brand pages (spec section 4, issue 14).
// Kept in a module of its own so the pages that do not show them do not load them (issue 38); their translations
// come with the first view's catalogue (lingui.config.ts). No Node or DOM APIs here.

import { texts, i18n } from '../i18n';

import type { FinderGender, FinderSort } from '../constants';

/** The finder's orders as its Sort by control names them (issue 14). */
export const SORT_LABELS: Record<FinderSort, string> = texts({
  recommended: /*i18n*/ 'Recommended',
  newest: /*i18n*/ 'Newest',
  'price-asc': /*i18n*/ 'Price: low to high',
  'price-desc': /*i18n*/ 'Price: high to low',
  popular: /*i18n*/ 'Popular',
});

/** On-screen words of the finder's issue-14 controls and brand pages that the spec's texts (TEXTS) do not fix. */
export const FINDER_TEXTS = texts({
  filters: /*i18n*/ 'Filters',
  /** The camera button in the search box (issue 42); its panel's words are in photo-search.ts. */
  searchByPhoto: /*i18n*/ 'Search by photo',
  brandProducts: (count: number) => i18n._('{count, plural, one {# product} other {# products}}', { count }),
  /**
   * The summary line (spec section 4): "Showing 6 items of 9 matching "jeans" in Pants for Men (scroll to see more)".
   * `count` and `total` are the numbers as written (grouped), `shown` the count the plural is chosen by.
   */
  summary: (v: { shown: number; count: string; total: string | null; search: string; category: string; gender: string; more: string }) =>
    i18n._(
      '{shown, plural, one {Showing {count} item} other {Showing {count} items}}{hasTotal, select, yes { of {total}} other {}}{hasSearch, select, yes { matching "{search}"} other {}}{hasCategory, select, yes { in {category}} other {}}{hasGender, select, yes { for {gender}} other {}}{hasMore, select, yes { {more}} other {}}',
      {
        shown: v.shown,
        count: v.count,
        total: v.total,
        search: v.search,
        category: v.category,
        gender: v.gender,
        more: v.more,
        hasTotal: v.total ? 'yes' : 'no',
        hasSearch: v.search ? 'yes' : 'no',
        hasCategory: v.category ? 'yes' : 'no',
        hasGender: v.gender ? 'yes' : 'no',
        hasMore: v.more ? 'yes' : 'no',
      },
    ),
  /** A choice's count as a screen reader hears it after the number ("Men 41 products"). */
  countProducts: (n: number) => i18n._('{n, plural, one {product} other {products}}', { n }),
  genderGroup: /*i18n*/ 'Gender',
  products: /*i18n*/ 'Products',
});

/** The finder's gender choices (spec section 4) as the page names them; the address and the API keep the English value. */
export const GENDER_LABELS: Record<FinderGender, string> = texts({
  All: /*i18n*/ 'All',
  Men: /*i18n*/ 'Men',
  Women: /*i18n*/ 'Women',
});

/** The specification's words of the finder (section 4): its title, its states and its messages. */
export const FINDER_SPEC_TEXTS = texts({
  finderTitle: /*i18n*/ 'Product Finder',
  loadingStore: /*i18n*/ 'Loading store data...',
  loadingMore: /*i18n*/ 'Loading more items...',
  endOfResults: /*i18n*/ "You've reached the end of the results",
  retryFailed: /*i18n*/ 'Failed to refresh data. Please try again later.',
  loadMoreFailed: /*i18n*/ 'Failed to load more items. Please try again.',
  emptySearchTitle: /*i18n*/ 'No items found',
  emptySearchHint: /*i18n*/ 'Try adjusting your search terms or browse different categories',
  emptyCategoryTitle: (category: string) => i18n._('No items in {category}', { category }),
  emptyCategoryHint: /*i18n*/ 'Try selecting a different category or search for specific items',
  emptyFilteredTitle: /*i18n*/ 'No items match these filters',
  emptyFilteredHint: /*i18n*/ 'Try removing a filter or clear them all to see every item',
  emptyTitle: /*i18n*/ 'No items available',
  emptyHint: /*i18n*/ 'Items will appear here when they are added to the store',
  scrollForMore: /*i18n*/ '(scroll to see more)',
  sortLabel: /*i18n*/ 'Sort by',
  priceLabel: /*i18n*/ 'Price',
  minPriceLabel: /*i18n*/ 'Min price',
  maxPriceLabel: /*i18n*/ 'Max price',
  includingResultsFor: (corrected: string) => i18n._('Including results for “{corrected}”', { corrected }),
  /** Issue 27: no product has every word; these have the most of them. */
  /** A partial answer's line, with how many cards it found (issue 40). */
  partialAnswer: (used: string, total: number) =>
    i18n._(
      '{total, plural, one {No results for all words; showing # result for {used}} other {No results for all words; showing # results for {used}}}',
      { used, total },
    ),
  searchAllWords: /*i18n*/ 'Search for all words',
});
