import { z } from 'zod';
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_QUERY_MAX, SAVED_SEARCHES_MAX, savedSearchQuery } from '../saved-searches';
import { SAVED_SEARCH_MESSAGES as M } from '../texts/saved-searches';
import { apiSchemas } from './registry';

// Saved searches (issue 42, decision 0085). The Save search form and the rename field parse with these before
// sending; the server parses the same.

const nameField = z
  .string({ error: () => M.nameRequired })
  .trim()
  .min(1, { error: () => M.nameRequired })
  .max(SAVED_SEARCH_NAME_MAX, { error: () => M.nameTooLong(SAVED_SEARCH_NAME_MAX) });

/** POST /api/me/saved-searches. */
export const savedSearchInputSchema = z
  .object({
    name: nameField.describe('How the search is listed'),
    query: z
      .string('query must be text: the finder address’s query string')
      .max(SAVED_SEARCH_QUERY_MAX, `query must be at most ${SAVED_SEARCH_QUERY_MAX} characters`)
      .transform(savedSearchQuery)
      .describe(
        'The finder view as its address writes it (search, category, gender, best, brand, minPrice, maxPrice, sort, allWords), such as `search=dunk&gender=Men&sort=newest`; read by the finder’s own codec (what it cannot read is left out, `since` too)',
      ),
    mail: z
      .boolean('mail must be true or false')
      .optional()
      .describe('Mail when new products match (default: on when the site can mail); true answers 409 when it cannot'),
  })
  .strict();
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

/** PATCH /api/me/saved-searches/:id: a new name, the mail on or off. */
export const savedSearchChangeSchema = z
  .object({
    name: nameField.optional(),
    mail: z.boolean('mail must be true or false').optional(),
  })
  .strict();
export type SavedSearchChange = z.input<typeof savedSearchChangeSchema>;

export const savedSearchParamsSchema = z.object({ id: z.uuid('id must be a saved search id (a UUID)') });

export const savedSearchSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    query: z.string().describe('The finder address’s query string'),
    path: z.string().describe('The finder’s address of this view'),
    mail: z.boolean().describe('Mailed when new products match'),
    createdAt: z.string(),
    lastOpenedAt: z.string().nullable().describe('When its owner last opened it (ISO 8601); null: never'),
    newCount: z.number().int().describe('Products added since it was last opened (or saved) that it finds'),
    newPath: z.string().nullable().describe('The finder’s address of those new products alone; null when there are none'),
  })
  .register(apiSchemas, { id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z
  .object({
    items: z.array(savedSearchSchema).describe('Newest first'),
    max: z.literal(SAVED_SEARCHES_MAX).describe('The most an account can keep'),
    mailAvailable: z.boolean().describe('Whether the site can mail (a mail server is set up)'),
    mailUnavailableReason: z.string().nullable().describe('Why saved searches cannot be mailed; null when they can'),
  })
  .register(apiSchemas, { id: 'SavedSearchList' });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

/** The unsubscribe link's token: what it stops (a search's id or `all`), the account, and its signature. */
export const SAVED_SEARCH_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,120}\.[A-Za-z0-9_-]{43}$/;
export const savedSearchUnsubscribeQuerySchema = z.object({
  token: z.string('token: the link is incomplete').regex(SAVED_SEARCH_TOKEN_PATTERN, { error: () => M.badToken }),
});
export const savedSearchUnsubscribedSchema = z
  .object({ unsubscribed: z.literal(true), message: z.string() })
  .register(apiSchemas, { id: 'SavedSearchUnsubscribed' });
