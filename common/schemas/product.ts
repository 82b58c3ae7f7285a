import { z } from 'zod';
import { SOURCE_PLATFORMS } from '../agent-templates';
import {
  ALL,
  BRAND_FILTER_MAX,
  BRAND_SLUG_MAX_LENGTH,
  CATEGORY_MAX_LENGTH,
  DEFAULT_SORT,
  FINDER_MAX_PAGE_SIZE,
  FINDER_PAGE_SIZE_DESKTOP,
  FINDER_SORTS,
  GENDERS,
  PRODUCT_COLOURS_MAX,
  SAME_ITEM_MAX,
  SEARCH_MAX_LENGTH,
  type Gender,
} from '../constants';
import { LATER_TEXTS } from '../texts/storefront-later';
import { CONTENT_LANG_CODES, CONTENT_LANGUAGES, type ContentLangCode, type ProductTranslations } from '../catalogue-languages';
import { langQueryField } from './lang';
import {
  ADMIN_MAX_PAGE_SIZE,
  ADMIN_PRODUCTS_PAGE_SIZE,
  BRAND_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  PRICE_MAX,
  TITLE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '../admin-constants';
import { ADMIN_TEXTS } from '../texts/admin';
import { errorSchema } from './error';
import { isHttpUrl, isImageReference, optionalText, plainText } from './fields';
import { pagedSchema, pageField, pageSizeField } from './paging';
import { qcPhotoSchema } from './qc';
import { priceHistorySchema } from './price-history';
import { apiSchemas } from './registry';

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

/** One language's texts of a product: either may be absent (the English one shows there). */
const productTextSchema = z.object({ title: z.string().optional(), description: z.string().optional() });
export const productTranslationsSchema = z
  .object(
    Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l.code, productTextSchema.optional()])) as Record<
      ContentLangCode,
      z.ZodOptional<typeof productTextSchema>
    >,
  )
  .register(apiSchemas, { id: 'ProductTranslations' });

export const productSchema = z
  .object({
    id: z.string(),
    number: z.number().int().describe("The product's public number, the last part of its address"),
    path: z.string().describe('Its page on this site: /products/<slug>-<number>'),
    title: z.string(),
    description: z.string(),
    brand: z.string(),
    brandSlug: z.string().nullable().describe("The brand's address part (/brands/<brandSlug>) and filter value; null without a brand"),
    category: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    price: z.number(),
    image: z.string().nullable().describe('URL of the original image'),
    thumbnail: z.string().nullable().describe('URL of a resized image for cards; null when only the original exists'),
    isBestProduct: z.boolean(),
    link: z.string().nullable().describe('External buy link (stored once; accepted as cnFansLink or cnfansLink)'),
    sourcePlatform: z
      .enum(SOURCE_PLATFORMS)
      .nullable()
      .describe("The marketplace the link leads to (read from it, agents' links included); null when it names none"),
    sourceItemId: z.string().nullable().describe("The item's id on that marketplace: BUY builds any agent's link from the two"),
    row: z.number().int().nullable(),
    qcCount: z.number().int().describe('How many QC (quality-check) photos the product page shows'),
    mayBeUnavailable: z
      .boolean()
      .describe("The last link check found the seller's item gone: cards and the page say it may be unavailable (issue 29)"),
    translatedInto: z
      .array(z.enum(CONTENT_LANG_CODES as [ContentLangCode, ...ContentLangCode[]]))
      .describe(
        'The languages its title is translated into (issue 41): its page there is its own, indexable one; in the others it points to the English page. title and description are in the language asked for (lang) where translated',
      ),
    otherColours: z
      .number()
      .int()
      .optional()
      .describe("In a search's answer: how many other colours of the product's group match too (one card shows them as +N colours)"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .register(apiSchemas, { id: 'Product' });
export type Product = z.infer<typeof productSchema>;

/** Longest id of another system kept with a product (an import's id column). */
export const SOURCE_ID_MAX_LENGTH = 200;

/**
 * A product as the admin API answers it: the public product and what only the dashboard needs, the id it had in the
 * system it was imported from (a Firestore document's id, a sheet's id column), which a re-import matches on.
 */
/** A group key is a link ('link:' and the link) at most. */
const GROUP_KEY_MAX_LENGTH = URL_MAX_LENGTH + 5;

export const adminProductSchema = productSchema
  .extend({
    sourceId: z
      .string()
      .nullable()
      .describe(
        "The product's id in the system it was imported from (the original document's id, a sheet's id column); a re-import matches on it. null when made here",
      ),
    groupKey: z
      .string()
      .nullable()
      .describe(
        "The product's group: products on one seller item (its colourways), the marketplace and item id, else the link. Filter the list by it with ?group=. null without a link",
      ),
    groupSize: z.number().int().describe('How many products the group holds, this one included (1 without a group)'),
    translations: productTranslationsSchema.describe(
      'Its title and description in the other languages (issue 41), by language code; title and description above are the English ones',
    ),
  })
  .register(apiSchemas, { id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof adminProductSchema>;

const ALL_LOWER = ALL.toLowerCase();

/** A price bound: a number from 0 with at most 2 decimals. */
const priceBound = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = v?.trim();
      if (!t) return undefined;
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a number from 0 with at most 2 decimals` });
        return z.NEVER;
      }
      return Number(t);
    });

/** The filters every finder question shares: listing, facets, suggestions and the way out of an empty result. */

/** A query-string switch: true/1 is true; false/0/absent is left out; anything else is refused with `<name> must be true or false`. */
function queryFlag(name: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = v?.trim().toLowerCase();
      if (!t || t === 'false' || t === '0') return undefined;
      if (t === 'true' || t === '1') return true;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
      return z.NEVER;
    });
}

export const finderFilterQuerySchema = z.object({
  search: z
    .string()
    .max(SEARCH_MAX_LENGTH, `search must be at most ${SEARCH_MAX_LENGTH} characters`)
    .optional()
    // Control characters cannot be typed in a search box; dropping them keeps the stored separator unmatchable.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .transform((v) => v?.replace(/[\u0000-\u001f\u007f]/g, '').trim() || undefined)
    .describe(
      'Words to find in title, brand or description, in any order. Each word matches as a case-insensitive substring, in its other forms (jackets = jacket) and, when no product has it, with a small typo corrected (hodie = hoodie)',
    ),
  category: z
    .string()
    .max(CATEGORY_MAX_LENGTH, `category must be at most ${CATEGORY_MAX_LENGTH} characters`)
    .refine(...plainText('category'))
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
    .describe(`One of ${ALL}, ${GENDERS.join(', ')} (any case). Men and Women include Unisex products`),
  best: queryFlag('best').describe('true to list best products only'),
  allWords: queryFlag('allWords').describe('While searching: require every word even when no product has them all (no partial answer)'),
  brand: z
    .string()
    .max(BRAND_FILTER_MAX * (BRAND_SLUG_MAX_LENGTH + 1), 'brand is too long')
    .optional()
    .transform((v, ctx) => {
      // Control characters are in no slug (and the database refuses NUL): dropped, like the search's.
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      const clean = (v ?? '').replace(/[\u0000-\u001f\u007f]/g, '');
      const slugs = [
        ...new Set(
          clean
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
        ),
      ].sort();
      if (slugs.length > BRAND_FILTER_MAX) {
        ctx.addIssue({ code: 'custom', message: `brand may name at most ${BRAND_FILTER_MAX} brands` });
        return z.NEVER;
      }
      if (slugs.some((s) => s.length > BRAND_SLUG_MAX_LENGTH)) {
        ctx.addIssue({ code: 'custom', message: `a brand must be at most ${BRAND_SLUG_MAX_LENGTH} characters` });
        return z.NEVER;
      }
      return slugs.length ? slugs : undefined;
    })
    .describe('Brand slugs (brandSlug), joined by commas: products of any of them'),
  minPrice: priceBound('minPrice').describe('Lowest price, in the store currency'),
  maxPrice: priceBound('maxPrice').describe('Highest price, in the store currency'),
  since: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = v?.trim();
      if (!t) return undefined;
      const at = z.iso.datetime({ offset: true }).safeParse(t);
      if (!at.success) {
        ctx.addIssue({ code: 'custom', message: 'since must be a date and time (ISO 8601), such as 2026-12-01T09:30:00Z' });
        return z.NEVER;
      }
      return new Date(t);
    })
    .describe('Only products added after this time (ISO 8601): "new since your last visit" (issue 42)'),
});

function checkPriceRange(q: { minPrice?: number | undefined; maxPrice?: number | undefined }, ctx: z.RefinementCtx) {
  if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
    ctx.addIssue({ code: 'custom', message: `minPrice must not be above maxPrice: ${LATER_TEXTS.priceRangeInvalid}`, path: ['minPrice'] });
  }
}

/** Query of the finder's listing; every field optional, 'All' (any case) or blank means no filter. */
export const finderQuerySchema = finderFilterQuerySchema
  .extend({
    sort: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const t = v?.trim().toLowerCase();
        if (!t) return DEFAULT_SORT;
        const sort = FINDER_SORTS.find((s) => s === t);
        if (!sort) {
          ctx.addIssue({ code: 'custom', message: `sort must be one of ${FINDER_SORTS.join(', ')}` });
          return z.NEVER;
        }
        return sort;
      })
      .describe(`One of ${FINDER_SORTS.join(', ')}; recommended (the default) ranks by relevance while searching`),
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
      .describe(
        "The visitor's shuffle seed: Recommended without a search is this seed's rotation of the shuffled order (a search and the other orders read the same for every seed)",
      ),
    cursor: z.string().max(300, 'cursor is not valid').optional().describe('nextCursor of the previous page (of the same sort)'),
    lang: langQueryField,
  })
  .superRefine(checkPriceRange);
export type FinderQuery = z.output<typeof finderQuerySchema>;

/** The finder's filters alone (facets, the ways out of an empty result). */
export const finderFacetQuerySchema = finderFilterQuerySchema.superRefine(checkPriceRange);
export type FinderFilterQuery = z.output<typeof finderFacetQuerySchema>;

/** What a first page that found nothing offers instead, each with the number of products it would give. */
export const emptyRescueSchema = z
  .object({
    didYouMean: z
      .object({ search: z.string(), count: z.number().int() })
      .nullable()
      .describe('A corrected search that finds something with the same filters; null when none does'),
    allCategories: z
      .number()
      .int()
      .nullable()
      .describe('Products the same search finds without category, gender, brand, price and best; null without a search or without filters'),
    clearFilters: z.number().int().nullable().describe('Products with no search and no filter; null when nothing is narrowed'),
  })
  .register(apiSchemas, { id: 'EmptyRescue' });
export type EmptyRescue = z.infer<typeof emptyRescueSchema>;

/** A partial answer: no product has every word, so these are the products with the most of them. */
export const partialAnswerSchema = z
  .object({
    used: z.array(z.string()).describe('The words (or synonym phrases) every listed product has'),
    dropped: z.array(z.string()).describe('The words left out'),
  })
  .register(apiSchemas, { id: 'PartialAnswer' });
export type PartialAnswer = z.infer<typeof partialAnswerSchema>;

export const productPageSchema = z
  .object({
    items: z.array(productSchema),
    nextCursor: z.string().nullable().describe('Pass as cursor to get the next page; null at the end'),
    correction: z
      .string()
      .nullable()
      .optional()
      .describe('The search as it was also read, with typos corrected ("hodie" → "hoodie"); null when nothing was corrected'),
    rescue: emptyRescueSchema.nullable().optional().describe('On a first page with no items: the ways out'),
    total: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe(
        "While searching: how many cards the search gives in all (a group's matching colours are one card), as the facets' total counts them",
      ),
    partial: partialAnswerSchema
      .nullable()
      .optional()
      .describe('While searching: when no product has every word, the words used and the words left out; null when every word was used'),
  })
  .register(apiSchemas, { id: 'ProductPage' });
export type ProductPage = z.infer<typeof productPageSchema>;

/** A product's page: the product and up to RELATED_PRODUCTS_COUNT others like it. */
export const productDetailSchema = z
  .object({
    product: productSchema,
    related: z.array(productSchema).describe('Products of the same category first, in a fixed order'),
    colours: z
      .array(productSchema)
      .describe(`The other products of its group (the same seller item in other colours), in row order, at most ${PRODUCT_COLOURS_MAX}`),
    qcPhotos: z.array(qcPhotoSchema).describe("The product's QC photos, in the admin's order"),
    sameItem: z
      .array(productSchema)
      .describe(
        `Products of other sellers whose main picture is the same photo (a perceptual hash within a few bits), cheapest first, at most ${SAME_ITEM_MAX}; its group's colours are not among them`,
      ),
    sameItemTotal: z.number().int().describe('How many products of other sellers have the same photo in all (sameItem lists the first)'),
    priceHistory: priceHistorySchema
      .nullable()
      .describe('Its prices over time and the lowest (issue 29); null while it has had one price only'),
  })
  .register(apiSchemas, { id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** 404 (no product ever had this number) or 410 (it was deleted), with products to offer instead. */
export const productMissingSchema = errorSchema
  .extend({
    category: z.string().nullable().describe("The deleted product's category (410); null otherwise"),
    similar: z.array(productSchema).describe('Products to offer instead'),
  })
  .register(apiSchemas, { id: 'ProductMissing' });
export type ProductMissing = z.infer<typeof productMissingSchema>;

/** A product page's query: the language its texts are in. */
export const productQuerySchema = z.object({ lang: langQueryField });

/** A product's number; 0 is no product's (an address without one), answered 404 with products to offer. */
export const productNumberParamsSchema = z.object({
  number: z.coerce
    .number({ message: 'number must be a whole number' })
    .int('number must be a whole number')
    .min(0, 'number must be between 0 and 2147483647')
    .max(2147483647, 'number must be between 0 and 2147483647'),
});

/**
 * A price typed or sent as a decimal ('12.5', 12.5), rounded to 2 decimals (spec section 5); null when it is not
 * a number above 0 that the database can hold.
 */
export function parsePrice(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*\d*(\.\d+)?\s*$/.test(value) && /\d/.test(value)) n = Number(value);
  else return null;
  if (!Number.isFinite(n)) return null;
  const rounded = Math.round((n + Number.EPSILON) * 100) / 100;
  return rounded > 0 && rounded <= PRICE_MAX ? rounded : null;
}

const LINK_MESSAGE = 'link must be an http(s) address such as https://store.example/item';
const IMAGE_MESSAGE = 'image must be an http(s) address or an uploaded image (/media/items/...)';
// Checked field by field: zod skips an object's own refinements while any field has an issue, and a form
// should show every problem at once.
const linkAlias = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH, `link must be at most ${URL_MAX_LENGTH} characters`)
  // Before the URL check: the URL parser would accept a control character in the path.
  .refine(...plainText('link'))
  .nullish()
  .refine((v) => !v || isHttpUrl(v), LINK_MESSAGE);

/** A translated title (one line) or description in one language: trimmed, blank means none. */
const translatedText = (text: 'title' | 'description', languageName: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${text} (${languageName}) must be at most ${max} characters`)
    .refine(...plainText(`${text} (${languageName})`, { multiLine: text === 'description' }))
    .nullish();

/**
 * A product's texts in other languages as the admin writes them (issue 41): by language code, each with a title and
 * a description, blanks dropped. Absent on an update: the product keeps the ones it has.
 */
export const productTranslationsInputSchema = z
  .strictObject(
    Object.fromEntries(
      CONTENT_LANGUAGES.map((l) => [
        l.code,
        z
          .object({
            title: translatedText('title', l.name, TITLE_MAX_LENGTH),
            description: translatedText('description', l.name, DESCRIPTION_MAX_LENGTH),
          })
          .nullish(),
      ]),
    ),
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `translations: not a language of the site: ${issue.keys.join(', ')}` : undefined,
    },
  )
  .optional()
  .transform((given): ProductTranslations | undefined => {
    if (given === undefined) return undefined;
    const out: ProductTranslations = {};
    for (const code of CONTENT_LANG_CODES) {
      const entry = given[code] as { title?: string | null; description?: string | null } | null | undefined;
      const text: { title?: string; description?: string } = {};
      if (entry?.title) text.title = entry.title;
      if (entry?.description) text.description = entry.description;
      if (text.title !== undefined || text.description !== undefined) out[code] = text;
    }
    return out;
  })
  .describe(
    "Title and description in the site's other languages, by language code (de, fr, pt-BR …); blank: none. Absent on an update: kept as they are",
  );

/**
 * A product as the admin forms and the API write it (create and full update). The buy link may arrive as link,
 * cnFansLink or cnfansLink and is stored once; only http(s) links are accepted.
 */
export const productInputSchema = z
  .object({
    title: z
      .string({ error: ADMIN_TEXTS.itemNameRequired })
      .trim()
      .min(1, ADMIN_TEXTS.itemNameRequired)
      .max(TITLE_MAX_LENGTH, `title must be at most ${TITLE_MAX_LENGTH} characters`)
      .refine(...plainText('title')),
    description: z
      .string()
      .trim()
      .max(DESCRIPTION_MAX_LENGTH, `description must be at most ${DESCRIPTION_MAX_LENGTH} characters`)
      .refine(...plainText('description', { multiLine: true }))
      .nullish()
      .transform((v) => v ?? ''),
    brand: z
      .string()
      .trim()
      .max(BRAND_MAX_LENGTH, `brand must be at most ${BRAND_MAX_LENGTH} characters`)
      .refine(...plainText('brand'))
      .nullish()
      .transform((v) => v ?? ''),
    category: optionalText('category', CATEGORY_MAX_LENGTH, `category must be at most ${CATEGORY_MAX_LENGTH} characters`).describe(
      'Name of an existing category; blank or null for none',
    ),
    gender: z
      .string()
      .nullish()
      .transform((v, ctx): Gender | null => {
        if (v === null || v === undefined || v.trim() === '') return null;
        const g = normaliseGender(v);
        if (!g) {
          ctx.addIssue({ code: 'custom', message: `gender must be one of ${GENDERS.join(', ')}` });
          return z.NEVER;
        }
        return g;
      })
      .describe(`One of ${GENDERS.join(', ')} (any case); blank or null for not set`),
    price: z
      .union([z.number(), z.string()], { error: ADMIN_TEXTS.validPriceRequired })
      .transform((v, ctx) => {
        const price = parsePrice(v);
        if (price === null) {
          ctx.addIssue({ code: 'custom', message: ADMIN_TEXTS.validPriceRequired });
          return z.NEVER;
        }
        return price;
      })
      .describe('Above 0; rounded to 2 decimals'),
    image: optionalText('image', URL_MAX_LENGTH, `image must be at most ${URL_MAX_LENGTH} characters`)
      .refine((v) => v === null || isImageReference(v), IMAGE_MESSAGE)
      .describe('http(s) URL or the url of an uploaded image'),
    isBestProduct: z
      .union([z.boolean(), z.string()])
      .optional()
      .transform((v) => parseBestFlag(v))
      .describe("true, false or the strings 'true'/'false'"),
    link: linkAlias.describe('External buy link, http(s) only'),
    cnFansLink: linkAlias.describe('Accepted spelling of link'),
    cnfansLink: linkAlias.describe('Accepted spelling of link'),
    translations: productTranslationsInputSchema,
  })
  .transform(({ cnFansLink, cnfansLink, link, ...rest }) => ({ ...rest, link: linkFromInput({ link, cnFansLink, cnfansLink }) }));
export type ProductInput = z.output<typeof productInputSchema>;
/** What a form sends: every field as typed. */
export type ProductInputDraft = z.input<typeof productInputSchema>;

/** The admin list's orders (issue 15): row (the spec's), title, price either way, or the last changed first. */
export const ADMIN_PRODUCT_SORTS = ['row', 'title', 'price', 'price-desc', 'updated'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;

/** Query of the admin product list: spec section 5 filters, search also over category, pages of 25 by row. */
export const adminProductQuerySchema = z.object({
  search: finderQuerySchema.shape.search.describe('Case-insensitive substring of title, description, brand or category'),
  category: finderQuerySchema.shape.category,
  gender: finderQuerySchema.shape.gender,
  best: z
    .enum(['all', 'true', 'false'], { message: 'best must be all, true or false' })
    .default('all')
    .transform((v) => (v === 'all' ? undefined : v === 'true'))
    .describe('true: best products only; false: all but best products'),
  picture: z
    .enum(['any', 'none', 'some'], { message: 'picture must be any, none or some' })
    .default('any')
    .transform((v) => (v === 'any' ? undefined : v))
    .describe('none: products without a picture (none given, or its fetch failed); some: products with one'),
  link: z
    .enum(['any', 'none', 'some'], { message: 'link must be any, none or some' })
    .default('any')
    .transform((v) => (v === 'any' ? undefined : v))
    .describe('none: products without a buy link (an import may have hidden them until one is added); some: products with one'),
  sort: z
    .enum(ADMIN_PRODUCT_SORTS, { message: `sort must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` })
    .default('row')
    .describe('row (default), title, price (lowest first), price-desc, updated (last changed first)'),
  group: z
    .string()
    .trim()
    .max(GROUP_KEY_MAX_LENGTH, `group must be at most ${GROUP_KEY_MAX_LENGTH} characters`)
    .optional()
    .transform((v) => v || undefined)
    .describe("A product's groupKey: only the products of that group (the colourways of one seller item)"),
  page: pageField,
  pageSize: pageSizeField(ADMIN_PRODUCTS_PAGE_SIZE, ADMIN_MAX_PAGE_SIZE),
});
export type AdminProductQuery = z.output<typeof adminProductQuerySchema>;

/** The admin list's filters alone: an export's, and a bulk action's "every item matching". */
export const adminProductFilterSchema = adminProductQuerySchema.pick({
  search: true,
  category: true,
  gender: true,
  best: true,
  picture: true,
  link: true,
  group: true,
});
export type AdminProductFilter = z.output<typeof adminProductFilterSchema>;

/** GET /api/admin/products/export: the format and the admin list's filters (none: the whole catalogue). */
export const productExportQuerySchema = adminProductFilterSchema.extend({
  format: z.enum(['csv', 'xlsx', 'json'], { message: 'format must be csv, xlsx or json' }).default('csv'),
});
export type ProductExportQuery = z.output<typeof productExportQuerySchema>;

export const adminProductPageSchema = pagedSchema(adminProductSchema, 'AdminProductPage');
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;
