import { z } from 'zod';
import { pageField, pagedSchema, pageSizeField } from './paging';

export const AUDIT_ACTIONS = ['bulk-op', 'user-roles'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_STATUSES = ['running', 'succeeded', 'failed', 'abandoned'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_MAX_PAGE_SIZE = 100;

/** One entry of the audit log: a bulk database operation or a role change. */
export const auditEntrySchema = z
  .object({
    id: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    subject: z.string().describe("The operation's id (bulk-op) or the changed account's email (user-roles)"),
    status: z.enum(AUDIT_STATUSES),
    actorEmail: z.string().describe('Who did it'),
    details: z.record(z.string(), z.unknown()).describe('Counts and message of an operation; flags before and after of a role change'),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField(AUDIT_PAGE_SIZE, AUDIT_MAX_PAGE_SIZE),
  action: z.enum(AUDIT_ACTIONS).optional().describe('Only entries of this kind'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = pagedSchema(auditEntrySchema, 'AuditPage');
export type AuditPage = z.infer<typeof auditPageSchema>;
