import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

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
  close(): Promise<void>;
};

/** Sent by the catalogue tables' triggers (migration 0007) on every change: the payload is the table's name. */
export const CATALOGUE_CHANNEL = 'finder_catalogue';
const LISTEN_RETRY_MS = 1000;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), opened again after any failure,
 * waiting up to 30 s between tries while the server is away.
 */
function listenPostgres(url: string, channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS;
  let everConnected = false;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      if (current === client) current = null;
      void client.end().catch(() => undefined);
      retry();
    };
    client.on('error', fail);
    client.on('end', fail);
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch {
      fail();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = LISTEN_RETRY_MS;
    if (everConnected) onNotify('reconnected');
    everConnected = true;
  };

  return connect().then(() => async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    client?.removeAllListeners('end');
    await client?.end().catch(() => undefined);
  });
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_FILE = 'finder.lock';
/** Any fixed number: PostgreSQL advisory lock that makes concurrent start-ups migrate one at a time. */
const MIGRATION_LOCK_ID = 7_341_902;

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export type OpenOptions = {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database (PGlite); used when databaseUrl is not set. */
  pgliteDir?: string;
  statementTimeoutMs: number;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.statementTimeoutMs);
  if (!options.pgliteDir) throw new Error('openDatabase needs databaseUrl or pgliteDir');
  return openPglite(options.pgliteDir, options.statementTimeoutMs);
}

async function openPostgres(url: string, statementTimeoutMs: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: `-c statement_timeout=${statementTimeoutMs}`,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const client = await pool.connect().catch((err: unknown) => {
    void pool.end();
    throw new Error(`Could not connect to DATABASE_URL: ${err instanceof Error ? err.message : String(err)}`);
  });
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    rows: async <T extends Record<string, unknown>>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    close: () => pool.end(),
  };
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process with this id started (clock ticks since boot, field 22 of /proc/<pid>/stat); null where /proc
 * is not there (macOS, Windows) or the process is gone. Together with the pid it names one process: ids are reused.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command name) is in parentheses and may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[22 - 3] ?? null;
  } catch {
    return null;
  }
}

/** What a lock file says about its holder: {pid, startTime} now; a bare pid in files of earlier versions. */
type LockHolder = { pid: number; startTime: string | null };

function readLockHolder(text: string): LockHolder | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'number') return Number.isInteger(parsed) ? { pid: parsed, startTime: null } : null;
    const { pid, startTime } = (parsed ?? {}) as { pid?: unknown; startTime?: unknown };
    if (typeof pid !== 'number' || !Number.isInteger(pid)) return null;
    return { pid, startTime: typeof startTime === 'string' ? startTime : null };
  } catch {
    return null;
  }
}

/**
 * True while the lock's holder still runs. A pid alone is not enough: after a crash and reboot (or in a new
 * container) the recorded id may belong to an unrelated live process, which would block every start. So the
 * process start time recorded with it must match too, where the system tells it.
 */
function holderIsAlive(holder: LockHolder): boolean {
  if (holder.pid === process.pid || !processIsAlive(holder.pid)) return false;
  if (holder.startTime === null) return true;
  const now = processStartTime(holder.pid);
  return now === null || now === holder.startTime;
}

/**
 * PGlite is a single-process database: two processes writing one data dir corrupt it.
 * The lock file names the owner (pid and start time); a lock whose owner is gone is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid) });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLockHolder(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holderIsAlive(holder)) {
        throw new DataDirInUseError(
          `The embedded database in ${dir} is already open in process ${holder.pid}. ` +
            'Only one process may use a PGlite data directory: stop the other process, choose another DATA_DIR, ' +
            'or set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dir}.`);
}

async function openPglite(dir: string, statementTimeoutMs: number): Promise<Database> {
  const release = acquireDirLock(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
    await client.exec(`set statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    rows: async <T extends Record<string, unknown>>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows,
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
