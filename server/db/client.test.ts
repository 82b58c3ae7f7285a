import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { spawn, type ChildProcess } from 'node:child_process';
import { openDatabase } from './client';
import { acquireDirLock, DataDirInUseError, processStartTime } from './dir-lock';
import { CATALOGUE_CHANNEL } from './listen';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.FINDER_TEST_DB === 'postgres')('embedded database directory lock', () => {
  it('refuses a second process on the same data dir with a clear message', async () => {
    const dir = tempDir();
    // The parent process is alive, so its pid in the lock file means "in use".
    fs.writeFileSync(path.join(dir, 'finder.lock'), String(process.ppid));
    const attempt = openDatabase({ pgliteDir: dir, statementTimeoutMs: 1000 });
    await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(attempt).rejects.toThrow(/already open in process \d+.*DATABASE_URL/s);
  });

  it('takes over a lock left by a process that has died, and releases it on close', async () => {
    const dir = path.join(tempDir(), 'db');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'finder.lock'), '2147483646');
    const database = await openDatabase({ pgliteDir: dir, statementTimeoutMs: 1000 });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'finder.lock'), 'utf8'))).toEqual({
      pid: process.pid,
      startTime: processStartTime(process.pid),
    });
    const [row] = await database.rows<{ ext: string }>(sql`select extname as ext from pg_extension where extname = 'pg_trgm'`);
    expect(row?.ext).toBe('pg_trgm');
    await database.close();
    expect(fs.existsSync(path.join(dir, 'finder.lock'))).toBe(false);
  });
});

// Issue 12: PGlite ran its queries on the event loop that serves HTTP.
describe.skipIf(process.env.FINDER_TEST_DB === 'postgres')('embedded database in its own thread', () => {
  it('keeps the statement limit for requests once migrations (which have none) are done', async () => {
    const database = await openDatabase({ pgliteDir: path.join(tempDir(), 'db'), statementTimeoutMs: 300 });
    try {
      // (PGlite has no timer to stop a running statement; the client's own timeout does. The setting is what counts.)
      expect((await database.rows<{ statement_timeout: string }>(sql`show statement_timeout`))[0]?.statement_timeout).toBe('300ms');
    } finally {
      await database.close();
    }
  });

  it('runs a query while this thread keeps serving, and several transactions one after the other', async () => {
    const dir = path.join(tempDir(), 'db');
    const database = await openDatabase({ pgliteDir: dir, statementTimeoutMs: 5000 });
    try {
      // A busy statement in the worker: timers here keep firing meanwhile.
      let ticks = 0;
      const timer = setInterval(() => ticks++, 20);
      const started = performance.now();
      await database.rows(sql`select count(*) from generate_series(1, 3000000)`);
      const elapsed = performance.now() - started;
      clearInterval(timer);
      expect(elapsed).toBeGreaterThan(200);
      expect(ticks).toBeGreaterThan(elapsed / 20 / 4);

      // PGlite is one session: transactions must not interleave, so each sees only its own uncommitted row.
      await database.rows(sql`create table probe (n int)`);
      const seen = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          database.db
            .transaction(async (tx) => {
              await tx.execute(sql`insert into probe values (${n})`);
              await new Promise((resolve) => setTimeout(resolve, 10));
              const { rows } = (await tx.execute(sql`select count(*)::int as c from probe`)) as unknown as { rows: { c: number }[] };
              if (n % 2 === 0) tx.rollback();
              return rows[0]?.c;
            })
            .catch(() => 'rolled back'),
        ),
      );
      expect(seen).toEqual([1, 'rolled back', 2, 'rolled back']);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dir, 'finder.lock'))).toBe(false);
  });

  it('takes a second connection while the first is open: a replacement arrives before the old one has closed', async () => {
    // node-postgres replaces its connection after a failed statement; the new one can reach the worker before the
    // old one is gone. With room for one connection it was refused, and the request waiting for it answered 503.
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('finder-pglite-')));
    const database = await openDatabase({ pgliteDir: path.join(tempDir(), 'db'), statementTimeoutMs: 5000 });
    const socketDir = fs.readdirSync(os.tmpdir()).find((name) => name.startsWith('finder-pglite-') && !before.has(name));
    expect(socketDir).toBeTruthy();
    const second = new pg.Client({ host: path.join(os.tmpdir(), socketDir!), port: 5432, user: 'postgres', database: 'postgres' });
    try {
      await database.rows(sql`select 1`);
      await second.connect();
      expect((await second.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
      expect(await database.rows(sql`select 3 as n`)).toEqual([{ n: 3 }]);
    } finally {
      await second.end().catch(() => undefined);
      await database.close();
    }
  });

  it("passes on the catalogue tables' notifications at commit, and none for a rolled back change", async () => {
    const database = await openDatabase({ pgliteDir: path.join(tempDir(), 'db'), statementTimeoutMs: 5000 });
    try {
      const heard: string[] = [];
      const stop = await database.listen(CATALOGUE_CHANNEL, (payload) => heard.push(payload));
      await database.rows(sql`insert into categories (name, relevance, description) values ('Hats', 1, '')`);
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(['categories']);
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`delete from categories`);
          tx.rollback();
        })
        .catch(() => undefined);
      await database.rows(sql`update products set price = price`);
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(['categories', 'products']);
      await stop();
    } finally {
      await database.close();
    }
  });
});

// Issue 13: a stale lock whose pid had since been given to another live process blocked every start.
describe.skipIf(process.env.FINDER_TEST_DB === 'postgres' || processStartTime(process.pid) === null)('lock holder identity', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill();
    child = undefined;
  });
  /** A live process that is not this one, as a reused pid would be. */
  function liveProcess(): number {
    child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    if (child.pid === undefined) throw new Error('could not start a process');
    return child.pid;
  }
  const writeLock = (dir: string, content: unknown) => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'finder.lock'), JSON.stringify(content));
  };

  it('takes over a lock naming a live pid that started at another time (the id was reused)', () => {
    const dir = tempDir();
    const pid = liveProcess();
    writeLock(dir, { pid, startTime: '1' });
    const release = acquireDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'finder.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(fs.existsSync(path.join(dir, 'finder.lock'))).toBe(false);
  });

  it('refuses while the process named in the lock, with its own start time, still runs', async () => {
    const dir = tempDir();
    const pid = liveProcess();
    // /proc/<pid>/stat exists as soon as spawn returns; its start time is fixed from then on.
    writeLock(dir, { pid, startTime: processStartTime(pid) });
    expect(() => acquireDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDirLock(dir)).toThrow(new RegExp(`already open in process ${pid}`));
    // Once it has stopped, the lock is stale.
    const stopped = new Promise((resolve) => child?.once('exit', resolve));
    child?.kill();
    await stopped;
    acquireDirLock(dir)();
  });
});

describe.runIf(process.env.FINDER_TEST_DB === 'postgres')('PostgreSQL server connection', () => {
  it('stops a statement that runs past the timeout', async () => {
    const ctx = await createTestApp();
    const url = new URL(process.env.FINDER_TEST_PG_URL ?? '');
    url.pathname = `/${(await ctx.database.rows<{ name: string }>(sql`select current_database() as name`))[0]?.name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 200 });
    try {
      await expect(database.rows(sql`select pg_sleep(2)`)).rejects.toMatchObject({ cause: expect.objectContaining({ code: '57014' }) });
    } finally {
      await database.close();
      await ctx.close();
    }
  });

  it('says clearly when the server does not answer', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', statementTimeoutMs: 200 })).rejects.toThrow(
      /Could not connect to DATABASE_URL/,
    );
  });
});
