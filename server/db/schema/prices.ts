import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './catalogue';
import { catalogueChanges, imports } from './changes';

/**
 * Every price a product has had (issue 29, migration 0024, decision 0066): written only by the trigger
 * `products_keep_prices` on products, one row per product whose price an insert or update set, with the cause the
 * change's transaction named in `finder.price_cause` (server/modules/price-history/price-history.repo.ts). The first
 * row of a product is its price when created ('initial' for those that existed before the table).
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null for a product's first price. */
    oldPrice: numeric('old_price', { precision: 12, scale: 2, mode: 'number' }),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** PRICE_CAUSES in common/schemas/price-history.ts. */
    cause: text('cause').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    changeId: uuid('change_id').references(() => catalogueChanges.id, { onDelete: 'set null' }),
    importId: uuid('import_id').references(() => imports.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('price_history_product_idx').on(t.productId, t.changedAt),
    check(
      'price_history_cause_check',
      sql`${t.cause} in ('initial', 'create', 'edit', 'bulk-edit', 'bulk-op', 'import', 'sync', 'undo', 'other')`,
    ),
  ],
);
