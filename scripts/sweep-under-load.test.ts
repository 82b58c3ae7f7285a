// Issue 39: on the embedded default, the link-health sweep of a large catalogue shared PGlite's one connection
// with the storefront first come first served; with the job queue's bookkeeping it ended in a pool timeout and an
// unhandled rejection that took the process down. Here a sweep of 10,000 products runs as the job queue runs it (in
// the background lane) on PGlite in its own thread, as `npm start` opens it, while the storefront is read without
// pause: every read is answered (no 503, no error), nothing is rejected unhandled, and the sweep gets its work done.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeCatalogue } from './seed-large-catalogue';
import { buildApp } from '../server/app';
import { inBackground } from '../server/db/background-lane';
import { openDatabase, type Database } from '../server/db/client';
import { createLocalStorage } from '../server/storage/local-storage';

const PRODUCTS = 10_000;
const SWEEP_MS = 20_000;

let dir = '';
let database: Database | undefined;
let market: http.Server | undefined;
let asked = 0;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-sweep-load-'));
  // A stand-in marketplace: most items live, every seventh gone.
  market = http.createServer((req, res) => {
    asked += 1;
    const id = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('id'));
    if (id % 7 === 0) return res.writeHead(404, { 'content-type': 'text/html' }).end('<html>404</html>');
    return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><h1>item</h1></html>');
  });
  await new Promise<void>((resolve) => market?.listen(0, '127.0.0.1', resolve));
}, 60_000);

afterAll(async () => {
  await database?.close();
  market?.closeAllConnections();
  await new Promise((resolve) => market?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.FINDER_TEST_DB === 'postgres')('a link-health sweep of 10,000 products on PGlite', () => {
  it('leaves the storefront answering every read while it runs, with no unhandled rejection', async () => {
    const seeding = await openDatabase({ pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 600_000 });
    try {
      await seedLargeCatalogue(seeding, PRODUCTS);
      await seeding.db.execute(sql`update products set source_platform = 'taobao', source_item_id = (100000000 + row)::text,
        link = 'https://item.taobao.com/item.htm?id=' || (100000000 + row)`);
    } finally {
      await seeding.close();
    }
    // Opened as a server opens it: PGlite in its thread, the app's statement limit.
    database = await openDatabase({ pgliteDir: path.join(dir, 'db'), statementTimeoutMs: 3000 });
    const base = `http://127.0.0.1:${(market?.address() as AddressInfo).port}`;
    const app = await buildApp({
      config: {
        communityUrl: 'https://community.example',
        referralUrl: 'https://agent.example',
        discountCode: 'TEST',
        contactEmail: 'test@example.com',
        logLevel: 'silent',
        port: 0,
        publicUrl: 'http://127.0.0.1',
        trustedOrigins: [],
        trustProxy: false,
        authSecret: 'sweep-load-secret-sweep-load-secret-0123456789',
        authRateLimit: 1000,
        google: undefined,
        importAllowPrivateHosts: true,
        linkHealth: {
          bases: { taobao: base, tmall: base, weidian: base, '1688': base },
          perHostPerMinute: 1_000_000,
          perDay: 1_000_000,
          hideAfterGone: 0,
          timeoutMs: 5000,
          sweepMs: SWEEP_MS,
        },
      },
      database,
      storage: createLocalStorage(path.join(dir, 'uploads')),
      logger: false,
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await app.ready();
      // The test runs the sweep itself, as the queue's job would: in the background lane.
      await app.services.jobs.stop();
      let sweeping = true;
      const sweep = inBackground(() => app.services.linkHealth.sweep({ sweepMs: SWEEP_MS })).finally(() => {
        sweeping = false;
      });
      const answers = new Map<number, number>();
      let reads = 0;
      let slowestMs = 0;
      const paths = ['/api/health', '/api/products?limit=24', '/api/products?limit=24&category=Shoes', '/api/products/facets'];
      const reader = async (offset: number) => {
        for (let i = offset; sweeping; i++) {
          const started = Date.now();
          const res = await app.inject({ method: 'GET', url: paths[i % paths.length] ?? '/api/health' }).catch(() => ({ statusCode: 0 }));
          slowestMs = Math.max(slowestMs, Date.now() - started);
          reads += 1;
          answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      await Promise.all([reader(0), reader(1), sweep]);
      const result = await sweep;
      console.info(
        `sweep under load: ${reads} reads ${JSON.stringify(Object.fromEntries(answers))}, slowest ${slowestMs} ms; ` +
          `sweep ${JSON.stringify(result)}; load average ${os.loadavg()[0]?.toFixed(1)}`,
      );
      // The storefront was read throughout and every read was answered.
      expect(reads).toBeGreaterThan(20);
      expect(Object.fromEntries(answers), `slowest read ${slowestMs} ms`).toEqual({ 200: reads });
      // The sweep did its work meanwhile: it asked the marketplace and kept what it learnt.
      expect(result.checked).toBeGreaterThan(100);
      expect(asked).toBeGreaterThanOrEqual(result.checked);
      const [kept] = await database.rows<{ n: number }>(sql`select count(*)::int as n from link_checks where answer is not null`);
      expect(Number(kept?.n)).toBeGreaterThanOrEqual(result.checked - 50);
      expect(unhandled).toEqual([]);
      // Still serving after it.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await app.close();
    }
  }, 300_000);
});
