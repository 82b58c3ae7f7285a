import { z } from 'zod';
import { pageField, pagedSchema, pageSizeField } from './paging';
import { apiSchemas } from './registry';

export const AUDIT_ACTIONS = [
  'bulk-op',
  'user-roles',
  'product-create',
  'product-update',
  'product-delete',
  'category-create',
  'category-update',
  'category-delete',
  'image-upload',
  'image-delete',
  'product-import',
  'products-bulk-edit',
  'change-undo',
  'agent-create',
  'agent-update',
  'agent-delete',
  'products-source',
  'currency-rates',
  'request-update',
  'request-delete',
  'link-report-update',
  'link-report-delete',
  'sync-source-create',
  'sync-source-update',
  'sync-source-delete',
  'synonym-create',
  'synonym-update',
  'synonym-delete',
  'brand-aliases-update',
  'link-recheck',
  'link-mark-fine',
  'alerts-run',
  'guide-create',
  'guide-update',
  'guide-delete',
  'guide-restore',
  'guide-undo',
  'guide-publish',
  'pictures-refetch',
  'storefront-settings-update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Long texts (a product's description) are cut to this many characters in an entry, so entries stay small. */
export const AUDIT_TEXT_LIMIT = 200;

/** One changed field of an edit: its value before and after. */
export type AuditFieldChange = { from: unknown; to: unknown };
/**
 * The details of a 'product-update' or 'category-update': only the fields whose value really changed. An edit that
 * changes nothing writes no entry.
 */
export type AuditChanges = Record<string, AuditFieldChange>;
export const AUDIT_STATUSES = ['running', 'succeeded', 'failed', 'abandoned'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_MAX_PAGE_SIZE = 100;

/** One entry of the audit log: a bulk database operation, a role change, or an admin's change to the catalogue. */
export const auditEntrySchema = z
  .object({
    id: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    subject: z
      .string()
      .describe(
        "The operation's id (bulk-op), the changed account's email (user-roles), the product's title and number, the " +
          "category's name or the image's name",
      ),
    status: z.enum(AUDIT_STATUSES),
    actorEmail: z.string().describe('Who did it'),
    details: z
      .record(z.string(), z.unknown())
      .describe(
        'Counts and message of an operation; flags before and after of a role change; the values of a created or ' +
          'deleted item, category or image; `changes: { field: { from, to } }` of an edit',
      ),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField(AUDIT_PAGE_SIZE, AUDIT_MAX_PAGE_SIZE),
  action: z.enum(AUDIT_ACTIONS).optional().describe('Only entries of this kind'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = pagedSchema(auditEntrySchema, 'AuditPage');
export type AuditPage = z.infer<typeof auditPageSchema>;
