// Titles and descriptions of the pages that are not the finder or a product (apart from common/page-meta.ts, so
// the finder's first bundle does not carry them).
import { AUTH_TEXTS, LEGAL_TITLES } from './texts/storefront-later';
import { STATIC_META_TEXTS as M } from './texts/page-meta';
import { titled, type PageMeta } from './page-meta';
import type { StaticPage } from './pages';

/** Read when asked for: each title and description in the language of the moment. */
const STATIC_META: Record<StaticPage | 'not-found', () => PageMeta> = {
  login: () => ({ title: titled(AUTH_TEXTS.loginTitle), description: M.loginDescription, canonical: null, index: false }),
  register: () => ({ title: titled(AUTH_TEXTS.registerTitle), description: M.registerDescription, canonical: null, index: false }),
  home: () => ({ title: titled(M.homeTitle), description: M.homeDescription, canonical: null, index: false }),
  admin: () => ({ title: titled(AUTH_TEXTS.adminTitle), description: M.adminDescription, canonical: null, index: false }),
  'google-auth-test': () => ({ title: titled(M.googleTestTitle), description: M.googleTestDescription, canonical: null, index: false }),
  'forgot-password': () => ({ title: titled(M.forgotTitle), description: M.forgotDescription, canonical: null, index: false }),
  'reset-password': () => ({ title: titled(M.resetTitle), description: M.resetDescription, canonical: null, index: false }),
  account: () => ({ title: titled(M.accountTitle), description: M.accountDescription, canonical: null, index: false }),
  favorites: () => ({ title: titled(M.favoritesTitle), description: M.favoritesDescription, canonical: null, index: false }),
  'privacy-policy': () => ({
    title: titled(LEGAL_TITLES.privacyPolicy),
    description: M.privacyDescription,
    canonical: '/privacy-policy',
    index: true,
  }),
  'cookies-policy': () => ({
    title: titled(LEGAL_TITLES.cookiesPolicy),
    description: M.cookiesDescription,
    canonical: '/cookies-policy',
    index: true,
  }),
  'data-security': () => ({
    title: titled(LEGAL_TITLES.dataSecurity),
    description: M.securityDescription,
    canonical: '/data-security',
    index: true,
  }),
  disclaimer: () => ({
    title: titled(LEGAL_TITLES.disclaimer),
    description: M.disclaimerDescription,
    canonical: '/disclaimer',
    index: true,
  }),
  convert: () => ({ title: titled(M.convertTitle), description: M.convertDescription, canonical: '/convert', index: true }),
  'not-found': () => ({ title: titled(AUTH_TEXTS.notFoundTitle), description: AUTH_TEXTS.notFoundText, canonical: null, index: false }),
};

/** A shared list of favourites (found or not): never indexed, it is someone's own list. */
export function sharedFavoritesMeta(found: boolean): PageMeta {
  return found
    ? { title: titled(M.sharedTitle), description: M.sharedDescription, canonical: null, index: false }
    : { title: titled(M.notSharedTitle), description: M.notSharedDescription, canonical: null, index: false };
}

export function staticPageMeta(page: StaticPage | 'not-found'): PageMeta {
  return STATIC_META[page]();
}
