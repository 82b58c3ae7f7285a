import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Who did what and when: every bulk database operation and every role change (issue 5), every admin change to
 * items, categories and images (issue 13; `AUDIT_ACTIONS` in common/schemas/audit.ts lists the kinds). A bulk operation's row is
 * written as 'running' before it starts; the partial unique index lets only one run at a time across every process,
 * so a second click or a second server is refused instead of running the operation twice.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One of AUDIT_ACTIONS: 'bulk-op', 'user-roles', 'product-update', 'image-upload' ... */
    action: text('action').notNull(),
    /** The operation's id, the changed account's email, "title (#number)" of a product, a category's or image's name. */
    subject: text('subject').notNull(),
    status: text('status').notNull().default('succeeded'),
    /** Null once the acting account is deleted; its email stays. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /**
     * Counts, message or error of an operation; the flags before and after of a role change; an edit's changed fields
     * ({ from, to }); a created or deleted record's values.
     */
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('audit_log_status_check', sql`${t.status} in ('running', 'succeeded', 'failed', 'abandoned')`),
    index('audit_log_created_idx').on(t.createdAt, t.id),
    uniqueIndex('audit_log_one_running_idx')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);
