// The texts of /favorites, a shared list and the merge at sign-in (issue 16): loaded only by their lazy chunks, never
// by the first bundle (the heart's words are FAVORITE_TEXTS in storefront.ts).

import { texts, i18n } from '../i18n';

export const FAVORITES_PAGE_TEXTS = texts({
  title: /*i18n*/ 'Your favourites',
  lead: /*i18n*/ 'The finds you saved, newest first.',
  leadSignedOut: /*i18n*/ 'Kept in this browser.',
  loading: /*i18n*/ 'Loading your favourites...',
  loadFailed: /*i18n*/ 'Your favourites could not be loaded. Please try again.',
  emptyTitle: /*i18n*/ 'No favourites yet',
  emptyHint: /*i18n*/ 'Tap the heart on any find to keep it here.',
  browse: /*i18n*/ 'Browse the finder',
  savedAt: (date: string) => i18n._('Saved {date}', { date }),
  priceUp: /*i18n*/ 'Price up since you saved it',
  priceDown: /*i18n*/ 'Price down since you saved it',
  priceWas: /*i18n*/ 'was',
  share: /*i18n*/ 'Share list',
  shareCopy: /*i18n*/ 'Copy link',
  shareCopied: /*i18n*/ 'Link copied',
  shareCopyFailed: /*i18n*/ 'Could not copy the link: select it and copy it yourself.',
  shareLabel: /*i18n*/ 'Read-only link to your list',
  shareHint: /*i18n*/ 'Anyone with this link can see your favourites (not your name or email).',
  shareNew: /*i18n*/ 'New link',
  shareNewHint: /*i18n*/ 'The old link stops working.',
  shareRevoke: /*i18n*/ 'Stop sharing',
  shareRevoked: /*i18n*/ 'Sharing stopped: the link no longer works.',
  shareFailed: /*i18n*/ 'The share link could not be changed. Please try again.',
  signInToShare: /*i18n*/ 'Sign in to keep them on your account and share the list',
  count: (n: number) => i18n._('{n, plural, one {# find} other {# finds}}', { n }),
  mergedInto: (n: number) =>
    i18n._(
      '{n, plural, one {# favourite from this browser added to your account.} other {# favourites from this browser added to your account.}}',
      { n },
    ),
  mergeSkipped: (n: number) =>
    i18n._(
      '{n, plural, one {# favourite was left out (no longer listed, or over the limit).} other {# favourites were left out (no longer listed, or over the limit).}}',
      { n },
    ),
  mergeFailed: /*i18n*/ 'Your favourites from this browser could not be added to your account. They are kept here: try again later.',
  /** /home after signing in (issue 28): the merge under way, then what the server said it added. */
  merging: (n: number) =>
    i18n._(
      '{n, plural, one {Saving the # favourite from this browser to your account...} other {Saving the # favourites from this browser to your account...}}',
      { n },
    ),
  savedToAccount: (n: number) =>
    i18n._('{n, plural, one {Your # favourite was saved to your account.} other {Your # favourites were saved to your account.}}', { n }),
  recentTitle: /*i18n*/ 'Your recent favourites',
  seeAll: (n: number) => i18n._('All your favourites ({n})', { n }),
  sharedTitle: /*i18n*/ 'A shared list of favourites',
  sharedLead: /*i18n*/ 'A read-only list someone shared with you.',
  sharedLoading: /*i18n*/ 'Loading the list...',
  sharedEmpty: /*i18n*/ 'This list is empty for now.',
  sharedMissingTitle: /*i18n*/ 'This list is not shared',
  sharedMissingText: /*i18n*/ 'The link is wrong, or its owner stopped sharing the list.',
  sharedLoadFailed: /*i18n*/ 'The list could not be loaded. Please try again.',
});
