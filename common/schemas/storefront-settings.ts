import { z } from 'zod';
import { apiSchemas } from './registry';

/** What the storefront does with products without a picture (issue 40): show them as usual, or hide them. */
export const MISSING_PICTURES_MODES = ['show', 'hide'] as const;
export type MissingPicturesMode = (typeof MISSING_PICTURES_MODES)[number];

export const storefrontSettingsSchema = z
  .object({
    missingPictures: z
      .enum(MISSING_PICTURES_MODES, { error: 'missingPictures must be show or hide' })
      .describe(
        'Products without a picture (none, or found broken): shown as usual, or hidden from the finder, its counts, category and brand pages, suggestions, related lists and the sitemap',
      ),
  })
  .register(apiSchemas, { id: 'StorefrontSettings' });
export type StorefrontSettings = z.infer<typeof storefrontSettingsSchema>;
