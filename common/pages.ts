// Which page an address shows. The server uses it to load a page's data, pick its status and write its head; the
// web's router has the same routes (web/app/routes.ts), and a test keeps the two in step.
import { BRANDS_PATH } from './constants';
import { SHARED_FAVORITES_PATH } from './favorites';
import { GUIDE_TOPIC_PATH, GUIDES_PATH } from './guides';
import { PRODUCTS_PATH, parseProductRef } from './product-urls';

export const STATIC_PAGES = [
  'login',
  'register',
  'home',
  'admin',
  'google-auth-test',
  'forgot-password',
  'reset-password',
  'account',
  'favorites',
  'privacy-policy',
  'cookies-policy',
  'data-security',
  'disclaimer',
  'convert',
] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

export const LEGAL_PAGES = ['privacy-policy', 'cookies-policy', 'data-security', 'disclaimer'] as const satisfies readonly StaticPage[];
/**
 * Pages the same for every visitor that show the catalogue's agents (the link converter, issue 29): shared and kept
 * like the finder, in the sitemap.
 */
export const TOOL_PAGES = ['convert'] as const satisfies readonly StaticPage[];

export type PageMatch =
  | { page: 'finder' }
  /** number is null when the address names no product number: that page says there is no such product. */
  | { page: 'product'; slug: string; number: number | null }
  /** The finder with one brand fixed (/brands/<slug>); slug as written in the address, decoded. */
  | { page: 'brand'; slug: string }
  /** Someone's favourites, read-only (/favorites/shared/<token>); the token as written (it is case-sensitive). */
  | { page: 'shared-favorites'; token: string }
  | { page: StaticPage }
  /** The guides (issue 43): the index, one topic's (topic: its address part), one article (slug as written). */
  | { page: 'guides' }
  | { page: 'guide-topic'; topic: string }
  | { page: 'guide'; slug: string }
  /** Any other address: the login screen (spec section 2's fallback), answered with 404. */
  | { page: 'not-found' };

const STATIC_BY_PATH = new Map<string, StaticPage>(STATIC_PAGES.map((p) => [`/${p}`, p]));

/**
 * Matches like the web's router does: case-insensitive, trailing slashes allowed. `/index.html` is the finder, as
 * the home page's file name.
 */
export function matchPage(pathname: string): PageMatch {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  const path = trimmed.toLowerCase();
  if (path === '/' || path === PRODUCTS_PATH || path === '/index.html') return { page: 'finder' };
  if (path.startsWith(`${PRODUCTS_PATH}/`)) {
    const raw = trimmed.slice(PRODUCTS_PATH.length + 1);
    if (raw.includes('/')) return { page: 'not-found' };
    const ref = safeDecode(raw);
    const parsed = parseProductRef(ref);
    return { page: 'product', slug: parsed?.slug ?? ref, number: parsed?.number ?? null };
  }
  if (path.startsWith(`${BRANDS_PATH}/`)) {
    const raw = trimmed.slice(BRANDS_PATH.length + 1);
    if (raw.includes('/')) return { page: 'not-found' };
    return { page: 'brand', slug: safeDecode(raw) };
  }
  if (path.startsWith(`${SHARED_FAVORITES_PATH}/`)) {
    const token = trimmed.slice(SHARED_FAVORITES_PATH.length + 1);
    return token.includes('/') ? { page: 'not-found' } : { page: 'shared-favorites', token: safeDecode(token) };
  }
  if (path === GUIDES_PATH) return { page: 'guides' };
  if (path.startsWith(`${GUIDE_TOPIC_PATH}/`)) {
    const raw = trimmed.slice(GUIDE_TOPIC_PATH.length + 1);
    return raw.includes('/') ? { page: 'not-found' } : { page: 'guide-topic', topic: safeDecode(raw) };
  }
  if (path.startsWith(`${GUIDES_PATH}/`)) {
    const raw = trimmed.slice(GUIDES_PATH.length + 1);
    return raw.includes('/') ? { page: 'not-found' } : { page: 'guide', slug: safeDecode(raw) };
  }
  const page = STATIC_BY_PATH.get(path);
  return page ? { page } : { page: 'not-found' };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
