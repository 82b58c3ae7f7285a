import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { DataDirInUseError, openDatabase } from './client';

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
    expect(fs.readFileSync(path.join(dir, 'finder.lock'), 'utf8')).toBe(String(process.pid));
    const [row] = await database.rows<{ ext: string }>(sql`select extname as ext from pg_extension where extname = 'pg_trgm'`);
    expect(row?.ext).toBe('pg_trgm');
    await database.close();
    expect(fs.existsSync(path.join(dir, 'finder.lock'))).toBe(false);
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
