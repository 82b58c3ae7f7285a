import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createTestApp } from '../test/test-app';
import { createJobQueue } from './job-queue';

const quiet = { error: () => undefined, warn: () => undefined };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Sends jobs, works them (one failing), and stops cleanly: what every database under the app must do. */
async function exercise(database: Database): Promise<void> {
  const jobs = createJobQueue(database, quiet, { pollingIntervalSeconds: 0.5 });
  const seen: string[] = [];
  jobs.define({
    name: 'import-rows',
    workers: 2,
    handler: async ({ importId }) => {
      if (importId === 'bad') throw new Error('this one fails');
      seen.push(importId);
    },
  });
  await jobs.start();
  try {
    for (let i = 0; i < 10; i++) await jobs.send('import-rows', { importId: `i${i}` });
    await jobs.send('import-rows', { importId: 'bad' });
    for (let i = 0; i < 200 && seen.length < 10; i++) await new Promise((r) => setTimeout(r, 50));
    expect(seen.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `i${i}`).sort());
    let failure: Awaited<ReturnType<typeof jobs.overview>>['failures'][number] | undefined;
    for (let i = 0; i < 100 && !failure; i++) {
      failure = (await jobs.overview()).failures[0];
      if (!failure) await new Promise((r) => setTimeout(r, 50));
    }
    expect(failure).toMatchObject({ queue: 'import-rows', error: 'this one fails' });
    const { queues } = await jobs.overview();
    expect(queues.find((q) => q.name === 'import-rows')).toMatchObject({ failed: 1 });
    expect(await jobs.pending('import-rows', 'importId', ['i1', 'bad'])).toEqual(new Map());
  } finally {
    await jobs.stop();
  }
  expect(jobs.started).toBe(false);
}

describe('the job queue (pg-boss on the app database)', () => {
  it("runs on the test suite's database (PGlite on this thread, or PostgreSQL)", async () => {
    const ctx = await createTestApp();
    try {
      await exercise(ctx.database);
    } finally {
      await ctx.close();
    }
  });

  it('holds the periodic tasks as jobs whose handlers run, and schedules them by cron when asked', async () => {
    const ctx = await createTestApp();
    try {
      const { jobs } = ctx.app.services;
      for (const name of [
        'sessions-sweep',
        'analytics-sweep',
        'product-sources',
        'file-removals',
        'sheet-syncs',
        'picture-hashes',
        'change-log-prune',
      ] as const) {
        await expect(jobs.handler(name)({}, { id: 'test' })).resolves.toBeUndefined();
      }
      // rates-refresh exists only with RATES_URL.
      expect(() => jobs.handler('rates-refresh')).toThrow(/No handler/);
      const scheduled = createJobQueue(ctx.database, quiet);
      scheduled.define({ name: 'analytics-sweep', cron: '7 * * * *', atStart: true, handler: async () => undefined });
      scheduled.define({ name: 'sessions-sweep', cron: '8 * * * *', handler: async () => undefined });
      await scheduled.start({ schedules: true });
      try {
        const [row] = await ctx.database.rows<{ name: string; cron: string }>(sql`select name, cron from pgboss.schedule`);
        expect(row).toEqual({ name: 'analytics-sweep', cron: '7 * * * *' });
        // Twice, as two processes starting together would: one job of the task defined atStart, none of the other.
        await scheduled.sendAtStart();
        await scheduled.sendAtStart();
        const sent = await ctx.database.rows<{ name: string; n: number }>(
          sql`select name, count(*)::int as n from pgboss.job where name in ('analytics-sweep', 'sessions-sweep') group by name`,
        );
        expect(sent).toEqual([{ name: 'analytics-sweep', n: 1 }]);
      } finally {
        await scheduled.stop();
      }
    } finally {
      await ctx.close();
    }
  });

  it.skipIf(process.env.FINDER_TEST_DB === 'postgres')(
    "runs on PGlite in its thread, through the app's one socket connection",
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-jobs-'));
      dirs.push(dir);
      const database = await openDatabase({ pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 5000 });
      try {
        await exercise(database);
      } finally {
        await database.close();
      }
    },
  );
});
