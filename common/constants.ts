// Values and on-screen texts fixed by the specification (sections 4, 8 and 9).
// Shared by the server and the web; no Node or DOM APIs here.

export const FINDER_PAGE_SIZE_PHONE = 4;
export const FINDER_PAGE_SIZE_DESKTOP = 6;
/** Widths at or below this many CSS pixels get the phone page size. */
export const FINDER_PHONE_MAX_WIDTH_PX = 768;
/** The largest page the listing API hands out; the finder asks for 4 or 6. */
export const FINDER_MAX_PAGE_SIZE = 48;

/**
 * The visitor's shuffle seed (decision 0001) lives in this session cookie, so the server renders the finder in the
 * order the visitor already has, and a reload keeps it.
 */
export const SHUFFLE_SEED_COOKIE = 'finder_seed';
export const MAX_SHUFFLE_SEED = 2147483647;

export const FILTER_DEBOUNCE_MS = 300;
export const CARD_STAGGER_MS = 150;
export const SCROLL_BACK_PX = 300;
export const SCROLL_BACK_DELAY_MS = 100;
export const SENTINEL_THRESHOLD = 0.1;
export const SENTINEL_ROOT_MARGIN = '100px';
export const VISIBLE_CATEGORY_COUNT = 10;
/** Products shown under "More like this" on a product page, and instead of a missing one. */
export const RELATED_PRODUCTS_COUNT = 8;
/** The most other colours (products of one seller item, issue 26) a product page lists. */
export const PRODUCT_COLOURS_MAX = 48;
/** The most other sellers of the same photo (issue 29) a product page lists; it says how many there are in all. */
export const SAME_ITEM_MAX = 12;

/** Where the storefront posts its clicks, product views, referral buttons and finder views (issues 5 and 16). */
export const ANALYTICS_EVENTS_PATH = '/api/analytics/events';

/** A card's QC badge (issue 16): what it shows and what it says to a screen reader. */
export const QC_BADGE = {
  short: (n: number) => `QC ${n}`,
  spoken: (n: number) => (n === 1 ? '1 QC photo' : `${n} QC photos`),
};

export const DISCOUNT_PERCENT = 10;
export const REFERRAL_EXTRA_PERCENT = 5;

/** Longest search text the API accepts; longer input is a client bug or abuse. */
export const SEARCH_MAX_LENGTH = 100;
/** Longest category name the API accepts in a filter. */
export const CATEGORY_MAX_LENGTH = 100;

/** Password length rules of sign-up (the auth library enforces the same numbers on the server). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Longest email address accepted (RFC 5321's limit on a forward path). */
export const EMAIL_MAX_LENGTH = 254;

/** Where Better Auth is mounted; the Google redirect address is this plus /callback/google. */
export const AUTH_BASE_PATH = '/api/auth';
export const GOOGLE_CALLBACK_PATH = `${AUTH_BASE_PATH}/callback/google`;

export const GENDERS = ['Men', 'Women', 'Kids', 'Unisex'] as const;
export type Gender = (typeof GENDERS)[number];
/** The finder's gender filter offers only these (spec section 2). */
export const FINDER_GENDERS = ['All', 'Men', 'Women'] as const;
export type FinderGender = (typeof FINDER_GENDERS)[number];
export const ALL = 'All';

/**
 * The finder's orders (issue 14). Recommended is the shared shuffle; while searching it ranks by relevance first.
 * Popular counts outbound clicks of the 30 whole days before today (recounted once a day, so paging stays put).
 */
export const FINDER_SORTS = ['recommended', 'newest', 'price-asc', 'price-desc', 'popular'] as const;
export type FinderSort = (typeof FINDER_SORTS)[number];
export const DEFAULT_SORT: FinderSort = 'recommended';
export const SORT_LABELS: Record<FinderSort, string> = {
  recommended: 'Recommended',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  popular: 'Popular',
};
/** Days of outbound clicks the Popular order counts. */
export const POPULAR_DAYS = 30;
/** Most brands one filter may name (brand=a,b,c). */
export const BRAND_FILTER_MAX = 20;
/** Longest brand slug accepted in a filter or a brand page's address. */
export const BRAND_SLUG_MAX_LENGTH = 120;
/** Suggestions under the search box: at most this many products, brands and categories. */
export const SUGGESTED_PRODUCTS = 5;
export const SUGGESTED_BRANDS = 3;
export const SUGGESTED_CATEGORIES = 3;
/** Typed characters before suggestions are asked for. */
export const SUGGEST_MIN_LENGTH = 2;
export const BRANDS_PATH = '/brands';

export const DEFAULT_CATEGORIES: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'Shoes', description: 'Everyday shoes, loafers and boots for every season.' },
  { name: 'Hoodies', description: 'Pullover and zip hoodies, from heavyweight fleece to light loopback.' },
  { name: 'Jackets', description: 'Bombers, puffers, denim and shell jackets to layer over anything.' },
  { name: 'Pants', description: 'Jeans, cargos, chinos and joggers in every fit.' },
  { name: 'T-Shirts', description: 'Graphic, plain and oversized tees for daily wear.' },
  { name: 'Accessories', description: 'Bags, wallets, belts, hats and the small things that finish a look.' },
  { name: 'Shorts', description: 'Denim, mesh and cargo shorts for warm days.' },
  { name: 'Sweaters', description: 'Knits, cardigans and crewnecks for cooler weather.' },
];

export const TEXTS = {
  finderTitle: 'Product Finder',
  loadingStore: 'Loading store data...',
  loadingMore: 'Loading more items...',
  endOfResults: "You've reached the end of the results",
  initialLoadFailed: 'Failed to load data. Please try again later.',
  retryFailed: 'Failed to refresh data. Please try again later.',
  loadMoreFailed: 'Failed to load more items. Please try again.',
  retry: 'Retry',
  emptySearchTitle: 'No items found',
  emptySearchHint: 'Try adjusting your search terms or browse different categories',
  emptyCategoryTitle: (category: string) => `No items in ${category}`,
  emptyCategoryHint: 'Try selecting a different category or search for specific items',
  emptyFilteredTitle: 'No items match these filters',
  emptyFilteredHint: 'Try removing a filter or clear them all to see every item',
  emptyTitle: 'No items available',
  emptyHint: 'Items will appear here when they are added to the store',
  scrollForMore: '(scroll to see more)',
  bestProducts: 'Best Products',
  showMore: 'Show More',
  showLess: 'Show Less',
  buy: 'BUY',
  join: 'Join',
  signUp: 'Sign Up',
  sortLabel: 'Sort by',
  priceLabel: 'Price',
  minPriceLabel: 'Min price',
  maxPriceLabel: 'Max price',
  brandsLabel: 'Brands',
  brandSearchLabel: 'Search brands',
  suggestionsLabel: 'Suggestions',
  includingResultsFor: (corrected: string) => `Including results for “${corrected}”`,
  didYouMean: 'Did you mean',
  /** Issue 27: no product has every word; these have the most of them. */
  partialAnswer: (used: string) => `No results for all words; showing results for ${used}`,
  searchAllWords: 'Search for all words',
  /** Other colours of a card's product that the search also matched. */
  moreColours: (n: number) => `+${n} ${n === 1 ? 'colour' : 'colours'}`,
  /** Issue 29: the last link check found the seller's item gone (decision 0067). */
  mayBeUnavailable: 'May be unavailable',
  mayBeUnavailableHint: 'The seller’s page said this item is gone when we last checked. It may be back; the link still opens.',
  searchAllCategories: 'Search all categories',
  clearFilters: 'Clear filters',
  priceRangeInvalid: 'The lowest price must not be above the highest.',
  requestItem: 'Request this item',
  requestItemLead: 'Can’t find it? Tell us and we will try to add it.',
  loadingForm: 'Loading the form',
} as const;

/** The heart on cards and product pages (issue 16); the list pages' texts are in favorites.ts (a lazy chunk's). */
export const FAVORITE_TEXTS = {
  save: (title: string) => `Save ${title} to favourites`,
  remove: (title: string) => `Remove ${title} from favourites`,
  saveShort: 'Save',
  savedShort: 'Saved',
  saveFailed: 'Could not save to favourites:',
  removeFailed: 'Could not remove from favourites:',
  tryAgain: 'please try again.',
  navLink: 'Favourites',
  navCount: (n: number) => `(${n} saved)`,
} as const;

/** Texts of the account screens, the admin gate and the Google sign-in test page (spec sections 2, 4, 6 and 8). */
export const AUTH_TEXTS = {
  loginTitle: 'Welcome Back',
  registerTitle: 'Create a New Account',
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  signUp: 'Sign Up',
  signingUp: 'Signing Up...',
  continueWithGoogle: 'Continue with Google',
  signInFailed: 'Sign in failed: ',
  googleSignInFailed: 'Google Sign In failed: ',
  signUpFailed: 'Sign up failed: ',
  adminPrivileges: 'You have admin privileges',
  logout: 'Logout',
  login: 'Login',
  register: 'Register',
  testGoogleSignIn: 'Test Google Sign In',
  testing: 'Testing...',
  signedInAs: 'Successfully signed in as',
  debugCopied: 'Debug info copied to clipboard!',
  verifyingAdmin: 'Verifying admin access...',
  authRequiredTitle: 'Authentication Required',
  authRequiredText: 'Please log in to access the admin dashboard.',
  goToLogin: 'Go to Login',
  accessDeniedTitle: 'Access Denied',
  accessDeniedText: "You don't have admin privileges to access this page.",
  goToHome: 'Go to Home',
  adminTitle: 'Admin Dashboard',
  backToStore: 'Back to Store',
  passwordsDoNotMatch: 'Passwords do not match.',
  googleNotConfigured: 'Google sign-in is not set up on this site. Sign in with your email and password.',
  // Any other address (the spec's fallback, the login screen, answered 404): what is above the form.
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no page at this address. The link may be old or mistyped.',
  notFoundFinder: 'Browse the product finder',
} as const;

/** Cache lifetime for content-addressed media and hashed build assets. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** On-screen words of the finder's issue-14 controls and brand pages that the spec's texts (TEXTS) do not fix. */
export const FINDER_TEXTS = {
  filters: 'Filters',
  suggestedProducts: 'Products',
  suggestedBrands: 'Brands',
  suggestedCategories: 'Categories',
  noBrands: 'No brands here',
  brandProducts: (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`,
  brandMissingTitle: 'Brand not found',
  brandMissingText: 'No product of this brand is in the catalogue. Browse the finder instead.',
  browseFinder: 'Browse the finder',
  loadingBrand: 'Loading brand...',
  activeFilters: 'Active filters',
  clearAll: 'Clear all',
  /** A chip's accessible name: what pressing it takes away ("Remove category Shoes"). */
  removeFilter: (what: string) => `Remove ${what}`,
} as const;

/** The agent pickers (issue 16): in the top bar and beside BUY on a product page. */
/** An agent's promotion beside BUY, in the banner and in the converter (issue 29). */
export const AGENT_PROMO_TEXTS = {
  label: (agent: string) => `${agent} promotion`,
  code: 'Code',
  copy: 'Copy code',
  copied: 'Copied',
  copiedStatus: (code: string) => `Code ${code} copied`,
  copyFailed: 'Could not copy the code',
  open: 'Get it',
  openLabel: (agent: string) => `Get the ${agent} promotion (opens in a new tab)`,
} as const;

export const AGENT_PICKER_TEXTS = {
  label: 'Shopping agent',
  buyThrough: 'Buy through',
  /** The top bar's one control for both pickers (issue 28). */
  both: 'Shopping agent and currency',
} as const;
