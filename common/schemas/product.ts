import { z } from 'zod';
import {
  ALL,
  CATEGORY_MAX_LENGTH,
  FINDER_MAX_PAGE_SIZE,
  FINDER_PAGE_SIZE_DESKTOP,
  GENDERS,
  SEARCH_MAX_LENGTH,
  type Gender,
} from '../constants';

/** Case-insensitive match onto the canonical spelling ('women' -> 'Women'); null when unknown or blank. */
export function normaliseGender(value: unknown): Gender | null {
  if (typeof value !== 'string') return null;
  const wanted = value.trim().toLowerCase();
  return GENDERS.find((g) => g.toLowerCase() === wanted) ?? null;
}

/** The spec stores the best flag as a boolean or as the string 'true'/'false'. */
export function parseBestFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  return typeof value === 'string' && value.trim().toLowerCase() === 'true';
}

/** The buy link arrives under either spelling; it is stored once. */
export function linkFromInput(input: { cnFansLink?: unknown; cnfansLink?: unknown; link?: unknown }): string | null {
  for (const candidate of [input.link, input.cnFansLink, input.cnfansLink]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
  }
  return null;
}

export const productSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    brand: z.string(),
    category: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    price: z.number(),
    image: z.string().nullable().describe('URL of the original image'),
    thumbnail: z.string().nullable().describe('URL of a resized image for cards; null when only the original exists'),
    isBestProduct: z.boolean(),
    link: z.string().nullable().describe('External buy link (stored once; accepted as cnFansLink or cnfansLink)'),
    row: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

const ALL_LOWER = ALL.toLowerCase();

/** Query of the finder's listing; every field optional, 'All' (any case) or blank means no filter. */
export const finderQuerySchema = z.object({
  search: z
    .string()
    .max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`)
    .optional()
    // Control characters cannot be typed in a search box; dropping them keeps the stored separator unmatchable.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .transform((v) => v?.replace(/[\u0000-\u001f\u007f]/g, '').trim() || undefined)
    .describe('Case-insensitive substring of title, description or brand'),
  category: z
    .string()
    .max(CATEGORY_MAX_LENGTH, `category must be at most ${CATEGORY_MAX_LENGTH} characters`)
    .optional()
    .transform((v) => {
      const t = v?.trim();
      return t && t.toLowerCase() !== ALL_LOWER ? t : undefined;
    })
    .describe("Category name, compared case-insensitively; 'All' means no filter"),
  gender: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = v?.trim();
      if (!t || t.toLowerCase() === ALL_LOWER) return undefined;
      const g = normaliseGender(t);
      if (!g) {
        ctx.addIssue({ code: 'custom', message: `gender must be one of ${ALL}, ${GENDERS.join(', ')}` });
        return z.NEVER;
      }
      return g;
    })
    .describe(`One of ${ALL}, ${GENDERS.join(', ')} (any case)`),
  best: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = v?.trim().toLowerCase();
      if (!t || t === 'false' || t === '0') return undefined;
      if (t === 'true' || t === '1') return true;
      ctx.addIssue({ code: 'custom', message: 'best must be true or false' });
      return z.NEVER;
    })
    .describe('true to list best products only'),
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(FINDER_MAX_PAGE_SIZE, `limit must be at most ${FINDER_MAX_PAGE_SIZE}`)
    .default(FINDER_PAGE_SIZE_DESKTOP),
  seed: z.coerce
    .number({ message: 'seed must be a whole number' })
    .int('seed must be a whole number')
    .min(0, 'seed must be between 0 and 2147483647')
    .max(2147483647, 'seed must be between 0 and 2147483647')
    .default(0)
    .describe("The visitor's shuffle seed; the same seed gives the same order"),
  cursor: z.string().max(200, 'cursor is not valid').optional().describe('nextCursor of the previous page'),
});
export type FinderQuery = z.output<typeof finderQuerySchema>;

export const productPageSchema = z
  .object({
    items: z.array(productSchema),
    nextCursor: z.string().nullable().describe('Pass as cursor to get the next page; null at the end'),
  })
  .meta({ id: 'ProductPage' });
export type ProductPage = z.infer<typeof productPageSchema>;
