import { z } from 'zod';
import { CONTENT_LANG_CODES, type ContentLangCode } from '../catalogue-languages';
import { BRAND_MAX_LENGTH, DESCRIPTION_MAX_LENGTH, PRICE_MAX, TITLE_MAX_LENGTH } from '../admin-constants';
import { CATEGORY_MAX_LENGTH, GENDERS } from '../constants';
import { optionalText, plainText } from './fields';
import { adminProductFilterSchema } from './product';
import { apiSchemas } from './registry';

export const CHANGE_KINDS = ['import', 'bulk-edit', 'bulk-op'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** What Undo did: products put back, and those left alone because someone changed them after. */
export const undoResultSchema = z
  .object({
    restored: z.number().int().describe('Products put back as they were (deleted ones created again, created ones removed)'),
    skipped: z.number().int().describe('Products changed or deleted since, left as they are'),
    guides: z.number().int().optional().describe("Guides put back (the demo's removal takes its starter guides with it)"),
  })
  .register(apiSchemas, { id: 'UndoResult' });
export type UndoResult = z.infer<typeof undoResultSchema>;

export const BULK_EDIT_MAX_IDS = 1000;

/** A price change in percent: down at most to a tenth of the price, up at most tenfold. */
export const BULK_PRICE_PERCENT_MIN = -90;
export const BULK_PRICE_PERCENT_MAX = 900;
/** How many changed items a bulk action's preview shows. */
export const BULK_PREVIEW_SAMPLES = 5;

/** The actions of the bulk bar (issues 15 and 28). */
export const bulkActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('set-category'),
      category: optionalText('category', CATEGORY_MAX_LENGTH, `category must be at most ${CATEGORY_MAX_LENGTH} characters`),
    }),
    z.object({
      type: z.literal('set-gender'),
      gender: z.enum(GENDERS, { message: `gender must be one of ${GENDERS.join(', ')}` }).nullable(),
    }),
    z.object({ type: z.literal('set-best'), isBestProduct: z.boolean({ message: 'isBestProduct must be true or false' }) }),
    z.object({
      type: z.literal('set-price'),
      price: z
        .number({ message: 'price must be a number' })
        .transform((n) => Math.round((n + Number.EPSILON) * 100) / 100)
        .refine((n) => n > 0 && n <= PRICE_MAX, 'Valid price is required!')
        .describe('The new price in the store currency, rounded to 2 decimals'),
    }),
    z.object({
      type: z.literal('adjust-price'),
      percent: z
        .number({ message: 'percent must be a number' })
        .refine((n) => n !== 0, 'percent must not be 0')
        .refine(
          (n) => n >= BULK_PRICE_PERCENT_MIN && n <= BULK_PRICE_PERCENT_MAX,
          `percent must be between ${BULK_PRICE_PERCENT_MIN} and ${BULK_PRICE_PERCENT_MAX}`,
        )
        .describe('Raise (+) or lower (−) each price by this many percent; each result rounded to 2 decimals, at least 0.01'),
    }),
    z.object({
      type: z.literal('set-brand'),
      brand: z
        .string()
        .trim()
        .max(BRAND_MAX_LENGTH, `brand must be at most ${BRAND_MAX_LENGTH} characters`)
        .refine(...plainText('brand'))
        .describe('Blank for none'),
    }),
    z
      .object({
        type: z.literal('replace-title'),
        find: z
          .string()
          .min(1, 'Type the text to find')
          .max(TITLE_MAX_LENGTH, `find must be at most ${TITLE_MAX_LENGTH} characters`)
          .refine(...plainText('find')),
        replace: z
          .string()
          .max(TITLE_MAX_LENGTH, `replace must be at most ${TITLE_MAX_LENGTH} characters`)
          .refine(...plainText('replace')),
      })
      .describe(
        'Replaces every occurrence of `find` in the titles (letter case aside) with `replace`; a title that would be empty or too long is left as it is',
      ),
    z.object({
      type: z.literal('set-description'),
      description: z
        .string()
        .trim()
        .max(DESCRIPTION_MAX_LENGTH, `description must be at most ${DESCRIPTION_MAX_LENGTH} characters`)
        .refine(...plainText('description', { multiLine: true }))
        .describe('Blank for none'),
    }),
    z
      .object({
        type: z.literal('remove-translation'),
        lang: z.enum(CONTENT_LANG_CODES as [ContentLangCode, ...ContentLangCode[]], {
          message: `lang must be one of ${CONTENT_LANG_CODES.join(', ')}`,
        }),
      })
      .describe(
        "Removes the title and description in one other language (issue 41): the product's page there points to the English one again",
      ),
    z.object({ type: z.literal('delete') }),
  ],
  {
    error:
      'action.type must be set-category, set-gender, set-best, set-price, adjust-price, set-brand, replace-title, set-description, remove-translation or delete',
  },
);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/**
 * A bulk action over selected items (issue 15): the ids ticked on screen, or every item matching the list's filters
 * with the count the operator confirmed (refused with 409 when the filters now match another number).
 */
export const bulkEditBodySchema = z
  .object({
    selection: z.union(
      [
        z.object({
          ids: z
            .array(z.uuid('ids must be UUIDs'))
            .min(1, 'select at least one item')
            .max(BULK_EDIT_MAX_IDS, `select at most ${BULK_EDIT_MAX_IDS} items, or every item matching`),
        }),
        z.object({ filter: adminProductFilterSchema, expectedCount: z.number().int().min(1) }),
      ],
      { error: 'selection must be { ids } or { filter, expectedCount }' },
    ),
    action: bulkActionSchema,
  })
  .register(apiSchemas, { id: 'BulkEdit' });
export type BulkEditBody = z.infer<typeof bulkEditBodySchema>;
/** What a client sends (the filters as the list's query spells them). */
export type BulkEditInput = z.input<typeof bulkEditBodySchema>;

export const bulkEditResultSchema = z
  .object({
    changeId: z.string().nullable().describe('Pass to .../changes/{id}/undo to take it back; null when nothing changed'),
    selected: z.number().int(),
    changed: z.number().int().describe('Selected items that were not already so'),
    summary: z.string(),
  })
  .register(apiSchemas, { id: 'BulkEditResult' });
export type BulkEditResult = z.infer<typeof bulkEditResultSchema>;

/** What a bulk action would do, before it is confirmed: the count it changes and its first changes. */
export const bulkEditPreviewSchema = z
  .object({
    selected: z.number().int(),
    changed: z.number().int().describe('Selected items the action would change'),
    samples: z
      .array(z.object({ number: z.number().int(), title: z.string(), from: z.string(), to: z.string() }))
      .describe(`The first ${BULK_PREVIEW_SAMPLES} changes in the list's row order: the field's value before and after`),
  })
  .register(apiSchemas, { id: 'BulkEditPreview' });
export type BulkEditPreview = z.infer<typeof bulkEditPreviewSchema>;

/** Items sharing a buy link with the one being edited: the item form warns about them. */
export const linkMatchesQuerySchema = z.object({
  link: z.string().trim().min(1, 'link is required').max(2000),
  excludeId: z.uuid('excludeId must be a UUID').optional(),
});
export const linkMatchesSchema = z
  .object({ items: z.array(z.object({ id: z.string(), number: z.number().int(), title: z.string() })) })
  .register(apiSchemas, { id: 'LinkMatches' });
export type LinkMatches = z.infer<typeof linkMatchesSchema>;
