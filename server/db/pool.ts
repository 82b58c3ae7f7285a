import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { ClientTimeouts } from './types';

/** A statement got no answer in time: the connection was cut, so nothing waits on it any longer. */
export class DatabaseTimeoutError extends Error {
  override name = 'DatabaseTimeoutError';
  readonly code = 'FINDER_DB_TIMEOUT';
  constructor(readonly limitMs: number) {
    super(`The database did not answer within ${limitMs} ms`);
  }
}

const queryTimeoutScope = new AsyncLocalStorage<number>();

/**
 * Runs work whose statements may take longer than a request's (a bulk operation that sets its own
 * statement_timeout, migrations): every statement it starts, awaited inside it, gets this limit instead.
 */
export function withQueryTimeout<T>(limitMs: number, work: () => Promise<T>): Promise<T> {
  return queryTimeoutScope.run(limitMs, work);
}

type Callback = (...results: unknown[]) => void;

/**
 * A node-postgres client whose statements end after a limit. pg's own query_timeout only stops waiting: the
 * connection stays busy with the unanswered statement, and a transaction's ROLLBACK then waits behind it for the
 * same time again before the client goes back to the pool. Cutting the socket instead fails that statement and
 * everything queued on the connection at once, and the pool drops the client.
 */
function clientWithTimeout(defaultLimitMs: number, listenOn: string[]): new () => pg.Client {
  class TimedClient extends pg.Client {}
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  if (listenOn.length) {
    // LISTEN before the pool hands the connection out (its 'connect' event comes after this callback).
    // The promise form of pg's overloaded connect (a `call` on the overloads would take the callback form).
    const connect: (this: pg.Client) => Promise<pg.Client> = pg.Client.prototype.connect;
    const statement = listenOn.map((channel) => `LISTEN "${channel.replace(/"/g, '""')}"`).join('; ');
    Object.defineProperty(TimedClient.prototype, 'connect', {
      value: function listeningConnect(this: pg.Client, callback?: (err?: Error) => void): Promise<void> | undefined {
        const done = connect.call(this).then(async () => {
          await (query.call(this, statement) as Promise<unknown>);
        });
        if (!callback) return done;
        done.then(
          () => callback(),
          (err: Error) => callback(err),
        );
        return undefined;
      },
    });
  }
  Object.defineProperty(TimedClient.prototype, 'query', {
    value: function timedQuery(this: pg.Client, ...args: unknown[]): unknown {
      const first = args[0] as { submit?: unknown } | null | undefined;
      // A Submittable (cursor, stream) reports through its own events; it is not used here.
      if (first && typeof first === 'object' && typeof first.submit === 'function') return query.apply(this, args);
      const limitMs = queryTimeoutScope.getStore() ?? defaultLimitMs;
      const timer = setTimeout(() => {
        this.connection.stream.destroy(new DatabaseTimeoutError(limitMs));
      }, limitMs);
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const callback = args[last] as Callback;
        args[last] = (...results: unknown[]) => {
          clearTimeout(timer);
          callback(...results);
        };
        return query.apply(this, args);
      }
      const result = query.apply(this, args) as Promise<unknown>;
      return result.finally(() => clearTimeout(timer));
    },
  });
  return TimedClient;
}

/** The one way this app makes a node-postgres pool: connect and statement limits, and no unhandled 'error'. */
export function createPool(config: pg.PoolConfig, timeouts: ClientTimeouts, listenOn: string[] = []): pg.Pool {
  const pool = new pg.Pool({
    ...config,
    connectionTimeoutMillis: timeouts.connectMs,
    // With `listenOn`, every connection LISTENs on those channels from its start (see db/listen.ts).
    Client: clientWithTimeout(timeouts.queryMs, listenOn),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  pool.on('connect', (client) => {
    // A client in use that loses its connection emits 'error' besides failing its statement; nobody else listens
    // then, and an unheard 'error' would end the process. The statement's own error reaches the request.
    client.on('error', () => undefined);
  });
  return pool;
}
