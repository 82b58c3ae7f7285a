import { z } from 'zod';
import { apiSchemas } from './registry';

/** Items one "Fetch pictures again" may name (the Items tab's selection is at most a page or two of ticks). */
export const PICTURE_REFETCH_MAX_IDS = 1000;

/**
 * "Fetch pictures again" (issue 40): for the ticked items (one item's menu sends one id) or for the products an import
 * wrote. Each product whose picture is missing, broken or still an outside address is fetched again from the address
 * it came from, in the background.
 */
export const pictureRefetchBodySchema = z
  .object({
    ids: z
      .array(z.uuid('ids must be UUIDs'))
      .min(1, 'select at least one item')
      .max(PICTURE_REFETCH_MAX_IDS, `select at most ${PICTURE_REFETCH_MAX_IDS} items at a time`)
      .optional()
      .describe("The items (one for an item's menu)"),
    importId: z.uuid('importId must be a UUID').optional().describe('An import: the products it wrote'),
  })
  .refine((b) => (b.ids === undefined) !== (b.importId === undefined), 'send either ids or importId')
  .register(apiSchemas, { id: 'PictureRefetch' });
export type PictureRefetchBody = z.infer<typeof pictureRefetchBodySchema>;

export const pictureRefetchResultSchema = z
  .object({
    queued: z.number().int().describe('Products whose picture is being fetched again, in the background'),
    addresses: z.number().int().describe('Distinct picture addresses to fetch for them'),
    fine: z.number().int().describe('Products left out: their picture is stored here and fine'),
    noAddress: z.number().int().describe('Products left out: no address to fetch their picture from'),
  })
  .register(apiSchemas, { id: 'PictureRefetchResult' });
export type PictureRefetchResult = z.infer<typeof pictureRefetchResultSchema>;
