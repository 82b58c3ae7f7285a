// Favourites (issue 16): the limits both sides apply, the addresses, and the texts of the list pages. Apart from
// common/constants.ts so the storefront's first bundle carries only the heart's few words (FAVORITE_TEXTS there).

/** Most favourites one account (or one browser, signed out) keeps. */
export const FAVORITES_MAX = 500;
/** Most products one GET /api/products/by-ids answers (the browser asks in batches of this many). */
export const FAVORITES_LOOKUP_MAX = 100;
/** A share token: 24 random bytes in base64url. */
export const FAVORITE_SHARE_TOKEN_BYTES = 24;
export const FAVORITE_SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const FAVORITES_PATH = '/favorites';
export const SHARED_FAVORITES_PATH = '/favorites/shared';
export const sharedFavoritesPath = (token: string) => `${SHARED_FAVORITES_PATH}/${token}`;

export const FAVORITES_LIMIT_MESSAGE = `You can keep up to ${FAVORITES_MAX} favourites. Remove some to save more.`;

export const FAVORITES_PAGE_TEXTS = {
  title: 'Your favourites',
  lead: 'The finds you saved, newest first.',
  leadSignedOut: 'Kept in this browser. Sign in to keep them on your account and share the list.',
  loading: 'Loading your favourites...',
  loadFailed: 'Your favourites could not be loaded. Please try again.',
  emptyTitle: 'No favourites yet',
  emptyHint: 'Tap the heart on any find to keep it here.',
  browse: 'Browse the finder',
  savedAt: (date: string) => `Saved ${date}`,
  priceUp: 'Price up since you saved it',
  priceDown: 'Price down since you saved it',
  priceWas: 'was',
  share: 'Share list',
  shareCopy: 'Copy link',
  shareCopied: 'Link copied',
  shareCopyFailed: 'Could not copy the link: select it and copy it yourself.',
  shareLabel: 'Read-only link to your list',
  shareHint: 'Anyone with this link can see your favourites (not your name or email).',
  shareNew: 'New link',
  shareNewHint: 'The old link stops working.',
  shareRevoke: 'Stop sharing',
  shareRevoked: 'Sharing stopped: the link no longer works.',
  shareFailed: 'The share link could not be changed. Please try again.',
  signInToShare: 'Sign in to share your list',
  count: (n: number) => `${n} ${n === 1 ? 'find' : 'finds'}`,
  mergedInto: (n: number) => `${n} ${n === 1 ? 'favourite' : 'favourites'} from this browser added to your account.`,
  mergeSkipped: (n: number) => `${n} ${n === 1 ? 'favourite was' : 'favourites were'} left out (no longer listed, or over the limit).`,
  mergeFailed: 'Your favourites from this browser could not be added to your account. They are kept here: try again later.',
  sharedTitle: 'A shared list of favourites',
  sharedLead: 'A read-only list someone shared with you.',
  sharedLoading: 'Loading the list...',
  sharedEmpty: 'This list is empty for now.',
  sharedMissingTitle: 'This list is not shared',
  sharedMissingText: 'The link is wrong, or its owner stopped sharing the list.',
  sharedLoadFailed: 'The list could not be loaded. Please try again.',
} as const;
