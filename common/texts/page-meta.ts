// The pages' titles and descriptions (common/page-meta.ts, common/static-page-meta.ts): the server writes them into
// every page's head; the browser reads them only once it shows another address than the first (web/lib/page-meta.ts
// loads them with this catalogue). No Node or DOM APIs here.

import { i18n, texts } from '../i18n';

export const PAGE_META_TEXTS = texts({
  tagline: /*i18n*/ 'Fashion product finder',
  siteDescription:
    /*i18n*/ 'Browse, filter and search fashion finds (clothing, shoes, sneakers and accessories), then buy them at our partner store.',
  /** The site's link-preview picture, described. */
  siteImageAlt: /*i18n*/ 'Finder: fashion finds, filtered and searched',
  // A filtered finder's title, in parts: “jeans” in Pants by Northfold for Men $10.00–$50.00 (best products).
  search: (search: string) => i18n._('“{search}”', { search }),
  inCategory: (category: string) => i18n._('in {category}', { category }),
  byBrands: (brands: string) => i18n._('by {brands}', { brands }),
  forGender: (gender: string) => i18n._('for {gender}', { gender }),
  productsPriced: (price: string) => i18n._('Products {price}', { price }),
  bestProductsAfter: /*i18n*/ '(best products)',
  bestProducts: /*i18n*/ 'Best products',
  productDescription: (title: string) => i18n._('{title}: find it on Finder and buy it at our partner store.', { title }),
  brandDescription: (brand: string, count: number) =>
    i18n._('{brand}: {count, plural, one {# find} other {# finds}} to browse, filter and search, then buy at our partner store.', {
      brand,
      count,
    }),
  brandMissingTitle: /*i18n*/ 'Brand not found',
  brandMissingDescription: /*i18n*/ 'No product of this brand is in the catalogue.',
  productRemovedTitle: /*i18n*/ 'Product removed',
  productRemovedDescription: /*i18n*/ 'This product has been removed from the catalogue.',
  productMissingTitle: /*i18n*/ 'Product not found',
  productMissingDescription: /*i18n*/ 'There is no product at this address.',
});

/** The other pages' (common/static-page-meta.ts). */
export const STATIC_META_TEXTS = texts({
  loginDescription: /*i18n*/ 'Sign in to your Finder account.',
  registerDescription: /*i18n*/ 'Create a Finder account.',
  homeTitle: /*i18n*/ 'Home',
  homeDescription: /*i18n*/ 'Your Finder account.',
  adminDescription: /*i18n*/ 'Catalogue management.',
  googleTestTitle: /*i18n*/ 'Google Sign-In Test',
  googleTestDescription: /*i18n*/ 'Check that Google sign-in works at this address.',
  forgotTitle: /*i18n*/ 'Forgot password',
  forgotDescription: /*i18n*/ 'Get a link to choose a new password.',
  resetTitle: /*i18n*/ 'Choose a new password',
  resetDescription: /*i18n*/ 'Set a new password for your account.',
  accountTitle: /*i18n*/ 'Your account',
  accountDescription: /*i18n*/ 'Your Finder account settings.',
  favoritesTitle: /*i18n*/ 'Your favourites',
  favoritesDescription: /*i18n*/ 'The finds you saved on Finder.',
  privacyDescription:
    /*i18n*/ 'What Finder collects when you browse, sign in and click through to a store, why, how long we keep it and your rights.',
  cookiesDescription: /*i18n*/ 'The cookies Finder uses (essential, performance and functional) and how to manage them in your browser.',
  securityDescription:
    /*i18n*/ 'How Finder protects your account and data: encryption, access control, monitoring, backups and incident response.',
  disclaimerDescription:
    /*i18n*/ 'Finder is a catalogue, not a seller: prices are approximate and set by the linked store, which handles orders and returns.',
  convertTitle: /*i18n*/ 'Link converter',
  convertDescription:
    /*i18n*/ 'Paste a Taobao, Weidian or 1688 link, an agent’s link or an app’s share text, and get the item’s link at every shopping agent.',
  sharedTitle: /*i18n*/ 'Shared favourites',
  sharedDescription: /*i18n*/ 'A list of finds someone saved on Finder.',
  notSharedTitle: /*i18n*/ 'List not shared',
  notSharedDescription: /*i18n*/ 'This list of favourites is not shared.',
});
