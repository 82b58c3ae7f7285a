// Titles and descriptions of the pages that are not the finder or a product (apart from common/page-meta.ts, so
// the finder's first bundle does not carry them).
import { AUTH_TEXTS } from './texts/storefront';
import { titled, type PageMeta } from './page-meta';
import type { StaticPage } from './pages';

const STATIC_META: Record<StaticPage | 'not-found', PageMeta> = {
  login: { title: titled(AUTH_TEXTS.loginTitle), description: 'Sign in to your Finder account.', canonical: null, index: false },
  register: {
    title: titled(AUTH_TEXTS.registerTitle),
    description: 'Create a Finder account.',
    canonical: null,
    index: false,
  },
  home: { title: titled('Home'), description: 'Your Finder account.', canonical: null, index: false },
  admin: { title: titled(AUTH_TEXTS.adminTitle), description: 'Catalogue management.', canonical: null, index: false },
  'google-auth-test': {
    title: titled('Google Sign-In Test'),
    description: 'Check that Google sign-in works at this address.',
    canonical: null,
    index: false,
  },
  'forgot-password': {
    title: titled('Forgot password'),
    description: 'Get a link to choose a new password.',
    canonical: null,
    index: false,
  },
  'reset-password': {
    title: titled('Choose a new password'),
    description: 'Set a new password for your account.',
    canonical: null,
    index: false,
  },
  account: { title: titled('Your account'), description: 'Your Finder account settings.', canonical: null, index: false },
  favorites: { title: titled('Your favourites'), description: 'The finds you saved on Finder.', canonical: null, index: false },
  'privacy-policy': {
    title: titled('Privacy Policy'),
    description: 'What Finder collects when you browse, sign in and click through to a store, why, how long we keep it and your rights.',
    canonical: '/privacy-policy',
    index: true,
  },
  'cookies-policy': {
    title: titled('Cookies Policy'),
    description: 'The cookies Finder uses (essential, performance and functional) and how to manage them in your browser.',
    canonical: '/cookies-policy',
    index: true,
  },
  'data-security': {
    title: titled('Data Security'),
    description: 'How Finder protects your account and data: encryption, access control, monitoring, backups and incident response.',
    canonical: '/data-security',
    index: true,
  },
  disclaimer: {
    title: titled('Disclaimer'),
    description:
      'Finder is a catalogue, not a seller: prices are approximate and set by the linked store, which handles orders and returns.',
    canonical: '/disclaimer',
    index: true,
  },
  convert: {
    title: titled('Link converter'),
    description:
      'Paste a Taobao, Weidian or 1688 link, an agent’s link or an app’s share text, and get the item’s link at every shopping agent.',
    canonical: '/convert',
    index: true,
  },
  'not-found': { title: titled(AUTH_TEXTS.notFoundTitle), description: AUTH_TEXTS.notFoundText, canonical: null, index: false },
};

/** A shared list of favourites (found or not): never indexed, it is someone's own list. */
export function sharedFavoritesMeta(found: boolean): PageMeta {
  return found
    ? { title: titled('Shared favourites'), description: 'A list of finds someone saved on Finder.', canonical: null, index: false }
    : { title: titled('List not shared'), description: 'This list of favourites is not shared.', canonical: null, index: false };
}

export function staticPageMeta(page: StaticPage | 'not-found'): PageMeta {
  return STATIC_META[page];
}
