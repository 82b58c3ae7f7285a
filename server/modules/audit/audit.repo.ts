import { count, desc, eq } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditQuery, AuditStatus } from '../../../common/schemas/audit';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import type { Executor } from '../../db/sql';

/** Who acted: an account, or (id null) the operator's command line or the start-up task. */
export type Actor = { id: string | null; email: string };
/** A database handle or a transaction: an entry can be written in the same transaction as the change it records. */
export type { Executor };

export type NewAuditEntry = {
  action: AuditAction;
  subject: string;
  actor: Actor;
  details: Record<string, unknown>;
  status?: AuditStatus;
};

type Row = typeof auditLog.$inferSelect;

function toEntry(row: Row): AuditEntry {
  return {
    id: row.id,
    action: row.action as AuditAction,
    subject: row.subject,
    status: row.status as AuditStatus,
    actorEmail: row.actorEmail,
    details: (row.details ?? {}) as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function createAuditRepo({ db }: Database) {
  return {
    /** Writes a finished entry; pass the transaction of the change so both land or neither does. */
    async record(entry: NewAuditEntry, executor: Pick<Executor, 'insert'> = db): Promise<void> {
      await executor.insert(auditLog).values({
        action: entry.action,
        subject: entry.subject,
        status: entry.status ?? 'succeeded',
        actorId: entry.actor.id,
        actorEmail: entry.actor.email,
        details: entry.details,
        finishedAt: new Date(),
      });
    },
    async page(query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
      const where = query.action ? eq(auditLog.action, query.action) : undefined;
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { items: rows.map(toEntry), total: totalRow?.n ?? 0 };
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
