import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';

/**
 * Outbound clicks and finder page views (issue 5). No personal data: no address, agent, account or visitor id is
 * stored with an event; usage data is kept at most two years (spec section 9, privacy).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * 'click' (outbound buy click), 'view' (a finder page view), 'product-view' (a product page view, or the view a
     * click implies) or 'promo' (the referral Sign Up, Join or Copy code; issue 16); 'convert-click' (a link the
     * converter made, with its agent) or 'agent-promo' (an agent's promotion: its link or Copy code; issue 29).
     */
    kind: text('kind').notNull(),
    /** The clicked product; null for views, and once the product is deleted. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's category when it was clicked, so later recategorising does not rewrite history. */
    category: text('category'),
    /**
     * Where a click came from: 'buy' (a card's BUY), 'image' (a card's image) or 'page' (the product page's BUY);
     * which promo button: 'signup', 'join' or 'copy-code'; an agent's promotion: 'link' or 'copy-code'.
     */
    source: text('source'),
    /** The agent an outbound click, a converter click or a promotion went to (its slug); null otherwise. */
    agent: text('agent'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('analytics_events_kind_check', sql`${t.kind} in ('click', 'view', 'product-view', 'promo', 'convert-click', 'agent-promo')`),
    check(
      'analytics_events_source_check',
      sql`${t.source} is null or ${t.source} in ('buy', 'image', 'page', 'signup', 'join', 'copy-code', 'link')`,
    ),
    index('analytics_events_kind_occurred_idx').on(t.kind, t.occurredAt),
    index('analytics_events_occurred_idx').on(t.occurredAt),
    index('analytics_events_product_idx').on(t.productId),
  ],
);

/**
 * Short-lived counters behind the recording endpoint, shared by every app process: the repeat-click window and the
 * per-client rate limit. Keys are keyed hashes that change every day, never an address; rows are swept after
 * their window.
 */
export const analyticsKeys = pgTable(
  'analytics_keys',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [index('analytics_keys_window_idx').on(t.windowStart)],
);

/**
 * Daily unique visitors (issue 16): one row per visitor and UTC day, the visitor a keyed hash of address and agent
 * string whose key changes every day, so the same person cannot be followed from one day to the next and nothing
 * personal is kept. Rows are swept with the events' retention.
 */
export const analyticsVisitors = pgTable(
  'analytics_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);
