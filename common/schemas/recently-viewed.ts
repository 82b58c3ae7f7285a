import { z } from 'zod';
import { RECENTLY_VIEWED_MAX } from '../recently-viewed';
import { productSchema } from './product';
import { apiSchemas } from './registry';

/** :productId of a viewed product in a path. */
export const viewedParamsSchema = z.object({ productId: z.uuid('productId must be a product id (a UUID)') });

/** The account's recently viewed products as they are now, newest first (removed products left out). */
export const recentlyViewedSchema = z
  .object({
    items: z.array(z.object({ product: productSchema, viewedAt: z.string().describe('When it was last opened (ISO 8601)') })),
  })
  .register(apiSchemas, { id: 'RecentlyViewed' });
export type RecentlyViewed = z.infer<typeof recentlyViewedSchema>;

/** One view the browser kept while signed out. */
export const browserViewSchema = z.object({
  productId: z.uuid('productId must be a product id (a UUID)'),
  viewedAt: z.iso.datetime({ offset: true, message: 'viewedAt must be a date and time (ISO 8601)' }),
});
export type BrowserView = z.infer<typeof browserViewSchema>;

/** POST /api/recently-viewed/merge: the browser's list, merged into the account at sign-in. */
export const viewedMergeInputSchema = z
  .object({
    items: z
      .array(browserViewSchema, 'items must be a list of viewed products')
      .max(RECENTLY_VIEWED_MAX, `items: at most ${RECENTLY_VIEWED_MAX} viewed products can be merged at once`),
  })
  .strict();
