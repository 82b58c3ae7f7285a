import { z } from 'zod';
import { CATEGORY_MAX_LENGTH } from '../constants';
import { CATEGORY_DESCRIPTION_MAX_LENGTH, RELEVANCE_MAX } from '../admin-constants';
import { ADMIN_TEXTS } from '../texts/admin';
import { plainText, wholeNumber } from './fields';
import { apiSchemas } from './registry';

export const categorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
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

/** Add and edit (spec section 5): the name is required and trimmed; names are unique in any case. */
export const categoryInputSchema = z.object({
  name: z
    .string({ error: ADMIN_TEXTS.categoryNameRequired })
    .trim()
    .min(1, ADMIN_TEXTS.categoryNameRequired)
    .max(CATEGORY_MAX_LENGTH, `Category name must be at most ${CATEGORY_MAX_LENGTH} characters`)
    .refine(...plainText('Category name')),
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
