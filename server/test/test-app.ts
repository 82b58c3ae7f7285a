import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { DEFAULT_BACK_PRESSURE } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createLocalStorage } from '../storage/local-storage';
import { checkedInjection } from './api-contract';
import type { Storage } from '../storage/storage';

export const TEST_SITE = {
  communityUrl: 'https://community.example/join',
  referralUrl: 'https://agent.example/register?ref=finder',
  discountCode: 'TESTCODE',
  contactEmail: 'help@example.com',
  logLevel: 'silent' as const,
};

/** The site's address in API tests: requests that need an Origin send this one. */
export const TEST_ORIGIN = 'http://finder.test';

export const TEST_AUTH: Omit<AppOptions['config'], keyof typeof TEST_SITE> = {
  port: 80,
  publicUrl: TEST_ORIGIN,
  trustedOrigins: [],
  trustProxy: false,
  authSecret: undefined,
  authRateLimit: 1000,
  google: undefined,
};

/** Set by vitest.config.ts for the project that runs the suite against a PostgreSQL server. */
const PG_ADMIN_URL = process.env.FINDER_TEST_DB === 'postgres' ? process.env.FINDER_TEST_PG_URL : undefined;

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  storage: Storage;
  dir: string;
  close(): Promise<void>;
};

async function createTestDatabase(dir: string): Promise<{ database: Database; drop(): Promise<void> }> {
  if (PG_ADMIN_URL) {
    const name = `finder_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    // A copy of the run's template (global-setup.ts): migrated, with the job queue's schema.
    await admin.query(`create database ${name} template ${inject('pgTemplateDatabase')}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 10_000 });
    return {
      database,
      async drop() {
        const client = new pg.Client({ connectionString: PG_ADMIN_URL });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dbDir = path.join(dir, 'db');
  fs.cpSync(inject('pgliteTemplateDir'), dbDir, { recursive: true });
  fs.rmSync(path.join(dbDir, 'finder.lock'), { force: true });
  // On this thread: a worker per test file would add seconds to each (decision 0031); client.test.ts covers it.
  const database = await openDatabase({ pgliteDir: dbDir, statementTimeoutMs: 10_000, pgliteThread: 'main' });
  return { database, drop: async () => undefined };
}

/** A fresh, migrated, empty database and storage behind a full app; one per test file. */
export async function createTestApp(
  overrides: Partial<AppOptions['config']> = {},
  options: Pick<
    AppOptions,
    'frontEnd' | 'sitemapChunkSize' | 'mailer' | 'signInThrottle' | 'logger' | 'responseCacheBytes' | 'backPressure'
  > = {},
): Promise<TestContext> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-test-'));
  const { database, drop } = await createTestDatabase(dir);
  const storage = createLocalStorage(path.join(dir, 'uploads'));
  const app = await buildApp({
    config: { ...TEST_SITE, ...TEST_AUTH, ...overrides },
    database,
    storage,
    logger: false,
    // PGlite shares the test's thread here, so a long statement delays the event loop: no shedding on that.
    backPressure: { ...DEFAULT_BACK_PRESSURE, maxEventLoopDelayMs: 0 },
    ...options,
  });
  await app.ready();
  const chained = app.inject.bind(app);
  const inject = await checkedInjection(app as never);
  // The chained form (app.inject().get(...)) is left as it is.
  app.inject = ((options?: unknown) => (options === undefined ? chained() : inject(options as never))) as never;
  return {
    app,
    database,
    storage,
    dir,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's user agent: the analytics beacon counts browsers, not bots. */
export const TEST_BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Sends one analytics event as the site's page would, from the client at `ip`. */
export function postAnalyticsEvent(app: FastifyInstance, body: object, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'user-agent': TEST_BROWSER_UA },
    payload: JSON.stringify(body),
  });
}
