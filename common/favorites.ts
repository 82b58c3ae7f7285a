// Favourites (issue 16): the limits both sides apply and the addresses. The heart's few words are in
// texts/storefront.ts (FAVORITE_TEXTS); the list pages' texts in texts/favorites.ts, which only their lazy chunks load.

/** Most favourites one account (or one browser, signed out) keeps. */
export const FAVORITES_MAX = 500;
/** Most products one GET /api/products/by-ids answers (the browser asks in batches of this many). */
export const FAVORITES_LOOKUP_MAX = 100;
/** A share token: 24 random bytes in base64url. */
export const FAVORITE_SHARE_TOKEN_BYTES = 24;
export const FAVORITE_SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The account's newest favourites /home shows (issue 28); the rest are one link away. */
export const FAVORITES_ON_HOME = 4;

export const FAVORITES_PATH = '/favorites';
export const SHARED_FAVORITES_PATH = '/favorites/shared';
export const sharedFavoritesPath = (token: string) => `${SHARED_FAVORITES_PATH}/${token}`;

export const FAVORITES_LIMIT_MESSAGE = `You can keep up to ${FAVORITES_MAX} favourites. Remove some to save more.`;
