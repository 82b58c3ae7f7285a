import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createTestApp } from '../test/test-app';
import { createJobQueue, periodicPauseSeconds } from './job-queue';

/** pg-boss's SQL of a worked job's completion and failure. */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(s: string): string;
  failJobsById(s: string): string;
};

/** The error node-postgres gives when no connection frees up in time (the crash of issue 39). */
const poolTimeout = () => new Error('timeout exceeded when trying to connect');

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
      // Settings over the declaration's (sessions-sweep.job.ts runs it at start too).
      scheduled.define({ name: 'sessions-sweep', cron: '8 * * * *', atStart: false, handler: async () => undefined });
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

  // Issue 39: pg-boss 10 does not await a worked job's completion or failure (timgit/pg-boss#577); a database that
  // did not answer then was an unhandled rejection, and the process ended. Vitest fails a run with one.
  it("keeps working when the database does not take a job's completion or failure, and records it later", async () => {
    const ctx = await createTestApp();
    try {
      let refused = 0;
      const flaky: Database = {
        ...ctx.database,
        executeSql: async (text, values) => {
          // The first two completions and failures of jobs meet a stalled pool.
          if (refused < 2 && (text === plans.completeJobs('pgboss') || text === plans.failJobsById('pgboss'))) {
            refused += 1;
            throw poolTimeout();
          }
          return ctx.database.executeSql(text, values);
        },
      };
      const warned: unknown[] = [];
      const jobs = createJobQueue(flaky, { error: () => undefined, warn: (obj) => warned.push(obj) }, { pollingIntervalSeconds: 0.5 });
      const done: string[] = [];
      jobs.define({
        name: 'import-rows',
        handler: async ({ importId }) => {
          if (importId === 'bad') throw new Error('this one fails');
          done.push(importId);
        },
      });
      await jobs.start();
      try {
        const good = await jobs.send('import-rows', { importId: 'good' });
        const bad = await jobs.send('import-rows', { importId: 'bad' });
        const stateOf = async (id: string | null) =>
          (await ctx.database.rows<{ state: string }>(sql`select state from pgboss.job where id = ${id}::uuid`))[0]?.state;
        let states: Array<string | undefined> = [];
        for (let i = 0; i < 200; i++) {
          states = [await stateOf(good), await stateOf(bad)];
          if (states[0] === 'completed' && states[1] === 'failed') break;
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(refused).toBe(2);
        expect(done).toEqual(['good']);
        expect(states).toEqual(['completed', 'failed']);
        expect(warned.length).toBeGreaterThanOrEqual(2);
        // The app kept answering meanwhile, and still does.
        expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect((await ctx.app.inject({ method: 'GET', url: '/api/products?limit=5' })).statusCode).toBe(200);
      } finally {
        await jobs.stop();
      }
    } finally {
      await ctx.close();
    }
  });

  // Issue 39: a job that keeps failing backs off instead of running again at full speed.
  it("backs off: a failing periodic task's scheduled runs pause longer each time, a failing job's retries wait longer each time", async () => {
    expect([0, 1, 2, 3, 7, 20].map(periodicPauseSeconds)).toEqual([0, 60, 120, 240, 3600, 3600]);
    const ctx = await createTestApp();
    // Only this queue's workers take the jobs (the app's would run the real tasks).
    await ctx.app.services.jobs.stop();
    const jobs = createJobQueue(ctx.database, quiet, { pollingIntervalSeconds: 0.5 });
    try {
      let sweeps = 0;
      let hashes = 0;
      jobs.define({
        name: 'link-checks',
        cron: '* * * * *',
        handler: async () => {
          sweeps += 1;
          throw new Error('the marketplace answered 500');
        },
      });
      jobs.define({
        name: 'picture-hashes',
        retryLimit: 2,
        retryDelaySeconds: 10,
        handler: async () => {
          hashes += 1;
          throw new Error('the storage refused');
        },
      });
      await jobs.start();
      const stateOf = async (id: string | null) =>
        (await ctx.database.rows<{ state: string; output: unknown }>(sql`select state, output from pgboss.job where id = ${id}::uuid`))[0];
      const until = async (id: string | null, states: string[]) => {
        for (let i = 0; i < 300; i++) {
          const job = await stateOf(id);
          if (job && states.includes(job.state)) return job;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error(`job ${id} never reached ${states.join(' or ')}`);
      };
      // A scheduled run (the cron's data) fails: the queue shows one failure in a row and a pause of a minute.
      const tick = { tick: true } as const;
      await until(await jobs.send('link-checks', tick), ['failed']);
      expect(sweeps).toBe(1);
      let queue = (await jobs.overview()).queues.find((q) => q.name === 'link-checks');
      expect(queue?.failedInARow).toBe(1);
      const pause1 = new Date(queue?.pausedUntil ?? 0).getTime() - Date.now();
      expect(pause1).toBeGreaterThan(50_000);
      expect(pause1).toBeLessThanOrEqual(60_000);
      // The next scheduled run is skipped while it is paused: the handler is not called.
      const skipped = await until(await jobs.send('link-checks', tick), ['completed']);
      expect(JSON.stringify(skipped.output)).toMatch(/paused until/);
      expect(sweeps).toBe(1);
      // A run asked for by hand (Re-check now, Retry) is not skipped; failing again doubles the pause.
      await until(await jobs.send('link-checks', {}), ['failed']);
      expect(sweeps).toBe(2);
      queue = (await jobs.overview()).queues.find((q) => q.name === 'link-checks');
      expect(queue?.failedInARow).toBe(2);
      expect(new Date(queue?.pausedUntil ?? 0).getTime() - Date.now()).toBeGreaterThan(110_000);

      // A one-off job's retries: 10 to 20 s after its first failure, 20 to 40 s after its second (pg-boss's backoff).
      const hash = await jobs.send('picture-hashes', {});
      await until(hash, ['retry']);
      let waiting = (await jobs.overview()).retrying.find((r) => r.id === hash);
      expect(waiting).toMatchObject({ queue: 'picture-hashes', error: 'the storage refused', attempt: 1, attempts: 3 });
      const wait1 = new Date(waiting?.nextTryAt ?? 0).getTime() - Date.now();
      expect(wait1).toBeGreaterThan(8_000);
      expect(wait1).toBeLessThanOrEqual(20_000);
      // Its time comes (moved to now here): it fails again and waits longer.
      await ctx.database.executeSql(`update pgboss.job set start_after = now() where id = $1::uuid`, [hash]);
      for (let i = 0; i < 300 && hashes < 2; i++) await new Promise((r) => setTimeout(r, 50));
      await until(hash, ['retry']);
      for (let i = 0; i < 100; i++) {
        waiting = (await jobs.overview()).retrying.find((r) => r.id === hash);
        if (waiting?.attempt === 2) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(waiting).toMatchObject({ attempt: 2, attempts: 3 });
      expect(new Date(waiting?.nextTryAt ?? 0).getTime() - Date.now()).toBeGreaterThan(18_000);
      expect(hashes).toBe(2);
    } finally {
      await jobs.stop();
      await ctx.close();
    }
  }, 120_000);

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
