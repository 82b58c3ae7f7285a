import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { BACKGROUND_SHARE, inBackground, inForeground } from './background-lane';
import { BACKGROUND_CONNECTIONS, openDatabase, type Database } from './client';
import { rowsOf } from './sql';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A statement that holds its connection for about `ms` (and says which session ran it). */
function hold(database: Database, ms: number) {
  return database.rows<{ pid: number }>(sql`select pg_backend_pid() as pid, pg_sleep(${ms / 1000})`);
}

/**
 * Background statements queued while one runs, and then a visitor's: the visitor's answer comes before the second
 * background statement's (it waits for the one under way at most, never behind the queue).
 */
async function visitorsFirst(database: Database): Promise<string[]> {
  const order: string[] = [];
  const background = Array.from({ length: 4 }, (_, i) =>
    inBackground(() => hold(database, 250)).then(() => {
      order.push(`background ${i}`);
    }),
  );
  await new Promise((r) => setTimeout(r, 60));
  const visitor = database.rows(sql`select 1`).then(() => {
    order.push('visitor');
  });
  await Promise.all([...background, visitor]);
  return order;
}

describe.skipIf(process.env.FINDER_TEST_DB === 'postgres')('the background lane on the embedded database (one connection)', () => {
  it('runs background statements one at a time, and a visitor waits for the one under way at most', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-lane-'));
    dirs.push(dir);
    const database = await openDatabase({ pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 5000 });
    try {
      const order = await visitorsFirst(database);
      // The first background statement was under way; the visitor went before every other one.
      expect(order.indexOf('visitor')).toBeLessThanOrEqual(1);
      expect(order).toHaveLength(5);

      // A visitor's work started from background work (inForeground) is a visitor's again.
      const mixed: string[] = [];
      const slow = inBackground(() => hold(database, 200)).then(() => mixed.push('background 0'));
      const queued = inBackground(() => hold(database, 200)).then(() => mixed.push('background 1'));
      await new Promise((r) => setTimeout(r, 50));
      const visitor = inBackground(() => inForeground(() => database.rows(sql`select 1`))).then(() => mixed.push('visitor'));
      await Promise.all([slow, queued, visitor]);
      expect(mixed).toEqual(['background 0', 'visitor', 'background 1']);

      // A visitor's request between two of its statements (its own work in the gap): a background statement that
      // waits is not let in between them, it goes after the request's last statement (issue 39).
      const gap: string[] = [];
      const request = (async () => {
        await database.rows(sql`select 1`);
        gap.push('visitor 1');
        await new Promise((r) => setTimeout(r, 10));
        await database.rows(sql`select 2`);
        gap.push('visitor 2');
      })();
      const waiting = inBackground(() => hold(database, 200)).then(() => gap.push('background'));
      await Promise.all([request, waiting]);
      expect(gap).toEqual(['visitor 1', 'visitor 2', 'background']);

      // Transactions hold the turn until they end; the next background statement waits for them.
      const inside = await inBackground(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          return rowsOf<{ n: number }>(tx, sql`select 2 as n`);
        }),
      );
      expect(inside).toEqual([{ n: 2 }]);
      await expect(inBackground(() => database.rows(sql`select 3 as n`))).resolves.toEqual([{ n: 3 }]);
    } finally {
      await database.close();
    }
  });

  it('gives background work a bounded share while visitors leave the connection no quiet moment', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-lane-'));
    dirs.push(dir);
    const database = await openDatabase({ pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 5000 });
    try {
      // Three visitors asking without pause: one of them always waits for the connection.
      let stop = false;
      const visitors = Array.from({ length: 3 }, async () => {
        while (!stop) await hold(database, 20);
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(database.sinceVisitorMs?.()).toBeLessThan(100);
      expect(database.sinceCrowdedMs?.()).toBe(Infinity);
      const started = Date.now();
      const done: number[] = [];
      const background = Array.from({ length: 60 }, () => inBackground(() => hold(database, 30)).then(() => done.push(Date.now())));
      await new Promise((r) => setTimeout(r, 3000));
      const stoppedAt = Date.now();
      // The site is crowded: an import's batches shrink to IMPORT_BATCH_TARGET_MS.pglite.crowded meanwhile.
      const crowdedMs = database.sinceCrowdedMs?.();
      stop = true;
      await Promise.all([...visitors, ...background]);
      // Before, background work waited for a quiet moment up to its 30 s limit: none ran while the visitors asked.
      const during = done.filter((at) => at < stoppedAt).length;
      expect(during).toBeGreaterThanOrEqual(3);
      // At most its share of the connection's time (and one statement over it): 30 ms each.
      expect(during * 30).toBeLessThanOrEqual(BACKGROUND_SHARE * (stoppedAt - started) + 60);
      expect(crowdedMs).toBeLessThan(1000);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(process.env.FINDER_TEST_DB !== 'postgres')('the background lane on PostgreSQL (a small pool of its own)', () => {
  it("never takes the requests' connections, and uses at most its own few", async () => {
    const ctx = await createTestApp();
    try {
      const { database } = ctx;
      const visitorPids = new Set((await Promise.all(Array.from({ length: 10 }, () => hold(database, 50)))).map((r) => r[0]?.pid));
      let backgroundAnswered = false;
      const background = Promise.all(
        Array.from({ length: 6 }, () =>
          inBackground(() => hold(database, 600)).then((rows) => {
            backgroundAnswered = true;
            return rows;
          }),
        ),
      );
      await new Promise((r) => setTimeout(r, 50));
      // Ten visitors at once while six background statements queue for their two connections: none waits for them.
      await Promise.all(Array.from({ length: 10 }, () => database.rows(sql`select 1`)));
      expect(backgroundAnswered).toBe(false);
      const backgroundPids = new Set((await background).map((r) => r[0]?.pid));
      expect(backgroundPids.size).toBeLessThanOrEqual(BACKGROUND_CONNECTIONS);
      for (const pid of backgroundPids) expect(visitorPids.has(pid)).toBe(false);
    } finally {
      await ctx.close();
    }
  });
});
