import type { FastifyRequest } from 'fastify';
import { AUDIT_TEXT_LIMIT, type AuditChanges } from '../../../common/schemas/audit';
import { callerOf } from '../../plugins/role-guard';
import type { Actor } from './audit.repo';

/** The signed-in person a write is recorded against (the caller the guard admitted, as the audit log names it). */
export function actorOf(request: FastifyRequest): Actor & { id: string } {
  const { id, email } = callerOf(request);
  return { id, email };
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
