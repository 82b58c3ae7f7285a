import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditQuery, AuditStatus } from '../../../common/schemas/audit';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import { rowsOf, type Executor } from '../../db/sql';

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

// The audit log's only writer (issue 30): every statement that writes audit_log is below, each taking the
// executor of the change it records (a transaction) where it must land with it.

/** Writes a finished entry; pass the transaction of the change so both land or neither does. */
export async function recordAudit(executor: Pick<Executor, 'insert'>, entry: NewAuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    action: entry.action,
    subject: entry.subject,
    status: entry.status ?? 'succeeded',
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    details: entry.details,
    finishedAt: new Date(),
  });
}

/**
 * Writes a finished entry unless one of its action exists (a mark that something ran once). The caller serialises
 * processes that may write it together (an advisory lock in the same transaction).
 */
export async function recordAuditOnce(executor: Pick<Executor, 'execute'>, entry: NewAuditEntry): Promise<void> {
  await executor.execute(sql`
    insert into audit_log (action, subject, status, actor_id, actor_email, details, finished_at)
    select ${entry.action}, ${entry.subject}, ${entry.status ?? 'succeeded'}, ${entry.actor.id}::uuid, ${entry.actor.email},
           ${JSON.stringify(entry.details)}::jsonb, now()
    where not exists (select 1 from audit_log where action = ${entry.action})`);
}

/** Whether an entry of `action` exists. */
export async function hasAuditEntry(executor: Pick<Executor, 'execute'>, action: AuditAction): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(executor, sql`select 1 as one from audit_log where action = ${action} limit 1`);
  return rows.length > 0;
}

export type RunningEntry = { subject: string; actorEmail: string; startedAt: Date };

/**
 * Opens a running entry. Only one may run at a time across every process (a partial unique index on the audit
 * log): when another is running, answers that entry instead. A running entry older than `staleAfterMs` belongs to a
 * process that died mid-run: it is marked 'abandoned' first, so it blocks nothing.
 */
export async function claimRunningAudit(
  executor: Pick<Executor, 'execute'>,
  action: AuditAction,
  subject: string,
  actor: Actor,
  staleAfterMs: number,
): Promise<{ claimed: true; id: string } | { claimed: false; running: RunningEntry }> {
  await executor.execute(sql`
    update audit_log set status = 'abandoned', finished_at = now()
    where status = 'running' and created_at < now() - make_interval(secs => ${staleAfterMs / 1000})`);
  const [row] = await rowsOf<{ id: string }>(
    executor,
    sql`
    insert into audit_log (action, subject, status, actor_id, actor_email)
    values (${action}, ${subject}, 'running', ${actor.id}::uuid, ${actor.email})
    on conflict (status) where status = 'running' do nothing
    returning id`,
  );
  if (row) return { claimed: true, id: row.id };
  const [running] = await rowsOf<{ subject: string; actor_email: string; created_at: Date | string }>(
    executor,
    sql`select subject, actor_email, created_at from audit_log where status = 'running' limit 1`,
  );
  // It finished between the two statements: report it as running anyway; the caller may simply retry.
  return {
    claimed: false,
    running: {
      subject: running?.subject ?? subject,
      actorEmail: running?.actor_email ?? '',
      startedAt: new Date(running?.created_at ?? Date.now()),
    },
  };
}

/**
 * Closes a claimed entry as succeeded (in the change's transaction) or failed, with its details. A success is
 * recorded even over 'abandoned' (a run that a stale check gave up on did finish); a failure closes only a running one.
 */
export async function closeRunningAudit(
  executor: Pick<Executor, 'execute'>,
  id: string,
  status: 'succeeded' | 'failed',
  details: Record<string, unknown>,
): Promise<void> {
  await executor.execute(sql`
    update audit_log set status = ${status}, finished_at = now(), details = ${JSON.stringify(details)}::jsonb
    where id = ${id}::uuid and ${status === 'succeeded' ? sql`true` : sql`status = 'running'`}`);
}

/** A deleted account's entries keep what happened but no longer name it: its address becomes `pseudonym`. */
export async function pseudonymiseAudit(
  executor: Pick<Executor, 'update'>,
  userId: string,
  email: string,
  pseudonym: string,
): Promise<void> {
  await executor
    .update(auditLog)
    .set({ actorEmail: pseudonym })
    .where(or(eq(auditLog.actorId, userId), eq(sql`lower(${auditLog.actorEmail})`, email)));
  await executor
    .update(auditLog)
    .set({ subject: pseudonym })
    .where(
      and(
        eq(auditLog.action, 'user-roles'),
        or(eq(sql`${auditLog.details}->>'userId'`, userId), eq(sql`lower(${auditLog.subject})`, email)),
      ),
    );
}

export function createAuditRepo({ db }: Database) {
  return {
    /** Writes a finished entry; on a unit of work's transaction it lands with the change or not at all. */
    record(entry: NewAuditEntry): Promise<void> {
      return recordAudit(db, entry);
    },
    /** Writes a finished entry unless one of its action exists; the caller serialises writers (recordAuditOnce). */
    recordOnce(entry: NewAuditEntry): Promise<void> {
      return recordAuditOnce(db, entry);
    },
    /** Closes a claimed entry (claimRunningAudit) with the change it records. */
    closeRunning(id: string, status: 'succeeded' | 'failed', details: Record<string, unknown>): Promise<void> {
      return closeRunningAudit(db, id, status, details);
    },
    /** A deleted account's entries no longer name it (pseudonymiseAudit), in the deleting transaction. */
    pseudonymise(userId: string, email: string, pseudonym: string): Promise<void> {
      return pseudonymiseAudit(db, userId, email, pseudonym);
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
