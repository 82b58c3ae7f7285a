import type { SQL } from 'drizzle-orm';
import type { Database, Db } from './client';

/** What both drivers' `execute` answers: node-postgres's QueryResult and PGlite's Results each carry `rows`. */
function hasRows(result: unknown): result is { rows: unknown[] } {
  return typeof result === 'object' && result !== null && Array.isArray((result as { rows?: unknown }).rows);
}

/**
 * The rows of a raw SQL statement, run on a database handle or a transaction; `T` is the row's shape as the
 * statement's select list names it. The one place a raw statement's result is typed.
 */
export async function rowsOf<T>(executor: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  if (!hasRows(result)) throw new Error('a raw statement answered without rows');
  return result.rows as T[];
}

/** A database handle or a transaction: what a repo's statements run on. */
export type Executor = Pick<Db, 'insert' | 'update' | 'select' | 'delete' | 'execute'>;

/** The transaction `Database['db'].transaction` hands its callback. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The same `Database` shape over an open transaction, so a repo built on it runs its statements inside that
 * transaction (with an audit entry written there too, both land or neither does). A `transaction` call on it
 * opens a savepoint; it cannot be closed.
 */
export function inTransaction(database: Database, tx: Transaction): Database {
  return {
    db: tx,
    kind: database.kind,
    rows: async <T extends Record<string, unknown>>(query: Parameters<Database['rows']>[0]) => rowsOf<T>(tx, query),
    listen: (channel, onNotify) => database.listen(channel, onNotify),
    ping: () => database.ping(),
    instance: database.instance,
    processAlive: (instance) => database.processAlive(instance),
    executeSql: (text, values) => database.executeSql(text, values),
    close: () => Promise.reject(new Error('a transaction is closed by the code that opened it')),
  };
}

/** Escapes LIKE wildcards so the visitor's text is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
