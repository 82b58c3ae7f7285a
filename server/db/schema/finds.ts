import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { images, products } from './catalogue';
import { timestamps } from './columns';

// The finds-site essentials (issue 16): agents, currency rates, visitors' preferences, favourites, QC photos,
// item requests and broken-link reports.

/**
 * The shopping agents a visitor can buy through. BUY builds the chosen agent's link from the product's source
 * (marketplace and item id) with this template and the referral code; `platform_codes` maps our marketplace names
 * (taobao, weidian, 1688, tmall) to the agent's own spelling where its template needs one.
 */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case address part and the key visitors' choices and clicks are stored under (cnfans, kakobuy, …). */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** An http(s) address with placeholders: {url} {id} {platform} {ref}. */
    linkTemplate: text('link_template').notNull(),
    platformCodes: jsonb('platform_codes').$type<Record<string, string>>().notNull().default({}),
    referralCode: text('referral_code').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** The agent BUY uses for a visitor who has not chosen one; at most one row. */
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * The agent's promotion (issue 29, migration 0023): shown while now is in [starts_at, ends_at), decided on the
     * server for each answer. All null: none. Code and link are optional; text and both times come together.
     */
    promoText: text('promo_text'),
    promoCode: text('promo_code'),
    promoLink: text('promo_link'),
    promoStartsAt: timestamp('promo_starts_at', { withTimezone: true, mode: 'date' }),
    promoEndsAt: timestamp('promo_ends_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('agents_slug_idx').on(t.slug),
    uniqueIndex('agents_one_default_idx')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    check('agents_slug_check', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]*$'`),
    check(
      'agents_promo_check',
      sql`((${t.promoText} is null and ${t.promoCode} is null and ${t.promoLink} is null and ${t.promoStartsAt} is null and ${t.promoEndsAt} is null) or (${t.promoText} is not null and ${t.promoStartsAt} is not null and ${t.promoEndsAt} > ${t.promoStartsAt}))`,
    ),
  ],
);

/**
 * Display currencies' rates: how many units of `currency` one unit of the store's base currency (BASE_CURRENCY)
 * buys. Kept by admins, or refreshed daily from RATES_URL (`source` says which wrote it last).
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    currency: text('currency').primaryKey(),
    rate: numeric('rate', { precision: 20, scale: 10, mode: 'number' }).notNull(),
    source: text('source').notNull().default('admin'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('currency_rates_rate_check', sql`${t.rate} > 0`),
    check('currency_rates_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('currency_rates_source_check', sql`${t.source} in ('admin', 'feed')`),
  ],
);

/** A signed-in visitor's remembered choices (agent and display currency); the browser keeps a copy. */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** An agent's slug; a slug no agent has any more falls back to the default agent. */
  agent: text('agent'),
  currency: text('currency'),
  /** The site language the account chose (issue 41): its mails are written in it; null: English. */
  language: text('language'),
  /** When this admin put the dashboard's setup checklist away ("I'll do this later", issue 28); null: shown. */
  setupDismissedAt: timestamp('setup_dismissed_at', { withTimezone: true, mode: 'date' }),
  /** Mail a daily digest when any favourite's price drops (issue 29), not only those with their own alert. */
  priceAlertsAll: boolean('price_alerts_all').notNull().default(false),
  /** When the last price digest was mailed: at most one a day, and drops since then are the next one's. */
  priceDigestAt: timestamp('price_digest_at', { withTimezone: true, mode: 'date' }),
  /** When the last saved-search mail was sent (issue 42, decision 0085): at most one a day for all the account's searches. */
  savedSearchMailAt: timestamp('saved_search_mail_at', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A signed-in visitor's favourites, with the price when saved (the list shows changes since). */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    savedPrice: numeric('saved_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Mail the daily digest when this find's price drops (issue 29). */
    priceAlert: boolean('price_alert').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('favorites_product_idx').on(t.productId),
    index('favorites_price_alert_idx')
      .on(t.userId)
      .where(sql`${t.priceAlert}`),
  ],
);

/**
 * A finder view a signed-in visitor saved under a name (issue 42, decision 0085): the address's query string, read by
 * the finder's own codec. `checked_at` is the bound of its next mail (products created after it); `last_opened_at` that
 * of its "new since you last opened it".
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    mail: boolean('mail').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true, mode: 'date' }),
    /** Products created after this are its next mail's (moved on when a mail lists them). */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_name_idx').on(t.userId, sql`lower(${t.name})`),
    index('saved_searches_mail_idx')
      .on(t.userId)
      .where(sql`${t.mail}`),
  ],
);

/** The read-only share link of a visitor's favourites: a random token, one per account, replaced on request. */
export const favoriteShares = pgTable(
  'favorite_shares',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favorite_shares_token_idx').on(t.token)],
);

/** A product's quality-check photos: gallery images in the admin's order, each with the day it was taken if known. */
export const productQcPhotos = pgTable(
  'product_qc_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    takenOn: date('taken_on', { mode: 'string' }),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_qc_photos_product_image_idx').on(t.productId, t.imageId),
    index('product_qc_photos_product_idx').on(t.productId, t.position),
    index('product_qc_photos_image_idx').on(t.imageId),
  ],
);

/** What visitors asked for but could not find (from an empty search). No account, address or agent string is kept. */
export const itemRequests = pgTable(
  'item_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the visitor is looking for (pre-filled with their search). */
    query: text('query').notNull(),
    /** An optional marketplace or agent link to the item. */
    link: text('link'),
    status: text('status').notNull().default('new'),
    /** The product that answers the request, once added. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('item_requests_status_check', sql`${t.status} in ('new', 'planned', 'added', 'rejected')`),
    index('item_requests_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** A visitor's report that a product's buy link is broken. */
export const linkReports = pgTable(
  'link_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The agent the visitor was sent to, when known (its slug). */
    agent: text('agent'),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('new'),
    ...timestamps,
  },
  (t) => [
    check('link_reports_status_check', sql`${t.status} in ('new', 'planned', 'added', 'rejected')`),
    index('link_reports_status_created_idx').on(t.status, t.createdAt),
    index('link_reports_product_idx').on(t.productId),
  ],
);

/** The last product pages a signed-in visitor opened (issue 42): RECENTLY_VIEWED_MAX per account, older ones dropped. */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('recently_viewed_user_idx').on(t.userId, t.viewedAt),
    index('recently_viewed_product_idx').on(t.productId),
  ],
);
