// Saved searches (issue 42, decision 0085): a finder view (words, filters, sort) kept under a name, listed on /home
// and the Account page, mailed when new products match. Pure rules both sides use.
import { filtersFromParams, paramsFromFilters } from './finder-filters';
import { PRODUCTS_PATH } from './product-urls';

/** The saved searches an account can keep; the 21st is refused with a sentence. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
/** The longest finder query (an address's query string) a saved search keeps. */
export const SAVED_SEARCH_QUERY_MAX = 1000;
/** The new products' cards one search shows in a mail (the mail says how many more there are). */
export const SAVED_SEARCH_MAIL_CARDS = 6;

/**
 * A finder address's query string as a saved search keeps it: read and written by the finder's own codec, so it
 * opens the same view, with what is not part of a view (the `since` of "new since", a cursor, a seed) left out.
 */
export function savedSearchQuery(raw: string): string {
  const filters = filtersFromParams(new URLSearchParams(raw.startsWith('?') ? raw.slice(1) : raw));
  return paramsFromFilters({ ...filters, since: null }).toString();
}

/** The finder's address of a saved search; with `since`, only the products added after it (a removable chip). */
export function savedSearchPath(query: string, since?: string | null): string {
  const params = new URLSearchParams(query);
  if (since) params.set('since', since);
  const text = params.toString();
  return text ? `${PRODUCTS_PATH}?${text}` : PRODUCTS_PATH;
}

/** A path after sign-in: one of this site's (a single leading slash, no backslash), else none. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || raw.length > 2000) return null;
  // eslint-disable-next-line no-control-regex -- a control character is in no address this site writes
  return /[\u0000-\u001f\u007f]/.test(raw) ? null : raw;
}
