import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../common/schemas/audit';
import { auditSummary, auditTarget, formatDateTime } from './audit-format';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  action: 'user-roles',
  subject: 'someone@example.com',
  status: 'succeeded',
  actorEmail: 'admin@example.com',
  details: {},
  createdAt: '2025-03-01T10:00:00.000Z',
  finishedAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

describe('audit entry summaries', () => {
  it('names the roles a change granted and revoked', () => {
    const details = { userId: 'u', before: { isAdmin: false, isDev: true }, after: { isAdmin: true, isDev: false } };
    expect(auditSummary(entry({ details }))).toBe('Admin granted, Developer revoked');
    expect(auditTarget(entry({ details }))).toBe('someone@example.com');
  });

  it('gives the counts and message of a database operation, or its error', () => {
    const details = { operation: 'Update Pants Category', totalProcessed: 120, matchedProducts: 14, updatedCount: 12, message: 'Pants updated' };
    const op = entry({ action: 'bulk-op', subject: 'update-pants', details });
    expect(auditTarget(op)).toBe('Update Pants Category');
    expect(auditSummary(op)).toBe('120 processed, 14 matched, 12 updated. Pants updated');
    const failed = entry({ action: 'bulk-op', subject: 'add-gender', status: 'failed', details: { error: 'statement timeout' } });
    expect(auditTarget(failed)).toBe('Add Gender Property');
    expect(auditSummary(failed)).toBe('Error: statement timeout');
  });

  it('leaves out details it does not understand', () => {
    expect(auditSummary(entry({ details: { before: 'yes' } }))).toBe('No details');
    expect(auditSummary(entry({ action: 'bulk-op', subject: 'mystery', status: 'running', details: {} }))).toBe('No details');
    expect(auditTarget(entry({ action: 'bulk-op', subject: 'mystery' }))).toBe('mystery');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
