import { z } from 'zod';
import { apiSchemas } from './registry';

/**
 * Why a product's price changed (issue 29, decision 0066): 'initial' the price it had when history began (migration
 * 0024), 'create' and 'edit' the item form, 'bulk-edit' a bulk item action, 'bulk-op' a database operation,
 * 'import' an import, 'sync' a synced sheet's run, 'undo' an Undo of any of these, 'other' a write that named none.
 */
export const PRICE_CAUSES = ['initial', 'create', 'edit', 'bulk-edit', 'bulk-op', 'import', 'sync', 'undo', 'other'] as const;
export type PriceCauseKind = (typeof PRICE_CAUSES)[number];

/** At most this many of a product's latest prices go to its page (the lowest is over all of them). */
export const PRICE_HISTORY_POINTS_MAX = 60;

export const pricePointSchema = z
  .object({
    at: z.string().describe('When the product took this price (ISO 8601)'),
    price: z.number().describe('The price from then on, in the base currency'),
  })
  .register(apiSchemas, { id: 'PricePoint' });
export type PricePoint = z.infer<typeof pricePointSchema>;

/** A product's prices over time, oldest first, and the lowest it has had. */
export const priceHistorySchema = z
  .object({
    points: z
      .array(pricePointSchema)
      .describe(`Each price the product has had, oldest first (the latest ${PRICE_HISTORY_POINTS_MAX}); the last is today's`),
    lowest: pricePointSchema.describe('The lowest price it has had, and when it first had it'),
  })
  .register(apiSchemas, { id: 'PriceHistory' });
export type PriceHistory = z.infer<typeof priceHistorySchema>;

/** GET and PUT /api/me/price-alerts: whether the account is mailed about every favourite's drops. */
export const priceAlertSettingsSchema = z
  .object({
    available: z.boolean().describe('False when the site has no mail server: alerts can be neither turned on nor sent'),
    all: z.boolean().describe('A daily digest when any favourite gets cheaper, not only those with their own alert'),
  })
  .register(apiSchemas, { id: 'PriceAlertSettings' });
export type PriceAlertSettings = z.infer<typeof priceAlertSettingsSchema>;

export const priceAlertSettingsInputSchema = z.object({ all: z.boolean('all must be true or false') }).strict();

/** PUT /api/me/price-alerts/:productId: a favourite's own alert. */
export const favoriteAlertInputSchema = z.object({ on: z.boolean('on must be true or false') }).strict();
export const favoriteAlertSchema = z
  .object({ productId: z.string(), priceAlert: z.boolean() })
  .register(apiSchemas, { id: 'FavoriteAlert' });
export type FavoriteAlert = z.infer<typeof favoriteAlertSchema>;

/** The unsubscribe link's token: the account id and its signature, both base64url. */
export const PRICE_ALERT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{43}$/;
export const unsubscribeQuerySchema = z.object({
  token: z
    .string('token: the link is incomplete')
    .regex(PRICE_ALERT_TOKEN_PATTERN, 'This unsubscribe link is not valid (it may be cut short).'),
});
export const unsubscribedSchema = z
  .object({ unsubscribed: z.literal(true), message: z.string() })
  .register(apiSchemas, { id: 'Unsubscribed' });
