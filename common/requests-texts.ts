// Item requests and broken-link reports (issue 16): the limits and the storefront's texts of the two forms. Apart
// from common/constants.ts so the storefront's first bundle carries only the buttons' labels (in TEXTS); the forms
// and their texts load when a visitor opens one. The dashboard's texts are in admin-constants.ts.

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

export const REQUEST_STATUSES = ['new', 'planned', 'added', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** A report in one of these is still to be dealt with: the product page shows it to admins. */
export const OPEN_REQUEST_STATUSES: readonly RequestStatus[] = ['new', 'planned'];

/** Where the dashboard's queues are (the product page's notice links there). */
export const REQUESTS_TAB_PATH = '/admin?tab=requests';

/** The storefront's texts of the request and report forms (their buttons' labels are in TEXTS). */
export const REQUEST_TEXTS = {
  requestIntro: 'Tell us what you are looking for and we will try to add it.',
  queryLabel: 'What are you looking for?',
  linkLabel: 'Link to the item (optional)',
  linkHint: 'A Taobao, Weidian, 1688 or agent link, if you have one.',
  send: 'Send request',
  sending: 'Sending...',
  requestThanks: 'Thanks! Your request has been received.',
  requestAnother: 'Request something else',
  loadingForm: 'Loading the form',
  queryTooShort: `Please describe the item in at least ${REQUEST_QUERY_MIN_LENGTH} characters.`,
  queryTooLong: `Please keep the description to at most ${REQUEST_QUERY_MAX_LENGTH} characters.`,
  linkInvalid: 'The link must be an http(s) address such as https://item.taobao.com/item.htm?id=123',
  linkTooLong: `The link must be at most ${REQUEST_LINK_MAX_LENGTH} characters.`,
  reportTitle: 'Report a broken link',
  reportIntro: 'Does BUY open a missing or wrong item? Let us know and we will fix the link.',
  noteLabel: 'What went wrong? (optional)',
  noteTooLong: `Please keep the note to at most ${REPORT_NOTE_MAX_LENGTH} characters.`,
  agentInvalid: 'agent must be an agent name in lower-case letters, digits and hyphens',
  report: 'Send report',
  reportThanks: 'Thanks! We will check this link.',
  close: 'Close',
  cancel: 'Cancel',
  rateLimited: (minutes: number) =>
    `You have sent several of these in a short time. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  unknownProduct: 'This product does not exist any more.',
  /** The admins-only notice on a product page. */
  linkReported: (open: number) => `Link reported: ${open} open ${open === 1 ? 'report' : 'reports'}`,
  openQueue: 'Open the queue',
} as const;
