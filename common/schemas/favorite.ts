import { z } from 'zod';
import { langQueryField } from './lang';
import { PRICE_MAX } from '../admin-constants';
import { FAVORITES_LOOKUP_MAX, FAVORITES_MAX, FAVORITE_SHARE_TOKEN_PATTERN } from '../favorites';
import { priceAlertSettingsSchema } from './price-history';
import { productSchema } from './product';
import { apiSchemas } from './registry';

/** :productId of a favourite in a path. */
export const favoriteParamsSchema = z.object({ productId: z.uuid('productId must be a product id (a UUID)') });

/** One saved find: the product as it is now, and its price and the time when it was saved. */
export const favoriteSchema = z
  .object({
    product: productSchema,
    savedPrice: z.number().describe('The price when it was saved (the list shows the change since)'),
    savedAt: z.string().describe('When it was saved (ISO 8601)'),
    lowestPrice: z.number().describe('The lowest price the product has had (its price history, issue 29)'),
    priceAlert: z.boolean().describe('A mail when its price drops (the daily digest)'),
  })
  .register(apiSchemas, { id: 'Favorite' });
export type Favorite = z.infer<typeof favoriteSchema>;

/** GET /api/favorites: the signed-in person's favourites, newest first, and their share link's token. */
export const favoriteListSchema = z
  .object({
    items: z.array(favoriteSchema),
    /** The read-only link's token (/favorites/shared/<token>); null when the list is not shared. */
    shareToken: z.string().nullable(),
    priceAlerts: priceAlertSettingsSchema.describe('Whether alerts can be had here, and whether every favourite has one'),
  })
  .register(apiSchemas, { id: 'FavoriteList' });
export type FavoriteList = z.infer<typeof favoriteListSchema>;

/** PUT and DELETE /api/favorites/:productId: what the account now holds for that product. */
export const favoriteChangeSchema = z
  .object({
    productId: z.string(),
    saved: z.boolean(),
    savedPrice: z.number().nullable(),
    savedAt: z.string().nullable(),
    count: z.number().int().describe('How many favourites the account has now'),
  })
  .register(apiSchemas, { id: 'FavoriteChange' });
export type FavoriteChange = z.infer<typeof favoriteChangeSchema>;

/** One find the browser kept while signed out. */
export const browserFavoriteSchema = z.object({
  productId: z.uuid('productId must be a product id (a UUID)'),
  savedPrice: z
    .number('savedPrice must be a number')
    .min(0, 'savedPrice must be 0 or more')
    .max(PRICE_MAX, 'savedPrice is too large')
    .optional(),
  savedAt: z.iso.datetime({ offset: true, message: 'savedAt must be a date and time (ISO 8601)' }).optional(),
});
export type BrowserFavorite = z.infer<typeof browserFavoriteSchema>;

/** POST /api/favorites/merge: the browser's list, merged into the account at sign-in. */
export const favoriteMergeInputSchema = z
  .object({
    items: z
      .array(browserFavoriteSchema, 'items must be a list of favourites')
      .max(FAVORITES_MAX, `items: at most ${FAVORITES_MAX} favourites can be merged at once`),
  })
  .strict();
export type FavoriteMergeInput = z.infer<typeof favoriteMergeInputSchema>;

export const favoriteMergeResultSchema = favoriteListSchema
  .extend({
    added: z.number().int().describe('Finds added to the account'),
    skipped: z.number().int().describe('Finds left out: no longer in the catalogue, or beyond the limit'),
  })
  .register(apiSchemas, { id: 'FavoriteMergeResult' });
export type FavoriteMergeResult = z.infer<typeof favoriteMergeResultSchema>;

/** POST /api/favorites/share. */
export const favoriteShareInputSchema = z
  .object({ replace: z.boolean('replace must be true or false').optional().describe('A new token; the old link stops working') })
  .strict();

export const favoriteShareSchema = z
  .object({ token: z.string(), path: z.string().describe('The read-only list on this site: /favorites/shared/<token>') })
  .register(apiSchemas, { id: 'FavoriteShare' });
export type FavoriteShare = z.infer<typeof favoriteShareSchema>;

export const favoriteShareTokenParamsSchema = z.object({
  token: z.string().regex(FAVORITE_SHARE_TOKEN_PATTERN, 'This is not a shared list’s address (the token is malformed).'),
});

/**
 * GET /api/favorites/shared/:token: someone's list, read-only: the products only, nothing about the account (not
 * even when each was saved: that would be the owner's timeline).
 */
export const sharedFavoriteListSchema = z
  .object({ items: z.array(z.object({ product: productSchema })) })
  .register(apiSchemas, { id: 'SharedFavoriteList' });
export type SharedFavoriteList = z.infer<typeof sharedFavoriteListSchema>;

/** GET /api/products/by-ids?ids=a,b,c: the products a signed-out visitor's browser kept, as they are now. */
export const productsByIdsQuerySchema = z.object({
  ids: z.string('ids: give product ids separated by commas').transform((text, ctx) => {
    const ids = [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'ids: give at least one product id' });
      return z.NEVER;
    }
    if (ids.length > FAVORITES_LOOKUP_MAX) {
      ctx.addIssue({ code: 'custom', message: `ids: at most ${FAVORITES_LOOKUP_MAX} products at once` });
      return z.NEVER;
    }
    if (ids.some((id) => !z.uuid().safeParse(id).success)) {
      ctx.addIssue({ code: 'custom', message: 'ids: each id must be a product id (a UUID)' });
      return z.NEVER;
    }
    return ids;
  }),
  lang: langQueryField,
});

/** The language of a list's product titles (issue 41): `lang` of GET /api/favorites and of a shared list. */
export const favoritesLangQuerySchema = z.object({ lang: langQueryField });

export const productsByIdsSchema = z.object({ items: z.array(productSchema) }).register(apiSchemas, { id: 'ProductsByIds' });
export type ProductsByIds = z.infer<typeof productsByIdsSchema>;
