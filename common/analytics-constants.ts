// Analytics (issues 5 and 16): the counting rules and the Analytics tab's texts. Apart from common/constants.ts so
// the storefront's first bundle carries none of it: the path it posts to is in constants.ts (decision 0018).

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

/** On-screen texts of the Analytics tab. */
export const ANALYTICS_TEXTS = {
  from: 'From',
  to: 'To',
  apply: 'Show',
  quickPick: (days: number) => `Last ${days} days`,
  utcNote: 'Days are counted in UTC.',
  loading: 'Loading analytics',
  loadFailed: 'Analytics could not be loaded',
  retry: 'Retry',
  period: (from: string, to: string) => (from === to ? from : `${from} to ${to}`),
  comparedWith: (period: string) => `compared with ${period}`,
  empty: 'Nothing recorded in this period',
  emptyHint: 'Product views, BUY clicks, referral buttons and finder visits of the storefront appear here.',
  totals: 'Totals',
  clicks: 'Clicks',
  productViews: 'Product views',
  visitors: 'Visitors',
  views: 'Finder views',
  clickThroughRate: 'Click-through rate',
  ctrExplained:
    'Clicks per product view: each visitor counts once a day per product, and a click from a card counts as a view too, so it never exceeds 100%.',
  visitorsExplained: 'Visitors: unique visitors of each day, added up (nobody is recognised from one day to the next).',
  previous: 'Previous period',
  change: 'Change',
  /** The words a screen reader hears for ▲ / ▼ (the arrows themselves are hidden from it). */
  changeUp: (amount: string, previous: string) => `up ${amount} from ${previous} in the previous period`,
  changeDown: (amount: string, previous: string) => `down ${amount} from ${previous} in the previous period`,
  changeSame: 'no change from the previous period',
  changeNew: 'none in the previous period',
  changeNewShort: 'new',
  changeSameShort: 'no change',
  points: (n: string) => `${n} pt`,
  promoButtons: 'Referral buttons',
  button: 'Button',
  promo: { signup: 'Sign Up', join: 'Join', copyCode: 'Copy code' },
  promoExplained: 'Each visitor counts once a day per button.',
  clicksPerAgent: 'Clicks per agent',
  agent: 'Agent',
  storeLink: 'Store link',
  clicksPerDay: 'Clicks per day',
  visitorsPerDay: 'Visitors per day',
  topProducts: 'Top products by clicks',
  ctrByCategory: 'Click-through rate by category',
  categoriesNow: 'Products are counted in the category they have now.',
  distribution: 'Products per category',
  showTable: 'Show the numbers as a table',
  date: 'Date',
  product: 'Product',
  category: 'Category',
  products: 'Products',
  noCategory: 'No category',
  deletedProduct: 'Deleted products',
  notAvailable: '–',
  rateLimited: 'Too many events from your connection. Please slow down.',
  unknownProduct: 'There is no product with this id.',
  unknownAgent: 'There is no agent with this slug.',
  agentActivity: 'Converter and promotions per agent',
  converterClicks: 'Converter clicks',
  promoLinks: 'Promotion links',
  promoCodes: 'Promotion codes copied',
  agentActivityExplained:
    'Links made by the link converter, and the agents’ promotions: each visitor counts once a day (converter: once per item).',
} as const;
