// One writer per table (issue 30): the audit log is written by server/modules/audit/audit.repo.ts alone, so how an
// entry is opened, closed or pseudonymised is in one place.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const WRITES_AUDIT_LOG = /\b(insert\s+into|update|delete\s+from)\s+audit_log\b|\.(insert|update|delete)\(\s*auditLog\s*\)/i;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(rel);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [rel] : [];
  });
}

const writesAuditLog = (code: string) => WRITES_AUDIT_LOG.test(code);

describe('one writer per table', () => {
  it('only the audit repo writes audit_log', () => {
    const writers = sourceFiles('server').filter((file) => writesAuditLog(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(writers).toEqual(['server/modules/audit/audit.repo.ts']);
  });

  it.each([
    "sql`update audit_log set status = 'failed'`",
    'sql`\n  insert into audit_log (action) values (1)`',
    'sql`delete from audit_log where id = 1`',
    'tx.insert(auditLog).values({})',
    'await tx\n  .update(auditLog)\n  .set({})',
  ])('would name a file whose code says %s', (code) => {
    expect(writesAuditLog(code)).toBe(true);
  });

  it('does not count reading it', () => {
    expect(writesAuditLog('sql`select 1 from audit_log`; db.select().from(auditLog)')).toBe(false);
  });
});
