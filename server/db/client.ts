import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { workerEntry } from '../worker-entry';
import { gateBackground, giveBackgroundItsOwnPool } from './background-lane';
import { acquireDirLock } from './dir-lock';
import { CATALOGUE_CHANNEL, listenOnEveryConnection, listenOnPool, listenPostgres } from './listen';
import type { PgliteWorkerCommand, PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker';
import { pgliteOptions } from './pglite-options';
import { createPool, withQueryTimeout } from './pool';
import * as schema from './schema/index';
import { rowsOf } from './sql';
import { DEFAULT_CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MARGIN_MS, type ClientTimeouts } from './types';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL and returns its rows (both drivers answer with { rows }). */
  rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  /**
   * Calls `onNotify` with each notification on `channel` (NOTIFY, sent at commit by any process), and with
   * 'reconnected' after a lost listening connection is back (notifications may have been missed meanwhile).
   * Returns the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * A trivial statement, for the health check. On PostgreSQL it has a connection of its own, so it does not wait
   * behind the requests queued for the pool (a crowd would make the health check report the queue, not the
   * database); PGlite is one session, so there it takes its turn.
   */
  ping(): Promise<void>;
  /**
   * This server process's name on the database (PostgreSQL's application_name of every connection it opens), so work
   * it runs can be told apart from another process's (an import's runner).
   */
  instance: string;
  /**
   * Whether the process named `instance` still holds a connection (on PostgreSQL: pg_stat_activity; a crashed
   * process's connections end with it, and its listening connection is always open while it lives). The embedded
   * database has one process: this one.
   */
  processAlive(instance: string): Promise<boolean>;
  /**
   * Runs SQL text as node-postgres does (several statements when there are no values), for the job queue
   * (server/jobs): pg-boss brings its own SQL and runs it on the app's database through this, on the same pool.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  /**
   * On the embedded database, whose one connection background work shares (background-lane.ts): how long ago a
   * visitor's statement last ended, so background work can size its turns to the visitors about. Absent on
   * PostgreSQL, where background work has connections of its own.
   */
  sinceVisitorMs?: () => number;
  /** On the embedded database: how long ago background work last had to take its share of a crowded connection. */
  sinceCrowdedMs?: () => number;
  close(): Promise<void>;
};

/** Beside this file: server/db/migrations, or the copy beside the compiled server (scripts/build-server.ts). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** The embedded database's thread (compiled beside the compiled server, else through tsx: ../worker-entry.ts). */
const WORKER = workerEntry(new URL('./pglite-worker.js', import.meta.url), new URL('./pglite-worker.ts', import.meta.url));
/** Any fixed number: PostgreSQL advisory lock that makes concurrent start-ups migrate one at a time. */
const MIGRATION_LOCK_ID = 7_341_902;

/** pg finds a unix socket as <host>/.s.PGSQL.<port>; the number only names the file. */
const SOCKET_PORT = 5432;
/** How long the worker may take to close PGlite (it writes its state back) before it is stopped. */
const WORKER_CLOSE_TIMEOUT_MS = 10_000;
/** Migrations run once at start and may rewrite a large table. */
const MIGRATION_TIMEOUT_MS = 10 * 60 * 1000;

export type OpenOptions = {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database (PGlite); used when databaseUrl is not set. */
  pgliteDir?: string;
  statementTimeoutMs: number;
  /** Limits of node-postgres itself (a server that accepts but never answers); DEFAULT_CLIENT_TIMEOUTS when absent. */
  timeouts?: Partial<ClientTimeouts> | undefined;
  /**
   * Where PGlite runs its queries: in a worker thread behind node-postgres (the default, and what main.ts uses,
   * so a query never holds up HTTP), or on the calling thread (tests: many short-lived databases start faster).
   */
  pgliteThread?: 'worker' | 'main';
};

/** This process's name on the database (Database.instance); short, within PostgreSQL's 63-byte application_name. */
export const PROCESS_INSTANCE = `finder-${process.pid}-${randomBytes(4).toString('hex')}`;
/** PostgreSQL: the background lane's own connections (background-lane.ts), beside the requests' ten. */
export const BACKGROUND_CONNECTIONS = 2;
/** Background work may wait its turn for a connection longer than a request would (nobody is waiting for the page). */
const BACKGROUND_CONNECT_TIMEOUT_MS = 30_000;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const timeouts: ClientTimeouts = {
    connectMs: options.timeouts?.connectMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    queryMs: options.timeouts?.queryMs ?? options.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
  };
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.statementTimeoutMs, timeouts);
  if (!options.pgliteDir) throw new Error('openDatabase needs databaseUrl or pgliteDir');
  if (options.pgliteThread === 'main') return openPgliteHere(options.pgliteDir, options.statementTimeoutMs);
  return openPgliteWorker(options.pgliteDir, options.statementTimeoutMs, timeouts);
}

async function openPostgres(url: string, statementTimeoutMs: number, timeouts: ClientTimeouts): Promise<Database> {
  const named = { connectionString: url, application_name: PROCESS_INSTANCE };
  const pool = createPool({ ...named, max: 10, options: `-c statement_timeout=${statementTimeoutMs}` }, timeouts, [CATALOGUE_CHANNEL]);
  // Background work (jobs) on connections of its own, so it never takes the requests' (decision 0081).
  const backgroundPool = createPool(
    { ...named, max: BACKGROUND_CONNECTIONS, options: `-c statement_timeout=${statementTimeoutMs}` },
    { ...timeouts, connectMs: Math.max(timeouts.connectMs, BACKGROUND_CONNECT_TIMEOUT_MS) },
    [CATALOGUE_CHANNEL],
  );
  giveBackgroundItsOwnPool(pool, backgroundPool);
  const ownChanges = listenOnEveryConnection([pool, backgroundPool], [CATALOGUE_CHANNEL]);
  // Opened on the first health check, closed when idle: one more connection only while a load balancer asks.
  const healthPool = createPool(
    { ...named, max: 1, idleTimeoutMillis: 10_000, options: `-c statement_timeout=${statementTimeoutMs}` },
    timeouts,
  );
  return overPool(
    pool,
    'postgres',
    statementTimeoutMs,
    async () => {
      await Promise.all([pool.end(), backgroundPool.end(), healthPool.end()]);
    },
    async (channel, onNotify) => {
      const stopOwn = ownChanges(channel, onNotify);
      const stopOthers = await listenPostgres(url, channel, onNotify, PROCESS_INSTANCE);
      return async () => {
        stopOwn();
        await stopOthers();
      };
    },
    (err) => new Error(`Could not connect to DATABASE_URL: ${err instanceof Error ? err.message : String(err)}`, { cause: err }),
    async () => {
      await healthPool.query('select 1');
    },
    async (instance) => {
      if (instance === PROCESS_INSTANCE) return true;
      const { rows } = await pool.query<{ alive: boolean }>(
        'select exists (select 1 from pg_stat_activity where application_name = $1) as alive',
        [instance],
      );
      return rows[0]?.alive === true;
    },
  );
}

/** Migrates through the pool (one start-up at a time, under an advisory lock) and wraps it as a Database. */
async function overPool(
  pool: pg.Pool,
  kind: Database['kind'],
  statementTimeoutMs: number,
  close: () => Promise<void>,
  listen: Database['listen'],
  connectFailure: (err: unknown) => unknown = (err) => err,
  ping: Database['ping'] = async () => {
    await pool.query('select 1');
  },
  processAlive: Database['processAlive'] = async (instance) => instance === PROCESS_INSTANCE,
): Promise<Database> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    await close().catch(() => undefined);
    throw connectFailure(err);
  }
  try {
    // Migrations (and waiting for another process's) may take longer than a request's statement: their own limit.
    await withQueryTimeout(MIGRATION_TIMEOUT_MS, async () => {
      // Nor is a request's statement limit theirs: rewriting a large table (adding a generated column, building a
      // trigram index of 100,000 products) takes longer than 3 s. The limit is put back for the requests.
      await client.query('set statement_timeout = 0');
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      try {
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        await client.query(`set statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
      }
    });
  } catch (err) {
    client.release(err instanceof Error ? err : true);
    await close().catch(() => undefined);
    throw err;
  }
  client.release();
  const db: Db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind,
    rows: async <T extends Record<string, unknown>>(query: SQL) => rowsOf<T>(db, query),
    listen,
    ping,
    instance: PROCESS_INSTANCE,
    processAlive,
    executeSql: async (text, values) => pool.query(text, values),
    close,
  };
}

/** PGlite on this thread: its queries run on the event loop that serves HTTP. Tests only (see OpenOptions). */
async function openPgliteHere(dir: string, statementTimeoutMs: number): Promise<Database> {
  const release = acquireDirLock(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir, pgliteOptions());
    await client.exec(`set statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    release();
    throw err;
  }
  const db: Db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    rows: async <T extends Record<string, unknown>>(query: SQL) => rowsOf<T>(db, query),
    ping: async () => {
      await client.query('select 1');
    },
    instance: PROCESS_INSTANCE,
    processAlive: async (instance) => instance === PROCESS_INSTANCE,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      // Without values, node-postgres runs several statements as one simple query and answers with the last's rows.
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>> };
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * PGlite in its own thread (pglite-worker.ts), reached over a unix socket with node-postgres: the HTTP event loop
 * only encodes and decodes messages. The socket lives in a fresh directory only this user can enter.
 */
async function openPgliteWorker(dir: string, statementTimeoutMs: number, timeouts: ClientTimeouts): Promise<Database> {
  const release = acquireDirLock(dir);
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-pglite-'));
  const cleanUp = () => {
    release();
    fs.rmSync(socketDir, { recursive: true, force: true });
  };
  // A process that exits without close() (process.exit, an uncaught error) still frees the directory; the worker
  // thread ends with the process.
  process.once('exit', cleanUp);
  const data: PgliteWorkerData = { dir, socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`), statementTimeoutMs };
  const worker = new Worker(WORKER.url, { workerData: { ...data, ...WORKER.workerData } });
  let stopped: Promise<void> | undefined;
  const stopWorker = () =>
    (stopped ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate().then(() => resolve()), WORKER_CLOSE_TIMEOUT_MS);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.postMessage({ type: 'close' } satisfies PgliteWorkerCommand);
    }).finally(() => {
      process.removeListener('exit', cleanUp);
      cleanUp();
    }));

  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The embedded database's thread stopped while starting (exit code ${code})`)));
      worker.on('message', (message: PgliteWorkerMessage) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'failed') reject(Object.assign(new Error(message.message), { stack: message.stack }));
      });
    });
  } catch (err) {
    await stopWorker();
    throw err;
  }
  worker.removeAllListeners('error').removeAllListeners('exit');
  worker.on('error', (err) => {
    // Queries then fail as "database unavailable" (503) until the process is restarted.
    console.error("The embedded database's thread failed:", err);
  });

  const pool = createPool(
    {
      host: socketDir,
      port: SOCKET_PORT,
      user: 'postgres',
      database: 'postgres',
      // PGlite is one session: see pglite-worker.ts. Kept open, since every connection starts a new handler there.
      max: 1,
      idleTimeoutMillis: 0,
    },
    timeouts,
  );
  // One connection: background statements one at a time, and only while no request waits for it (decision 0081).
  const gate = gateBackground(pool, 1);
  const database = await overPool(
    pool,
    'pglite',
    statementTimeoutMs,
    async () => {
      try {
        await pool.end();
      } finally {
        await stopWorker();
      }
    },
    listenOnPool(pool),
  );
  return { ...database, sinceVisitorMs: gate.sinceVisitorMs, sinceCrowdedMs: gate.sinceCrowdedMs };
}

/** True when a PostgreSQL server answers at the URL within a second. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
