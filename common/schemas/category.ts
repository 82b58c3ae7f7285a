import { z } from 'zod';
import { CATEGORY_MAX_LENGTH } from '../constants';
import { CATEGORY_DESCRIPTION_MAX_LENGTH, RELEVANCE_MAX } from '../admin-constants';
import { ADMIN_TEXTS } from '../texts/admin';
import { CONTENT_LANGUAGES, type CategoryNames } from '../catalogue-languages';
import { plainText, wholeNumber } from './fields';
import { apiSchemas } from './registry';

/** A category's names in the other languages, as answered: only the languages that have one (issue 41). */
const categoryNamesSchema = z
  .object(
    Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l.code, z.string().optional()])) as Record<
      keyof CategoryNames,
      z.ZodOptional<z.ZodString>
    >,
  )
  .describe("The name in the site's other languages, by language code (de, fr, pt-BR …); the storefront shows `name` where one is missing");

export const categorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    names: categoryNamesSchema,
    relevance: z.number().int().describe('Sort number; categories list in ascending order of it, then by name'),
    description: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .register(apiSchemas, { id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({ items: z.array(categorySchema) }).register(apiSchemas, { id: 'CategoryList' });
export type CategoryList = z.infer<typeof categoryListSchema>;

/** A category as the admin sees it: with the number of products filed under its name. */
export const adminCategorySchema = categorySchema
  .extend({ productCount: z.number().int().describe('Products whose category is this name (any case)') })
  .register(apiSchemas, { id: 'AdminCategory' });
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminCategoryListSchema = z.object({ items: z.array(adminCategorySchema) }).register(apiSchemas, { id: 'AdminCategoryList' });
export type AdminCategoryList = z.infer<typeof adminCategoryListSchema>;

/** A name in one other language: trimmed, blank means none; the English name's length limit. */
const translatedName = (languageName: string) =>
  z
    .string()
    .trim()
    .max(CATEGORY_MAX_LENGTH, `Category name (${languageName}) must be at most ${CATEGORY_MAX_LENGTH} characters`)
    .refine(...plainText(`Category name (${languageName})`))
    .nullish();

/** The names an admin types per language: blanks are dropped; an unknown language is refused. */
const categoryNamesInputSchema = z
  .strictObject(
    Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l.code, translatedName(l.name)])) as Record<
      keyof CategoryNames,
      ReturnType<typeof translatedName>
    >,
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `names: not a language of the site: ${issue.keys.join(', ')}` : undefined),
    },
  )
  .nullish()
  .transform((names): CategoryNames => {
    const out: CategoryNames = {};
    for (const { code } of CONTENT_LANGUAGES) {
      const name = names?.[code];
      if (name) out[code] = name;
    }
    return out;
  })
  .describe("The name in the site's other languages, by language code; blank or absent: none (the storefront shows the name)");

/** Add and edit (spec section 5): the name is required and trimmed; names are unique in any case. */
export const categoryInputSchema = z.object({
  name: z
    .string({ error: ADMIN_TEXTS.categoryNameRequired })
    .trim()
    .min(1, ADMIN_TEXTS.categoryNameRequired)
    .max(CATEGORY_MAX_LENGTH, `Category name must be at most ${CATEGORY_MAX_LENGTH} characters`)
    .refine(...plainText('Category name')),
  names: categoryNamesInputSchema,
  relevance: wholeNumber('Sort number', 0, RELEVANCE_MAX)
    .optional()
    .transform((v) => v ?? 0)
    .describe('Sort number, ascending; 0 when not given'),
  description: z
    .string()
    .trim()
    .max(CATEGORY_DESCRIPTION_MAX_LENGTH, `Description must be at most ${CATEGORY_DESCRIPTION_MAX_LENGTH} characters`)
    .refine(...plainText('Description', { multiLine: true }))
    .nullish()
    .transform((v) => v ?? ''),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;
export type CategoryInputDraft = z.input<typeof categoryInputSchema>;

export const categoryDeleteQuerySchema = z.object({
  moveTo: z
    .uuid('moveTo must be the id of another category')
    .optional()
    .describe("Id of the category that takes over this one's products; without it they keep no category"),
});

export const categoryDeleteResultSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    productsMoved: z.number().int().describe('Products that were in the deleted category'),
    movedTo: z.string().nullable().describe('Name of the category they went to; null when they now have none'),
  })
  .register(apiSchemas, { id: 'CategoryDeleteResult' });
export type CategoryDeleteResult = z.infer<typeof categoryDeleteResultSchema>;

export const ensureDefaultsResultSchema = z
  .object({ seeded: z.boolean().describe('True when no category existed and the defaults were added') })
  .register(apiSchemas, { id: 'EnsureDefaultsResult' });
