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

/** A value with its texts clipped, those inside an object too (a product's translations, issue 41). */
const clipped = (value: unknown): unknown => {
  if (typeof value === 'string') return clip(value);
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clipped(v)]));
  return value;
};

/** Equal values: the same primitive, or objects (jsonb read back sorts its keys) with the same keys and equal values. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || a instanceof Date || b instanceof Date) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * The fields whose value differs between before and after, each with both values (long texts clipped). Compared on
 * the full values: a change beyond the clip still counts.
 */
export function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (!sameValue(before[field], after[field])) changes[field] = { from: clipped(before[field]), to: clipped(after[field]) };
  }
  return changes;
}

/** The values worth keeping of a created or deleted record, long texts clipped. */
export function keptValues<T extends object>(row: T, fields: readonly (keyof T & string)[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, clipped(row[field])]));
}
