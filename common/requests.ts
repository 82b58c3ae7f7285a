// Item requests and broken-link reports (issue 16): their limits, statuses and the dashboard queue's address, read by
// both sides. Their words are in texts/requests.ts.

/** What a request's text may be: long enough to mean something, short enough to be a search. */
export const REQUEST_QUERY_MIN_LENGTH = 2;
export const REQUEST_QUERY_MAX_LENGTH = 200;
/** A request's optional link (the same ceiling as a product's buy link). */
export const REQUEST_LINK_MAX_LENGTH = 2048;
/** A broken-link report's optional note. */
export const REPORT_NOTE_MAX_LENGTH = 500;
/** An agent's slug as a report names it (lower-case letters, digits and hyphens). */
export const REPORT_AGENT_MAX_LENGTH = 40;
/** Largest body the two public endpoints read, in bytes. */
export const REQUESTS_BODY_LIMIT = 12 * 1024;
/**
 * Requests (and, counted apart, reports) one client may send per window; more are answered 429 with Retry-After.
 * Windows are fixed (aligned to the clock), so the wait is known.
 */
export const REQUESTS_RATE_LIMIT = 5;
export const REQUESTS_RATE_WINDOW_SECONDS = 600;
/** Posts of each kind the whole site takes per window, from all clients together. */
export const REQUESTS_SITE_LIMIT = 300;
/**
 * Posts of each kind the whole site takes per UTC day, from all clients together (issue 39: 40 addresses × 5 in a
 * window were all accepted; a day of windows would be 43,200).
 */
export const REQUESTS_SITE_DAY_LIMIT = 2000;
/**
 * Reports of one product kept per UTC day, from all clients together (issue 39: 200 reports on one product). Past it
 * a report is answered with the product's open report, as a repeat of it.
 */
export const REPORTS_PRODUCT_DAY_LIMIT = 20;

export const REQUEST_STATUSES = ['new', 'planned', 'added', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** A report in one of these is still to be dealt with: the product page shows it to admins. */
export const OPEN_REQUEST_STATUSES: readonly RequestStatus[] = ['new', 'planned'];

/** Where the dashboard's queues are (the product page's notice links there). */
export const REQUESTS_TAB_PATH = '/admin?tab=requests';
