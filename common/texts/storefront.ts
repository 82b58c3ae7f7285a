// The words the storefront's first bundle carries (spec sections 2, 4, 6, 8 and 9): the finder, the top bar, the
// cards, the sign-in screens and the admin gate. Every other page's words are in its area's file beside this one,
// so the first bundle does not carry them (decision 0070). No Node or DOM APIs here.

import { texts, i18n } from '../i18n';

import type { FinderGender, FinderSort } from '../constants';

/** A card's QC badge (issue 16): what it shows and what it says to a screen reader. */
export const QC_BADGE = texts({
  short: (n: number) => i18n._('QC {n}', { n }),
  spoken: (n: number) => i18n._('{n, plural, one {# QC photo} other {# QC photos}}', { n }),
});

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
  showMore: /*i18n*/ 'Show More',
  showLess: /*i18n*/ 'Show Less',
  buy: /*i18n*/ 'BUY',
  join: /*i18n*/ 'Join',
  signUp: /*i18n*/ 'Sign Up',
  sortLabel: /*i18n*/ 'Sort by',
  priceLabel: /*i18n*/ 'Price',
  minPriceLabel: /*i18n*/ 'Min price',
  maxPriceLabel: /*i18n*/ 'Max price',
  brandsLabel: /*i18n*/ 'Brands',
  brandSearchLabel: /*i18n*/ 'Search brands',
  suggestionsLabel: /*i18n*/ 'Suggestions',
  includingResultsFor: (corrected: string) => i18n._('Including results for “{corrected}”', { corrected }),
  didYouMean: /*i18n*/ 'Did you mean',
  /** Issue 27: no product has every word; these have the most of them. */
  /** A partial answer's line, with how many cards it found (issue 40). */
  partialAnswer: (used: string, total: number) =>
    i18n._(
      '{total, plural, one {No results for all words; showing # result for {used}} other {No results for all words; showing # results for {used}}}',
      { used, total },
    ),
  searchAllWords: /*i18n*/ 'Search for all words',
  /** Other colours of a card's product that the search also matched. */
  moreColours: (n: number) => i18n._('{n, plural, one {+# colour} other {+# colours}}', { n }),
  /** Issue 29: the last link check found the seller's item gone (decision 0067). */
  mayBeUnavailable: /*i18n*/ 'May be unavailable',
  /** Issue 40: a product without a picture (yet): the placeholder's words for screen readers. */
  photoComing: /*i18n*/ 'Photo coming',
  mayBeUnavailableHint: /*i18n*/ 'The seller’s page said this item is gone when we last checked. It may be back; the link still opens.',
  searchAllCategories: /*i18n*/ 'Search all categories',
  clearFilters: /*i18n*/ 'Clear filters',
  priceRangeInvalid: /*i18n*/ 'The lowest price must not be above the highest.',
  requestItem: /*i18n*/ 'Request this item',
  requestItemLead: /*i18n*/ 'Can’t find it? Tell us and we will try to add it.',
  loadingForm: /*i18n*/ 'Loading the form',
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

/** Texts of the account screens, the admin gate and the Google sign-in test page (spec sections 2, 4, 6 and 8). */
export const AUTH_TEXTS = texts({
  loginTitle: /*i18n*/ 'Welcome Back',
  registerTitle: /*i18n*/ 'Create a New Account',
  signIn: /*i18n*/ 'Sign In',
  signingIn: /*i18n*/ 'Signing In...',
  signUp: /*i18n*/ 'Sign Up',
  signingUp: /*i18n*/ 'Signing Up...',
  continueWithGoogle: /*i18n*/ 'Continue with Google',
  signInFailed: /*i18n*/ 'Sign in failed: ',
  googleSignInFailed: /*i18n*/ 'Google Sign In failed: ',
  signUpFailed: /*i18n*/ 'Sign up failed: ',
  adminPrivileges: /*i18n*/ 'You have admin privileges',
  logout: /*i18n*/ 'Logout',
  loggingOut: /*i18n*/ 'Logging out...',
  login: /*i18n*/ 'Login',
  register: /*i18n*/ 'Register',
  testGoogleSignIn: /*i18n*/ 'Test Google Sign In',
  testing: /*i18n*/ 'Testing...',
  signedInAs: /*i18n*/ 'Successfully signed in as',
  debugCopied: /*i18n*/ 'Debug info copied to clipboard!',
  verifyingAdmin: /*i18n*/ 'Verifying admin access...',
  authRequiredTitle: /*i18n*/ 'Authentication Required',
  authRequiredText: /*i18n*/ 'Please log in to access the admin dashboard.',
  goToLogin: /*i18n*/ 'Go to Login',
  accessDeniedTitle: /*i18n*/ 'Access Denied',
  accessDeniedText: /*i18n*/ "You don't have admin privileges to access this page.",
  goToHome: /*i18n*/ 'Go to Home',
  adminTitle: /*i18n*/ 'Admin Dashboard',
  backToStore: /*i18n*/ 'Back to Store',
  passwordsDoNotMatch: /*i18n*/ 'Passwords do not match.',
  googleNotConfigured: /*i18n*/ 'Google sign-in is not set up on this site. Sign in with your email and password.',
  // Any other address (the spec's fallback, the login screen, answered 404): what is above the form.
  notFoundTitle: /*i18n*/ 'Page not found',
  notFoundText: /*i18n*/ 'There is no page at this address. The link may be old or mistyped.',
  notFoundFinder: /*i18n*/ 'Browse the product finder',
});

/** On-screen words of the finder's issue-14 controls and brand pages that the spec's texts (TEXTS) do not fix. */
export const FINDER_TEXTS = texts({
  filters: /*i18n*/ 'Filters',
  /** The camera button in the search box (issue 42); its panel's words are in photo-search.ts. */
  searchByPhoto: /*i18n*/ 'Search by photo',
  /** The chip of the products added since the visitor's last visit (issue 42). */
  newChip: /*i18n*/ 'New since your last visit',
  suggestedProducts: /*i18n*/ 'Products',
  suggestedBrands: /*i18n*/ 'Brands',
  suggestedCategories: /*i18n*/ 'Categories',
  suggestedGuides: /*i18n*/ 'Guides',
  noBrands: /*i18n*/ 'No brands here',
  brandProducts: (count: number) => i18n._('{count, plural, one {# product} other {# products}}', { count }),
  brandMissingTitle: /*i18n*/ 'Brand not found',
  brandMissingText: /*i18n*/ 'No product of this brand is in the catalogue. Browse the finder instead.',
  browseFinder: /*i18n*/ 'Browse the finder',
  loadingBrand: /*i18n*/ 'Loading brand...',
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
  allCategories: /*i18n*/ 'All',
  categoryGroup: /*i18n*/ 'Category',
  genderGroup: /*i18n*/ 'Gender',
  searchLabel: /*i18n*/ 'Search products',
  searchPlaceholder: /*i18n*/ 'Search products or brands',
  searching: /*i18n*/ 'Searching',
  loadingBrands: /*i18n*/ 'Loading brands',
  products: /*i18n*/ 'Products',
  minPlaceholder: /*i18n*/ 'Min',
  maxPlaceholder: /*i18n*/ 'Max',
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

/** The finder's banner (spec section 4): the discount code, the community and the store's sign-up. */
export const PROMO_TEXTS = texts({
  /** Around the code, which the page shows as code: "10% off with code FINDS". */
  offWithCode: (percent: number, code: string) => i18n._('{percent}% off with code {code}', { percent, code }),
  extra: (percent: number) =>
    i18n._('Sign up through our link for an extra {percent}% off, and join the community for new finds.', { percent }),
  copyCode: /*i18n*/ 'Copy code',
  copied: /*i18n*/ 'Copied',
  codeCopied: (code: string) => i18n._('Code {code} copied', { code }),
  copyFailed: /*i18n*/ 'Could not copy the code',
  signUpExtra: (percent: number) => i18n._('Sign Up at the store for an extra {percent}% off (opens in a new tab)', { percent }),
});

/** BUY's accessible names (spec section 2). */
export const BUY_TEXTS = texts({
  opensStore: (title: string) => i18n._('BUY {title} (opens the store in a new tab)', { title }),
  notAvailable: (title: string) => i18n._('{title} is not available to buy', { title }),
});

/** An agent's promotion beside BUY, in the banner and in the converter (issue 29). */
export const AGENT_PROMO_TEXTS = texts({
  label: (agent: string) => i18n._('{agent} promotion', { agent }),
  code: /*i18n*/ 'Code',
  copy: /*i18n*/ 'Copy code',
  copied: /*i18n*/ 'Copied',
  copiedStatus: (code: string) => i18n._('Code {code} copied', { code }),
  copyFailed: /*i18n*/ 'Could not copy the code',
  open: /*i18n*/ 'Get it',
  openLabel: (agent: string) => i18n._('Get the {agent} promotion (opens in a new tab)', { agent }),
});

/** The agent pickers (issue 16): in the top bar and beside BUY on a product page. */
export const AGENT_PICKER_TEXTS = texts({
  label: /*i18n*/ 'Shopping agent',
  buyThrough: /*i18n*/ 'Buy through',
  /** The top bar's one control for both pickers (issue 28). */
  both: /*i18n*/ 'Shopping agent and currency',
});

/** The language switcher (issue 41), in the page's language. */
export const LANGUAGE_TEXTS = texts({
  label: /*i18n*/ 'Language',
  /** The switcher's button: the page's language, for screen readers with what it does. */
  choose: (current: string) => i18n._('Language: {current}. Choose another', { current }),
});

/**
 * The bar that suggests the visitor's language once (issue 41): its sentences are read in the suggested language,
 * not the page's, so they are kept as ids here and translated with that language's catalogue where it is shown.
 */
export const LANGUAGE_BAR_IDS = {
  available: /*i18n*/ 'This page is also in {language}.',
  switchTo: /*i18n*/ 'Show it in {language}',
  dismiss: /*i18n*/ 'No, thanks',
} as const;

/** The frame of every storefront page (spec section 9): the skip link, the top bar and the footer. */
export const LAYOUT_TEXTS = texts({
  skipToContent: /*i18n*/ 'Skip to content',
  logoLabel: /*i18n*/ 'Finder home',
  openMenu: /*i18n*/ 'Open menu',
  closeMenu: /*i18n*/ 'Close menu',
  mainNav: /*i18n*/ 'Main',
  home: /*i18n*/ 'Home',
  products: /*i18n*/ 'Products',
  converterLabel: /*i18n*/ 'Link converter',
  converter: /*i18n*/ 'Converter',
  admin: /*i18n*/ 'Admin',
  account: /*i18n*/ 'Account',
  joinCommunity: /*i18n*/ 'Join the community (opens in a new tab)',
  signUpAtStore: /*i18n*/ 'Sign Up at the store (opens in a new tab)',
  logoutFailed: (reason: string) => i18n._('Logout failed: {reason}', { reason }),
  communityTitle: /*i18n*/ 'Finder community',
  communityText: /*i18n*/ 'Join other shoppers to share finds, size advice and haul reviews, and be first to hear about new codes.',
  quickLinks: /*i18n*/ 'Quick links',
  legal: /*i18n*/ 'Legal',
  copyright: (year: string) =>
    i18n._('© {year} Finder. All rights reserved. Finder is not a seller: orders, payment and returns are handled by the linked store.', {
      year,
    }),
});

/** The legal pages' names: their titles, and the footer's links to them. */
export const LEGAL_TITLES = texts({
  privacyPolicy: /*i18n*/ 'Privacy Policy',
  cookiesPolicy: /*i18n*/ 'Cookies Policy',
  dataSecurity: /*i18n*/ 'Data Security',
  disclaimer: /*i18n*/ 'Disclaimer',
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
