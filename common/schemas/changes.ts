import { z } from 'zod';
import { CATEGORY_MAX_LENGTH, GENDERS } from '../constants';
import { optionalText } from './fields';
import { adminProductFilterSchema } from './product';
import { apiSchemas } from './registry';

export const CHANGE_KINDS = ['import', 'bulk-edit', 'bulk-op'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** What Undo did: products put back, and those left alone because someone changed them after. */
export const undoResultSchema = z
  .object({
    restored: z.number().int().describe('Products put back as they were (deleted ones created again, created ones removed)'),
    skipped: z.number().int().describe('Products changed or deleted since, left as they are'),
  })
  .register(apiSchemas, { id: 'UndoResult' });
export type UndoResult = z.infer<typeof undoResultSchema>;


export const BULK_EDIT_MAX_IDS = 1000;

/**
 * A bulk action over selected items (issue 15): the ids ticked on screen, or every item matching the list's filters
 * with the count the operator confirmed (refused with 409 when the filters now match another number).
 */
export const bulkEditBodySchema = z
  .object({
    selection: z.union([
      z.object({ ids: z.array(z.uuid('ids must be UUIDs')).min(1, 'select at least one item').max(BULK_EDIT_MAX_IDS, `select at most ${BULK_EDIT_MAX_IDS} items, or every item matching`) }),
      z.object({ filter: adminProductFilterSchema, expectedCount: z.number().int().min(1) }),
    ], { error: 'selection must be { ids } or { filter, expectedCount }' }),
    action: z.discriminatedUnion('type', [
      z.object({ type: z.literal('set-category'), category: optionalText('category', CATEGORY_MAX_LENGTH, `category must be at most ${CATEGORY_MAX_LENGTH} characters`) }),
      z.object({ type: z.literal('set-gender'), gender: z.enum(GENDERS, { message: `gender must be one of ${GENDERS.join(', ')}` }).nullable() }),
      z.object({ type: z.literal('set-best'), isBestProduct: z.boolean({ message: 'isBestProduct must be true or false' }) }),
      z.object({ type: z.literal('delete') }),
    ], { error: 'action.type must be set-category, set-gender, set-best or delete' }),
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

/** Items sharing a buy link with the one being edited: the item form warns about them. */
export const linkMatchesQuerySchema = z.object({
  link: z.string().trim().min(1, 'link is required').max(2000),
  excludeId: z.uuid('excludeId must be a UUID').optional(),
});
export const linkMatchesSchema = z
  .object({ items: z.array(z.object({ id: z.string(), number: z.number().int(), title: z.string() })) })
  .register(apiSchemas, { id: 'LinkMatches' });
export type LinkMatches = z.infer<typeof linkMatchesSchema>;
