// The finder's facets, the suggestions under the search box and the brands (issue 14).
import { z } from 'zod';
import { BRAND_SLUG_MAX_LENGTH, FINDER_GENDERS, SEARCH_MAX_LENGTH } from '../constants';
import { langQueryField } from './lang';
import { apiSchemas } from './registry';

export const brandSummarySchema = z
  .object({
    slug: z.string().describe('Its address part: /brands/<slug>, and its value in the finder filter brand='),
    name: z.string().describe('How the catalogue spells it (the most common spelling)'),
    count: z.number().int().describe('Products'),
  })
  .register(apiSchemas, { id: 'BrandSummary' });
export type BrandSummary = z.infer<typeof brandSummarySchema>;

/**
 * How many products each choice would give with the current search and the other filters: a category's count
 * ignores the category filter, a gender's the gender filter, a brand's the brand filter.
 */
export const finderFacetsSchema = z
  .object({
    total: z.number().int().describe('Products matching the search and every filter'),
    categories: z
      .array(z.object({ name: z.string(), count: z.number().int() }))
      .describe(
        "Every category of the category list (in its order), with the products it would give; 'All' is the sum over every category and none",
      ),
    allCategories: z.number().int().describe("What the 'All' chip gives: the same search and filters in every category"),
    genders: z
      .array(z.object({ gender: z.enum(FINDER_GENDERS), count: z.number().int() }))
      .describe('All, Men and Women; Men and Women count Unisex products too'),
    brands: z
      .array(brandSummarySchema)
      .describe('Brands with at least one product here (chosen brands always listed), most products first'),
    price: z
      .object({ min: z.number(), max: z.number() })
      .nullable()
      .describe('Lowest and highest price of the products matching everything but the price range; null when none'),
  })
  .register(apiSchemas, { id: 'FinderFacets' });
export type FinderFacets = z.infer<typeof finderFacetsSchema>;

export const suggestionsQuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`)
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .transform((v) => v.replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .describe('What has been typed so far'),
  lang: langQueryField,
});

export const suggestionsSchema = z
  .object({
    query: z.string(),
    correction: z.string().nullable().describe('The text with typos corrected, when a word was read as another'),
    products: z
      .array(
        z.object({
          title: z.string(),
          path: z.string(),
          brand: z.string(),
          price: z.number(),
          thumbnail: z.string().nullable(),
        }),
      )
      .describe('The best matches, most relevant first'),
    brands: z.array(brandSummarySchema).describe('Brands whose name matches'),
    categories: z
      .array(z.object({ name: z.string(), count: z.number().int() }))
      .describe('Categories whose name matches, with their products'),
    guides: z
      .array(z.object({ title: z.string(), path: z.string().describe("The article's address inside its language's base") }))
      .describe("Published guides in the visitor's language whose title has every typed word (once one has 3 letters)"),
  })
  .register(apiSchemas, { id: 'Suggestions' });
export type Suggestions = z.infer<typeof suggestionsSchema>;

export const brandParamsSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(BRAND_SLUG_MAX_LENGTH, `slug must be at most ${BRAND_SLUG_MAX_LENGTH} characters`)
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]+$/, 'slug must not contain control characters'),
});

export const brandListSchema = z.object({ items: z.array(brandSummarySchema) }).register(apiSchemas, { id: 'BrandList' });
export type BrandList = z.infer<typeof brandListSchema>;
