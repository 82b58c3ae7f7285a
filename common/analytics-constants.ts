// Analytics (issues 5 and 16): the counting rules; the Analytics tab's words are in common/texts/analytics.ts. Apart
// from common/constants.ts so the storefront's first bundle carries none of it: the path it posts to is in constants.ts
// (decision 0018).

/** Where the storefront posts its events: kept in constants.ts, since this file's rest is the dashboard's. */
export { ANALYTICS_EVENTS_PATH } from './constants';
/**
 * A second finder view by the same visitor within this window is not counted. (Clicks, product views and referral
 * buttons count once per visitor and UTC day.)
 */
export const ANALYTICS_REPEAT_WINDOW_SECONDS = 30;
/** Events one client (address) may send per rate window; more are answered 429. */
export const ANALYTICS_RATE_LIMIT = 60;
export const ANALYTICS_RATE_WINDOW_SECONDS = 60;
/** Privacy policy (spec section 9): usage data is kept up to 2 years. */
export const ANALYTICS_RETENTION_DAYS = 730;
/** How often old events and expired counters are swept. */
export const ANALYTICS_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Products in the "Top products" list. */
export const ANALYTICS_TOP_PRODUCTS = 10;
/** The range the tab opens with, in days ending today (UTC). */
export const ANALYTICS_DEFAULT_RANGE_DAYS = 30;
/** The longest range one request may ask for, in days (two years and a leap day). */
export const ANALYTICS_MAX_RANGE_DAYS = 731;
/** The quick picks beside the date fields, in days ending today. */
export const ANALYTICS_QUICK_RANGES = [7, 30, 90] as const;
/** Largest body the recording endpoint reads, in bytes. */
export const ANALYTICS_BODY_LIMIT = 1024;
