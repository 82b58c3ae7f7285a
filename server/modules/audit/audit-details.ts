import type { FastifyRequest } from 'fastify';
import { AUDIT_TEXT_LIMIT, type AuditChanges } from '../../../common/schemas/audit';
import { AppError } from '../../errors';
import type { Actor } from './audit.repo';

/** The signed-in admin a write is recorded against; the role guard has set it before any admin handler runs. */
export function actorOf(request: FastifyRequest): Actor & { id: string } {
  const user = request.sessionUser;
  // requireRole refuses the request before the handler without one; this only satisfies the type.
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to do this.');
  return { id: user.id, email: user.email };
}

/** A text cut to the log's limit (with an ellipsis), so one long description cannot bloat every entry about it. */
export function clip(text: string): string {
  return text.length > AUDIT_TEXT_LIMIT ? `${text.slice(0, AUDIT_TEXT_LIMIT - 1)}…` : text;
}

const clipped = (value: unknown): unknown => (typeof value === 'string' ? clip(value) : value);

/**
 * The fields whose value differs between before and after, each with both values (long texts clipped). Compared on
 * the full values: a change beyond the clip still counts.
 */
export function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (!Object.is(before[field], after[field])) changes[field] = { from: clipped(before[field]), to: clipped(after[field]) };
  }
  return changes;
}

/** The values worth keeping of a created or deleted record, long texts clipped. */
export function keptValues<T extends object>(row: T, fields: readonly (keyof T & string)[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, clipped(row[field])]));
}
