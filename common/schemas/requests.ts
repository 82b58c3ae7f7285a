import { z } from 'zod';
import { REQUEST_TEXTS } from '../texts/requests';
import {
  REPORT_AGENT_MAX_LENGTH,
  REPORT_NOTE_MAX_LENGTH,
  REQUEST_LINK_MAX_LENGTH,
  REQUEST_QUERY_MAX_LENGTH,
  REQUEST_QUERY_MIN_LENGTH,
  REQUEST_STATUSES,
} from '../requests';
import { isHttpUrl, plainText } from './fields';
import { pageField } from './paging';
import { apiSchemas } from './registry';

// Item requests and broken-link reports (issue 16). The storefront's forms parse with the same input schemas the
// API does, so a visitor sees the server's messages before sending.

export const REQUESTS_PAGE_SIZE = 20;

/** A visitor's request from an empty search: what they are looking for and, if they have one, a link to it. */
export const itemRequestInputSchema = z
  .object({
    query: z
      .string({ error: () => REQUEST_TEXTS.queryTooShort })
      .trim()
      .min(REQUEST_QUERY_MIN_LENGTH, { error: () => REQUEST_TEXTS.queryTooShort })
      .max(REQUEST_QUERY_MAX_LENGTH, { error: () => REQUEST_TEXTS.queryTooLong })
      .refine(...plainText('query')),
    link: z
      .string()
      .trim()
      .max(REQUEST_LINK_MAX_LENGTH, { error: () => REQUEST_TEXTS.linkTooLong })
      // Before the URL check: the URL parser would accept a control character in the path.
      .refine(...plainText('link'))
      .nullish()
      .refine((v) => !v || isHttpUrl(v), { error: () => REQUEST_TEXTS.linkInvalid })
      .transform((v) => v || null),
  })
  .register(apiSchemas, { id: 'ItemRequestSubmission' });
export type ItemRequestInput = z.infer<typeof itemRequestInputSchema>;

/** A visitor's report that a product's buy link is broken; the agent is the one BUY sent them to, when known. */
export const linkReportInputSchema = z
  .object({
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX_LENGTH, { error: () => REQUEST_TEXTS.noteTooLong })
      .refine(...plainText('note', { multiLine: true }))
      .nullish()
      .transform((v) => v ?? ''),
    agent: z
      .string()
      .trim()
      .max(REPORT_AGENT_MAX_LENGTH, { error: () => REQUEST_TEXTS.agentInvalid })
      .regex(/^([a-z0-9][a-z0-9-]*)?$/, { error: () => REQUEST_TEXTS.agentInvalid })
      .nullish()
      .transform((v) => v || null),
  })
  .register(apiSchemas, { id: 'LinkReportSubmission' });
export type LinkReportInput = z.infer<typeof linkReportInputSchema>;

/** What the visitor gets back: the row's id; `duplicate` when their identical open report of today was kept instead. */
export const requestReceiptSchema = z.object({ id: z.string(), duplicate: z.boolean() }).register(apiSchemas, { id: 'RequestReceipt' });
export type RequestReceipt = z.infer<typeof requestReceiptSchema>;

export const requestStatusSchema = z.enum(REQUEST_STATUSES, {
  error: `status must be one of ${REQUEST_STATUSES.join(', ')}`,
});

/** A product as a queue row shows it: its number and title, linked to its page. */
export const queueProductSchema = z
  .object({
    id: z.string(),
    number: z.number().int(),
    title: z.string(),
    path: z.string().describe('Its page: /products/<slug>-<number>'),
    link: z.string().nullable().describe('Its buy link as stored'),
  })
  .register(apiSchemas, { id: 'QueueProduct' });
export type QueueProduct = z.infer<typeof queueProductSchema>;

export const itemRequestSchema = z
  .object({
    id: z.string(),
    query: z.string(),
    link: z.string().nullable(),
    status: requestStatusSchema,
    product: queueProductSchema.nullable().describe('The product that answers the request, once linked'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .register(apiSchemas, { id: 'ItemRequest' });
export type ItemRequest = z.infer<typeof itemRequestSchema>;

export const linkReportSchema = z
  .object({
    id: z.string(),
    product: queueProductSchema,
    agent: z.string().nullable().describe("The agent's slug BUY used, when the visitor's page knew it"),
    note: z.string(),
    status: requestStatusSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .register(apiSchemas, { id: 'LinkReport' });
export type LinkReport = z.infer<typeof linkReportSchema>;

/** Rows per status over the whole queue, whatever the filter. */
export const statusCountsSchema = z
  .object({ new: z.number().int(), planned: z.number().int(), added: z.number().int(), rejected: z.number().int() })
  .register(apiSchemas, { id: 'RequestStatusCounts' });
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const queueQuerySchema = z.object({
  page: pageField,
  status: z
    .enum(['', ...REQUEST_STATUSES], { error: `status must be one of ${REQUEST_STATUSES.join(', ')}` })
    .optional()
    .transform((v) => v || undefined)
    .describe('Only rows in this status; blank or absent: all'),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

/** One page of a queue, newest first, with the counts per status (for the filter) and the total matching. */
const withCounts = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      items: z.array(item),
      total: z.number().int().describe('How many match the filter, on every page'),
      page: z.number().int(),
      pageSize: z.number().int(),
      counts: statusCountsSchema,
    })
    .register(apiSchemas, { id });

export const itemRequestPageSchema = withCounts(itemRequestSchema, 'ItemRequestPage');
export type ItemRequestPage = z.infer<typeof itemRequestPageSchema>;
export const linkReportPageSchema = withCounts(linkReportSchema, 'LinkReportPage');
export type LinkReportPage = z.infer<typeof linkReportPageSchema>;

/**
 * The product an admin links a request to: its number (as typed: 123), its id, or its page's address; null or blank
 * unlinks it.
 */
export const productRefSchema = z
  .union([z.number(), z.string().trim().max(REQUEST_LINK_MAX_LENGTH)])
  .nullable()
  .transform((v, ctx): { number: number } | { id: string } | null => {
    if (v === null || v === '') return null;
    const text = String(v);
    if (/^\d{1,9}$/.test(text)) return { number: Number(text) };
    if (z.uuid().safeParse(text).success) return { id: text.toLowerCase() };
    // A product page's address, whole or its path: /products/<slug>-<number>
    const fromPath = /\/products\/(?:[^/?#]*-)?(\d{1,9})\/?(?:[?#].*)?$/.exec(text);
    if (fromPath) return { number: Number(fromPath[1]) };
    ctx.addIssue({ code: 'custom', message: 'product must be a product number, its id or its page address' });
    return z.NEVER;
  });

export const itemRequestUpdateSchema = z
  .object({
    status: requestStatusSchema.optional(),
    product: productRefSchema.optional(),
    productId: productRefSchema.optional().describe('Accepted spelling of product'),
  })
  .transform(({ productId, product, ...rest }) => ({ ...rest, product: product !== undefined ? product : productId }))
  .refine((v) => v.status !== undefined || v.product !== undefined, 'Send a status, a product or both')
  .register(apiSchemas, { id: 'ItemRequestUpdate' });
export type ItemRequestUpdate = z.infer<typeof itemRequestUpdateSchema>;

export const linkReportUpdateSchema = z.object({ status: requestStatusSchema }).register(apiSchemas, { id: 'LinkReportUpdate' });
export type LinkReportUpdate = z.infer<typeof linkReportUpdateSchema>;

/** What the product page shows an admin: the product's reports still to be dealt with, and all of them. */
export const linkReportStateSchema = z
  .object({
    productId: z.string(),
    open: z.number().int().describe('Reports in status new or planned'),
    total: z.number().int(),
    lastReportedAt: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'LinkReportState' });
export type LinkReportState = z.infer<typeof linkReportStateSchema>;

export const productIdParamsSchema = z.object({ productId: z.uuid('productId must be a UUID') });
