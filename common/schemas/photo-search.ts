// Search by photo (issue 42, decision 0086): the address form's body and the answer.
import { z } from 'zod';
import { PHOTO_RESULTS_MAX, PHOTO_URL_MAX_LENGTH } from '../photo-search';
import { PHOTO_TEXTS } from '../texts/photo-search';
import { langQueryField } from './lang';
import { productSchema } from './product';
import { apiSchemas } from './registry';

export const photoSearchQuerySchema = z.object({ lang: langQueryField });

/** "Find this photo": the address of a picture (http or https). */
export const photoAddressBodySchema = z
  .object({
    url: z
      .string({ error: () => PHOTO_TEXTS.addressInvalid })
      .trim()
      .max(PHOTO_URL_MAX_LENGTH, { error: () => PHOTO_TEXTS.addressInvalid })
      .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), { error: () => PHOTO_TEXTS.addressInvalid }),
  })
  .register(apiSchemas, { id: 'PhotoAddress' });
export type PhotoAddressBody = z.infer<typeof photoAddressBodySchema>;

export const photoSearchAnswerSchema = z
  .object({
    same: z
      .array(productSchema)
      .describe('Products whose picture is the same photo (a perceptual hash within a few bits and the same mean colour), nearest first'),
    similar: z
      .array(productSchema)
      .describe(`Then the products whose picture is nearest by its hash; both lists together at most ${PHOTO_RESULTS_MAX}`),
  })
  .register(apiSchemas, { id: 'PhotoSearchAnswer' });
export type PhotoSearchAnswer = z.infer<typeof photoSearchAnswerSchema>;
