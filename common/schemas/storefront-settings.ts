import { z } from 'zod';
import { apiSchemas } from './registry';

/** What the storefront does with products without a picture (issue 40): show them as usual, list them last, or hide them. */
export const MISSING_PICTURES_MODES = ['show', 'last', 'hide'] as const;
export type MissingPicturesMode = (typeof MISSING_PICTURES_MODES)[number];

export const storefrontSettingsSchema = z
  .object({
    missingPictures: z
      .enum(MISSING_PICTURES_MODES, { error: 'missingPictures must be show, last or hide' })
      .describe(
        'Products without a picture (none, or found broken): shown as usual; listed after every product with one, in every order of the finder and its searches; or hidden from the finder, its counts, category and brand pages, suggestions, related lists and the sitemap',
      ),
  })
  .register(apiSchemas, { id: 'StorefrontSettings' });
export type StorefrontSettings = z.infer<typeof storefrontSettingsSchema>;
