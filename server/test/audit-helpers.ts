import { asc, eq, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, type AuditAction } from '../../common/schemas/audit';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema/index';

export type AuditRow = typeof auditLog.$inferSelect;

/** The entries of one kind, oldest first. */
export function auditEntries(database: Database, action: AuditAction): Promise<AuditRow[]> {
  return database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/**
 * Makes the database refuse audit entries of one kind (a trigger that raises), as a full disk or a lost connection
 * would: the change the entry records must roll back with it. Answers the function that lifts the refusal.
 */
export async function refuseAuditEntries(database: Database, action: AuditAction): Promise<() => Promise<void>> {
  // The trigger's condition is SQL text, so the action is checked against the known names rather than quoted.
  if (!AUDIT_ACTIONS.includes(action)) throw new Error(`not an audit action: ${action}`);
  await database.db.execute(sql`
    create or replace function test_refuse_audit() returns trigger language plpgsql as $$
    begin raise exception 'audit log refused by the test'; end $$`);
  await database.db.execute(
    sql.raw(`create trigger test_refuse_audit before insert on audit_log for each row
             when (new.action = '${action}') execute function test_refuse_audit()`),
  );
  return async () => {
    await database.db.execute(sql`drop trigger if exists test_refuse_audit on audit_log`);
  };
}
