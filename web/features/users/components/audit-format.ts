import { BULK_OPERATION_NAMES } from '../../../../common/bulk-op-rules';
import type { AuditEntry } from '../../../../common/schemas/audit';
import { AUDIT_TEXTS, ROLE_LABELS, type RoleFlagName } from '../../../../common/texts/users';
import { formatBytes, formatPrice } from '../../../lib/admin/format';

export { formatDate, formatDateTime } from '../../../lib/admin/format';

type Flags = Record<RoleFlagName, boolean>;

function flagsOf(value: unknown): Flags | null {
  if (!value || typeof value !== 'object') return null;
  const { isAdmin, isDev } = value as Record<string, unknown>;
  return typeof isAdmin === 'boolean' && typeof isDev === 'boolean' ? { isAdmin, isDev } : null;
}

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** A value in a summary line is cut to this many characters: the entry's details keep more. */
const SUMMARY_VALUE_LENGTH = 40;

function clipped(text: string): string {
  return text.length > SUMMARY_VALUE_LENGTH ? `${text.slice(0, SUMMARY_VALUE_LENGTH - 1)}…` : text;
}

/** One value of an edited field as a reader wants it: prices as prices, flags as yes or no, an image by its file name. */
function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return AUDIT_TEXTS.none;
  if (typeof value === 'boolean') return value ? AUDIT_TEXTS.yes : AUDIT_TEXTS.no;
  if (typeof value === 'number') return field === 'price' ? formatPrice(value) : String(value);
  // An agents' order (slugs) and an agent's marketplace codes.
  if (Array.isArray(value)) return clipped(value.join(', '));
  if (typeof value === 'object')
    return (
      clipped(
        Object.entries(value)
          // A product's translations (issue 41) hold an object per language: its texts.
          .map(
            ([k, v]) =>
              `${k} ${
                v && typeof v === 'object'
                  ? Object.values(v as object)
                      .map(String)
                      .join(' / ')
                  : String(v)
              }`,
          )
          .join(', '),
      ) || AUDIT_TEXTS.none
    );
  if (typeof value !== 'string') return AUDIT_TEXTS.none;
  if (field === 'image') return clipped(value.slice(value.lastIndexOf('/') + 1) || value);
  return clipped(value);
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** "price $12.00 → $15.00, category Shoes → Sneakers" from `changes: { field: { from, to } }`; null when there are none. */
function changesText(value: unknown): string | null {
  const changes = recordOf(value);
  if (!changes) return null;
  const parts = Object.entries(changes).flatMap(([field, change]) => {
    const fromTo = recordOf(change);
    if (!fromTo) return [];
    return [AUDIT_TEXTS.change(AUDIT_TEXTS.fields[field] ?? field, valueText(field, fromTo.from), valueText(field, fromTo.to))];
  });
  return parts.length > 0 ? AUDIT_TEXTS.changed(parts) : null;
}

/** What an entry was about: the changed account, the operation by its button's name, the item, category or image. */
export function auditTarget(entry: AuditEntry): string {
  if (entry.action !== 'bulk-op') return entry.subject;
  return textOf(entry.details.operation) ?? BULK_OPERATION_NAMES[entry.subject as keyof typeof BULK_OPERATION_NAMES] ?? entry.subject;
}

/** The summary of an admin's change to the catalogue; null for the other kinds. */
function catalogueSummary(entry: AuditEntry): string | null {
  const { details } = entry;
  const joined = (first: string, more: Array<string | null>) => [first, ...more.filter((p) => p !== null)].join('; ');
  switch (entry.action) {
    case 'sync-source-create':
      return AUDIT_TEXTS.created;
    case 'product-create': {
      const category = textOf(recordOf(details.values)?.category);
      return category ? AUDIT_TEXTS.createdIn(category) : AUDIT_TEXTS.created;
    }
    case 'category-create': {
      const names = Array.isArray(details.names) ? details.names.filter((n): n is string => typeof n === 'string') : [];
      return details.defaults === true && names.length > 0 ? AUDIT_TEXTS.createdDefaults(names) : AUDIT_TEXTS.created;
    }
    case 'product-update':
    case 'sync-source-update':
    case 'request-update':
    case 'link-report-update':
      return changesText(details.changes) ?? AUDIT_TEXTS.noDetails;
    case 'category-update': {
      const renamed = numberOf(details.productsRenamed);
      const changed = changesText(details.changes);
      if (!changed) return AUDIT_TEXTS.noDetails;
      return joined(changed, [renamed ? AUDIT_TEXTS.productsRenamed(renamed) : null]);
    }
    case 'product-delete':
    case 'request-delete':
    case 'link-report-delete':
    case 'sync-source-delete':
      return AUDIT_TEXTS.deleted;
    case 'category-delete': {
      const moved = numberOf(details.productsMoved);
      return joined(AUDIT_TEXTS.deleted, [moved ? AUDIT_TEXTS.productsMoved(moved, textOf(details.movedTo)) : null]);
    }
    case 'image-upload': {
      const count = Array.isArray(details.images) ? details.images.length : 0;
      const bytes = numberOf(details.totalBytes);
      return count > 0 && bytes !== null ? AUDIT_TEXTS.uploaded(count, formatBytes(bytes)) : AUDIT_TEXTS.noDetails;
    }
    case 'image-delete': {
      const cleared = numberOf(details.productsCleared);
      return joined(AUDIT_TEXTS.deleted, [cleared ? AUDIT_TEXTS.productsLostImage(cleared) : null]);
    }
    case 'product-import': {
      const created = numberOf(details.created);
      const updated = numberOf(details.updated);
      if (created === null || updated === null)
        return textOf(details.error) ? AUDIT_TEXTS.error(textOf(details.error) ?? '') : AUDIT_TEXTS.noDetails;
      return joined(AUDIT_TEXTS.imported(created, updated, numberOf(details.skipped) ?? 0), [textOf(details.message)]);
    }
    case 'products-bulk-edit': {
      const changed = numberOf(details.changed);
      const selected = numberOf(details.selected);
      return changed !== null && selected !== null ? AUDIT_TEXTS.bulkEdited(changed, selected) : AUDIT_TEXTS.noDetails;
    }
    case 'agent-create':
      return AUDIT_TEXTS.created;
    case 'agent-update':
      return changesText(details.changes) ?? AUDIT_TEXTS.noDetails;
    case 'agent-delete':
      return AUDIT_TEXTS.deleted;
    case 'products-source': {
      const read = numberOf(details.read);
      return read !== null ? AUDIT_TEXTS.sourcesRead(read, numberOf(details.unread) ?? 0) : AUDIT_TEXTS.noDetails;
    }
    case 'currency-rates':
      return changesText(details.changes) ?? AUDIT_TEXTS.noDetails;
    case 'change-undo': {
      const restored = numberOf(details.restored);
      return restored !== null ? AUDIT_TEXTS.undone(restored, numberOf(details.skipped) ?? 0) : AUDIT_TEXTS.noDetails;
    }
    default:
      return null;
  }
}

/**
 * One short line for an entry's details: the roles granted and revoked, an operation's counts and message (or its
 * error), or what an admin's change to the catalogue did ("Changed price $12.00 → $15.00"). Details are stored JSON;
 * anything unexpected in them is left out rather than shown raw.
 */
export function auditSummary(entry: AuditEntry): string {
  const { details } = entry;
  const catalogue = catalogueSummary(entry);
  if (catalogue !== null) return catalogue;
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
