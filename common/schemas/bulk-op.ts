import { z } from 'zod';
import { BULK_OPERATIONS } from '../bulk-op-rules';
import { apiSchemas } from './registry';

export const bulkOperationParamsSchema = z.object({
  operation: z.enum(BULK_OPERATIONS, { message: `operation must be one of ${BULK_OPERATIONS.join(', ')}` }),
});

/** One changed product in an operation's result (spec section 3 "Operation result"). */
export const bulkUpdateSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    gender: z.string().nullable(),
    oldCategory: z.string().nullable(),
    newCategory: z.string().nullable().describe('Set by the category operations'),
    currentTitle: z.string(),
    newGender: z.string().nullable().describe('Set by Add Gender Property'),
  })
  .register(apiSchemas, { id: 'BulkUpdate' });
export type BulkUpdate = z.infer<typeof bulkUpdateSchema>;

export const bulkResultSchema = z
  .object({
    operation: z.string().describe("The operation's name as its button shows it"),
    totalProcessed: z.number().int().describe('Products examined (the whole catalogue)'),
    matchedProducts: z.number().int().describe('Products the rule applies to'),
    updatedCount: z.number().int().describe('Products changed (matched ones already right are left alone)'),
    message: z.string().nullable(),
    updates: z.array(bulkUpdateSchema).describe('Up to 10 of the changed products'),
    changeId: z
      .string()
      .nullable()
      .describe('Pass to POST /api/admin/bulk-ops/changes/{id}/undo to take the run back; null when nothing changed'),
  })
  .register(apiSchemas, { id: 'BulkResult' });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** What a run would do: the same counts and samples, nothing written. */
export const bulkPreviewSchema = bulkResultSchema.omit({ changeId: true }).register(apiSchemas, { id: 'BulkPreview' });
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

/** Spec section 3 "Category distribution", as a list sorted by count, largest first. */
export const categoryStatsSchema = z
  .object({
    items: z.array(
      z.object({
        category: z.string().nullable().describe('null for products without a category'),
        count: z.number().int(),
      }),
    ),
    total: z.number().int().describe('Every product'),
  })
  .register(apiSchemas, { id: 'CategoryStats' });
export type CategoryStats = z.infer<typeof categoryStatsSchema>;
