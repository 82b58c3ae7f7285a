import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';

/**
 * Outbound clicks and finder page views (issue 5). No personal data: no address, agent, account or visitor id is
 * stored with an event; usage data is kept at most two years (spec section 9, privacy).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'click' (outbound buy click) or 'view' (a finder page view). */
    kind: text('kind').notNull(),
    /** The clicked product; null for views, and once the product is deleted. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's category when it was clicked, so later recategorising does not rewrite history. */
    category: text('category'),
    /** Where the click came from: 'buy' (the BUY button) or 'image' (the card image). */
    source: text('source'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('analytics_events_kind_check', sql`${t.kind} in ('click', 'view')`),
    check('analytics_events_source_check', sql`${t.source} is null or ${t.source} in ('buy', 'image')`),
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
