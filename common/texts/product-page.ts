// A product page's own words (its first render) and its missing or removed page.
// Kept in a module of its own so the pages that do not show them do not load them (issue 38); their translations
// come with the first view's catalogue (lingui.config.ts). No Node or DOM APIs here.

import { texts, i18n } from '../i18n';

/** A product's page (its first render: the finder's catalogue carries them) and its missing or removed page. */
export const PRODUCT_TEXTS = texts({
  /** The missing product page's way back (the same words as the finder's FINDER_TEXTS.browseFinder). */
  browseFinder: /*i18n*/ 'Browse the finder',
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
