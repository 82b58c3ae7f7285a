// The storefront's words that the finder and a product page both show first (spec sections 2 and 4): the spec's
// texts, the heart, BUY and the agent picker. The frame's are in frame.ts, the finder's in finder.ts, a product
// page's in product-page.ts, the later parts' and other pages' in storefront-later.ts and the areas' files, so no
// page loads words it does not show (decisions 0070, 0080). No Node or DOM APIs here.

import { texts, i18n } from '../i18n';

export const TEXTS = texts({
  initialLoadFailed: /*i18n*/ 'Failed to load data. Please try again later.',
  retry: /*i18n*/ 'Retry',
  bestProducts: /*i18n*/ 'Best Products',
  buy: /*i18n*/ 'BUY',
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
