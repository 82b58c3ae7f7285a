// Values of the admin dashboard fixed by the specification (sections 2, 4, 5, 6, 8 and 9); its words are in
// common/texts/ (decision 0070). Apart from common/constants.ts so the storefront's first bundle does not carry them.

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
/** The largest page of the admin product list the API hands out. */
export const ADMIN_MAX_PAGE_SIZE = 100;
export const IMAGE_GALLERY_PAGE_SIZE = 5;
/** Pager: every page number when there are this many pages or fewer; otherwise first, last and neighbours. */
export const PAGER_ALL_PAGES_MAX = 5;
/** Upload limit in bytes (5 MB). */
export const MAX_UPLOAD_BYTES = 5_242_880;
/** Files one upload request may carry; the dashboard sends one file a request to show its progress. */
export const MAX_UPLOAD_FILES = 10;
/** Decoded-pixel ceiling (a 40-megapixel picture): refuses decompression bombs before they expand in memory. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Uploads the dashboard sends at once. */
export const UPLOAD_CONCURRENCY = 3;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ACCEPTED_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
/** Longest product title, brand, description, URL and category description the API stores. */
export const TITLE_MAX_LENGTH = 200;
export const BRAND_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const URL_MAX_LENGTH = 2048;
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 500;
/** numeric(12, 2): the largest price the database holds. */
export const PRICE_MAX = 9_999_999_999.99;
export const RELEVANCE_MAX = 1_000_000;
/** Development aid (spec section 4): heap checked every 5 s; warn above 80 %, clear below 60 %. */
export const MEMORY_CHECK_MS = 5000;
export const MEMORY_WARN_RATIO = 0.8;
export const MEMORY_CLEAR_RATIO = 0.6;
