import { BULK_OPERATION_NAMES } from '../../../../common/bulk-op-rules';
import type { AuditEntry } from '../../../../common/schemas/audit';
import { AUDIT_TEXTS, ROLE_LABELS, type RoleFlagName } from '../../../../common/users-texts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

type Flags = Record<RoleFlagName, boolean>;

function flagsOf(value: unknown): Flags | null {
  if (!value || typeof value !== 'object') return null;
  const { isAdmin, isDev } = value as Record<string, unknown>;
  return typeof isAdmin === 'boolean' && typeof isDev === 'boolean' ? { isAdmin, isDev } : null;
}

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** What an entry was about: the changed account, or the operation by its button's name. */
export function auditTarget(entry: AuditEntry): string {
  if (entry.action === 'user-roles') return entry.subject;
  return textOf(entry.details.operation) ?? BULK_OPERATION_NAMES[entry.subject as keyof typeof BULK_OPERATION_NAMES] ?? entry.subject;
}

/**
 * One short line for an entry's details: the roles granted and revoked, or an operation's counts and message (or
 * its error). Details are stored JSON; anything unexpected in them is left out rather than shown raw.
 */
export function auditSummary(entry: AuditEntry): string {
  const { details } = entry;
  if (entry.action === 'user-roles') {
    const before = flagsOf(details.before);
    const after = flagsOf(details.after);
    if (!before || !after) return AUDIT_TEXTS.noDetails;
    const changes = (Object.keys(ROLE_LABELS) as RoleFlagName[])
      .filter((flag) => before[flag] !== after[flag])
      .map((flag) => (after[flag] ? AUDIT_TEXTS.granted(ROLE_LABELS[flag]) : AUDIT_TEXTS.revoked(ROLE_LABELS[flag])));
    return changes.length > 0 ? changes.join(', ') : AUDIT_TEXTS.noDetails;
  }
  const error = textOf(details.error);
  if (error) return AUDIT_TEXTS.error(error);
  const processed = numberOf(details.totalProcessed);
  const matched = numberOf(details.matchedProducts);
  const updated = numberOf(details.updatedCount);
  const parts: string[] = [];
  if (processed !== null && matched !== null && updated !== null) parts.push(AUDIT_TEXTS.counts(processed, matched, updated));
  const message = textOf(details.message);
  if (message) parts.push(message);
  return parts.length > 0 ? parts.join('. ') : AUDIT_TEXTS.noDetails;
}
