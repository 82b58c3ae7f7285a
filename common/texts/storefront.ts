// The words the storefront's first bundle carries (spec sections 2, 4, 6, 8 and 9): the finder, the top bar, the
// cards, the sign-in screens and the admin gate. Every other page's words are in its area's file beside this one,
// so the first bundle does not carry them (decision 0070). No Node or DOM APIs here.

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

export const TEXTS = texts({
  finderTitle: /*i18n*/ 'Product Finder',
  loadingStore: /*i18n*/ 'Loading store data...',
  loadingMore: /*i18n*/ 'Loading more items...',
  endOfResults: /*i18n*/ "You've reached the end of the results",
  initialLoadFailed: /*i18n*/ 'Failed to load data. Please try again later.',
  retryFailed: /*i18n*/ 'Failed to refresh data. Please try again later.',
  loadMoreFailed: /*i18n*/ 'Failed to load more items. Please try again.',
  retry: /*i18n*/ 'Retry',
  emptySearchTitle: /*i18n*/ 'No items found',
  emptySearchHint: /*i18n*/ 'Try adjusting your search terms or browse different categories',
  emptyCategoryTitle: (category: string) => i18n._('No items in {category}', { category }),
  emptyCategoryHint: /*i18n*/ 'Try selecting a different category or search for specific items',
  emptyFilteredTitle: /*i18n*/ 'No items match these filters',
  emptyFilteredHint: /*i18n*/ 'Try removing a filter or clear them all to see every item',
  emptyTitle: /*i18n*/ 'No items available',
  emptyHint: /*i18n*/ 'Items will appear here when they are added to the store',
  scrollForMore: /*i18n*/ '(scroll to see more)',
  bestProducts: /*i18n*/ 'Best Products',
  buy: /*i18n*/ 'BUY',
  sortLabel: /*i18n*/ 'Sort by',
  priceLabel: /*i18n*/ 'Price',
  minPriceLabel: /*i18n*/ 'Min price',
  maxPriceLabel: /*i18n*/ 'Max price',
  suggestionsLabel: /*i18n*/ 'Suggestions',
  includingResultsFor: (corrected: string) => i18n._('Including results for “{corrected}”', { corrected }),
  /** Issue 27: no product has every word; these have the most of them. */
  /** A partial answer's line, with how many cards it found (issue 40). */
  partialAnswer: (used: string, total: number) =>
    i18n._(
      '{total, plural, one {No results for all words; showing # result for {used}} other {No results for all words; showing # results for {used}}}',
      { used, total },
    ),
  searchAllWords: /*i18n*/ 'Search for all words',
  /** Issue 29: the last link check found the seller's item gone (decision 0067). */
  mayBeUnavailable: /*i18n*/ 'May be unavailable',
  /** Issue 40: a product without a picture (yet): the placeholder's words for screen readers. */
  photoComing: /*i18n*/ 'Photo coming',
  mayBeUnavailableHint: /*i18n*/ 'The seller’s page said this item is gone when we last checked. It may be back; the link still opens.',
});

/** The heart on cards and product pages (issue 16); the list pages' texts are in favorites.ts (a lazy chunk's). */
export const FAVORITE_TEXTS = texts({
  save: (title: string) => i18n._('Save {title} to favourites', { title }),
  remove: (title: string) => i18n._('Remove {title} from favourites', { title }),
  saveShort: /*i18n*/ 'Save',
  savedShort: /*i18n*/ 'Saved',
  saveFailed: /*i18n*/ 'Could not save to favourites:',
  removeFailed: /*i18n*/ 'Could not remove from favourites:',
  tryAgain: /*i18n*/ 'please try again.',
  navLink: /*i18n*/ 'Favourites',
  navCount: (n: number) => i18n._('({n} saved)', { n }),
});

/** On-screen words of the finder's issue-14 controls and brand pages that the spec's texts (TEXTS) do not fix. */
export const FINDER_TEXTS = texts({
  filters: /*i18n*/ 'Filters',
  /** The camera button in the search box (issue 42); its panel's words are in photo-search.ts. */
  searchByPhoto: /*i18n*/ 'Search by photo',
  /** The chip of the products added since the visitor's last visit (issue 42). */
  newChip: /*i18n*/ 'New since your last visit',
  brandProducts: (count: number) => i18n._('{count, plural, one {# product} other {# products}}', { count }),
  browseFinder: /*i18n*/ 'Browse the finder',
  activeFilters: /*i18n*/ 'Active filters',
  clearAll: /*i18n*/ 'Clear all',
  /** A chip's accessible name: what pressing it takes away ("Remove category Shoes"). */
  removeFilter: (what: string) => i18n._('Remove {what}', { what }),
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
  searchLabel: /*i18n*/ 'Search products',
  searchPlaceholder: /*i18n*/ 'Search products or brands',
  searching: /*i18n*/ 'Searching',
  products: /*i18n*/ 'Products',
  /** The active filters' chips: what each shows, and what its button says it removes. */
  searchChip: (search: string) => i18n._('“{search}”', { search }),
  removeSearch: (search: string) => i18n._('Remove search “{search}”', { search }),
  removeCategory: (category: string) => i18n._('Remove category {category}', { category }),
  removeGender: (gender: string) => i18n._('Remove gender {gender}', { gender }),
  removeBrand: (brand: string) => i18n._('Remove brand {brand}', { brand }),
  removePrice: (range: string) => i18n._('Remove price {range}', { range }),
  /** A price range with one bound: "under $50", "from $10". */
  priceUnder: (price: string) => i18n._('under {price}', { price }),
  priceFrom: (price: string) => i18n._('from {price}', { price }),
});

/** The top bar's own words (the menu's and the footer's are in storefront-later.ts: LAYOUT_TEXTS). */
export const FRAME_TEXTS = texts({
  skipToContent: /*i18n*/ 'Skip to content',
  logoLabel: /*i18n*/ 'Finder home',
  openMenu: /*i18n*/ 'Open menu',
  closeMenu: /*i18n*/ 'Close menu',
  home: /*i18n*/ 'Home',
});

/** BUY's accessible names (spec section 2). */
export const BUY_TEXTS = texts({
  opensStore: (title: string) => i18n._('BUY {title} (opens the store in a new tab)', { title }),
  notAvailable: (title: string) => i18n._('{title} is not available to buy', { title }),
});

/** The agent pickers (issue 16): in the top bar and beside BUY on a product page. */
export const AGENT_PICKER_TEXTS = texts({
  label: /*i18n*/ 'Shopping agent',
  buyThrough: /*i18n*/ 'Buy through',
  /** The top bar's one control for both pickers (issue 28). */
  both: /*i18n*/ 'Shopping agent and currency',
});

/** The finder's gender choices (spec section 4) as the page names them; the address and the API keep the English value. */
export const GENDER_LABELS: Record<FinderGender, string> = texts({
  All: /*i18n*/ 'All',
  Men: /*i18n*/ 'Men',
  Women: /*i18n*/ 'Women',
});

/** A product's page (its first render: the finder's catalogue carries them) and its missing or removed page. */
export const PRODUCT_TEXTS = texts({
  breadcrumb: /*i18n*/ 'Breadcrumb',
  brand: /*i18n*/ 'Brand',
  category: /*i18n*/ 'Category',
  gender: /*i18n*/ 'Gender',
  alsoInColours: (n: number) => i18n._('{n, plural, one {Also in # other colour} other {Also in # other colours}}', { n }),
  note: /*i18n*/ 'Prices are approximate and set by the store. Finder is not a seller: the store handles the order, payment and returns.',
  moreLikeThis: /*i18n*/ 'More like this',
  /** The guides that show the product (issue 43). */
  inTheseGuides: /*i18n*/ 'In these guides',
  loadingRelated: /*i18n*/ 'Loading related products',
  loading: /*i18n*/ 'Loading the product',
  loadFailed: /*i18n*/ 'This product could not be loaded. Please try again.',
  removedTitle: /*i18n*/ 'This product has been removed',
  missingTitle: /*i18n*/ 'Product not found',
  removedText: /*i18n*/ 'It is no longer in the catalogue. Browse the finder, or have a look at these similar finds.',
  missingText: /*i18n*/ 'There is no product at this address. Browse the finder, or have a look at these finds.',
  moreIn: (category: string) => i18n._('More in {category}', { category }),
  similar: /*i18n*/ 'Similar products',
  youMightLike: /*i18n*/ 'You might like',
  share: /*i18n*/ 'Share',
  copyLink: /*i18n*/ 'Copy link',
  copied: /*i18n*/ 'Copied',
  linkCopied: /*i18n*/ 'Link copied',
  copyFailed: /*i18n*/ 'Could not copy the link: copy it from the address bar.',
});

/** The genders a product may have (its page's facts), as the page names them. */
export const PRODUCT_GENDER_LABELS: Record<string, string> = texts({
  Men: /*i18n*/ 'Men',
  Women: /*i18n*/ 'Women',
  Kids: /*i18n*/ 'Kids',
  Unisex: /*i18n*/ 'Unisex',
});
