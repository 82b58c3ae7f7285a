// Values fixed by the specification (sections 4, 8 and 9); its on-screen texts are in common/texts/ (decision 0070).
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
/** How long a password reset link works (ACCOUNT_TEXTS.resetRequested says one hour). */
export const RESET_TOKEN_EXPIRES_IN_S = 3600;

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

/** Cache lifetime for content-addressed media and hashed build assets. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
