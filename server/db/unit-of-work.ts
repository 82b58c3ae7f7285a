// One way to run a change (issue 30, decision 0065): the composition root makes a unit of work over the repos a
// change may use; a service asks for `transaction(repos => …)`, and every repo it is handed works on that one
// transaction. Repos take no callbacks and call no service; the service reads as the change's script (open the
// change, run the statements, record the audit entry), and all of it lands or none of it does.
import { sql } from 'drizzle-orm';
import { AppError } from '../errors';
import type { Database } from './client';
import { DatabaseTimeoutError, withQueryTimeout } from './pool';
import { QUERY_TIMEOUT_MARGIN_MS } from './types';
import { inTransaction, type Transaction } from './sql';

/** A long change's own limit (CHANGE_TIMEOUT_MS, or a bulk operation's): composition.ts hands it to the services. */
export type ChangeLimit = { timeoutMs: number };

/** True when a statement was stopped by its limit: PostgreSQL's statement timeout, or the client's own cut. */
function ranOutOfTime(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseTimeoutError || (e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

/**
 * A long change in one transaction under its own limit, on both databases: PostgreSQL stops its statement at the
 * limit (SET LOCAL statement_timeout) and node-postgres waits that long plus a margin, instead of the requests'
 * few seconds (server/db/pool.ts), which used to cut in first and answer "cannot reach its database" while the
 * statement went on. Past the limit the change is rolled back and answered 503 with a sentence. (PGlite has no
 * timer to stop a statement: there the client's cut answers, and the statement ends on its own in the database's
 * thread, rolled back with its transaction.)
 */
export async function runChange<T>(database: Pick<Database, 'db'>, limit: ChangeLimit, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await withQueryTimeout(limit.timeoutMs + QUERY_TIMEOUT_MARGIN_MS, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = ${sql.raw(String(Math.trunc(limit.timeoutMs)))}`);
        return work(tx);
      }),
    );
  } catch (err) {
    if (!ranOutOfTime(err)) throw err;
    const seconds = Math.round(limit.timeoutMs / 100) / 10;
    throw new AppError(
      'UNAVAILABLE',
      `This change took longer than ${seconds} seconds and was stopped: nothing was changed. Try again when the site is quieter, or change fewer products at once.`,
    );
  }
}

/**
 * `reposOn` builds the repos of a change on a database handle; the unit of work calls it with the handle of each
 * transaction it opens. A change given a limit runs under it (runChange); one without runs under the requests'
 * usual statement timeout.
 */
export function createUnitOfWork<R>(database: Database, reposOn: (database: Database) => R) {
  return {
    transaction<T>(work: (repos: R) => Promise<T>, limit?: ChangeLimit): Promise<T> {
      const run = (tx: Transaction) => work(reposOn(inTransaction(database, tx)));
      return limit ? runChange(database, limit, run) : database.db.transaction(run);
    },
  };
}
export type UnitOfWork<R> = ReturnType<typeof createUnitOfWork<R>>;
/** What a service is handed: the unit of work's `transaction`, over the repos it uses (a subset of the root's). */
export type Transact<R> = <T>(work: (repos: R) => Promise<T>, limit?: ChangeLimit) => Promise<T>;
