// The words of the frame every storefront page loads first: the top bar and the skip link.
// Kept in a module of its own so the pages that do not show them do not load them (issue 38); their translations
// come with the first view's catalogue (lingui.config.ts). No Node or DOM APIs here.

import { texts } from '../i18n';

/** The top bar's own words (the menu's and the footer's are in storefront-later.ts: LAYOUT_TEXTS). */
export const FRAME_TEXTS = texts({
  skipToContent: /*i18n*/ 'Skip to content',
  logoLabel: /*i18n*/ 'Finder home',
  openMenu: /*i18n*/ 'Open menu',
  closeMenu: /*i18n*/ 'Close menu',
  home: /*i18n*/ 'Home',
});
