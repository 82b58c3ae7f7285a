import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { cookieHeader, post, signUp, TEST_PASSWORD } from '../test/auth-helpers';
import { sourceFrontEnd } from '../test/front-end';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { createTestApp, TEST_AUTH, TEST_SITE, type TestContext } from '../test/test-app';
import { noteLibraryError, watchDatabase } from '../modules/auth/auth-database-watch';
import { databaseFailure } from './availability';
import { openDatabase, type Database } from './client';
import { DatabaseTimeoutError } from './pool';

describe('telling a database that is away from a failed request', () => {
  const withCode = (code: string, extra: object = {}) => Object.assign(new Error(code), { code, ...extra });
  // drizzle's wrapper: the driver's error is its cause.
  const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause });

  it('calls refused, lost, missing and hanging databases unavailable', () => {
    for (const err of [
      new DatabaseTimeoutError(1000),
      wrapped(withCode('ECONNREFUSED')),
      wrapped(withCode('ECONNRESET')),
      withCode('ENOENT', { syscall: 'connect' }),
      wrapped(withCode('3D000')),
      withCode('57P01'),
      withCode('08006'),
      withCode('53300'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''),
    ]) {
      expect(databaseFailure(err), String(err)).toMatchObject({ kind: 'unavailable' });
    }
  });

  it('notes a failure the auth library logs and answers with a refusal of its own, during that request only', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const watched = await watchDatabase(async () => {
      noteLibraryError(['Failed to create user', refused]);
      return 422;
    });
    expect(watched).toEqual({ result: 422, failure: expect.objectContaining({ kind: 'unavailable' }) });
    expect(await watchDatabase(async () => noteLibraryError(['Failed to create user', new Error('boom')]))).toMatchObject({
      failure: null,
    });
    noteLibraryError([refused]);
  });

  it('calls a statement stopped by the statement timeout slow', () => {
    expect(databaseFailure(wrapped(withCode('57014')))).toMatchObject({ kind: 'slow' });
  });

  it('leaves every other error alone', () => {
    for (const err of [
      new Error('boom'),
      wrapped(withCode('23505')),
      withCode('ENOENT', { syscall: 'open' }),
      wrapped(withCode('42P01')),
      null,
      'text',
    ]) {
      expect(databaseFailure(err), String(err)).toBeNull();
    }
  });
});

/**
 * Issue 12: a database that stalls, refuses or is missing answered 500 or hung. Every route now answers 503
 * with Retry-After within 5 s, and recovers by itself.
 */
describe.runIf(process.env.FINDER_TEST_DB === 'postgres')('a PostgreSQL server that stalls, refuses or goes missing', () => {
  const ADMIN_URL = process.env.FINDER_TEST_PG_URL ?? '';
  let ctx: TestContext;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let dbName = '';
  let cookie = '';
  const EMAIL = 'reader@example.com';
  let accounts = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    dbName = (await ctx.database.rows<{ name: string }>(sql`select current_database() as name`))[0]?.name ?? '';
    const admin = new URL(ADMIN_URL);
    proxy = await startTcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
    const url = new URL(ADMIN_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${dbName}`;
    database = await openDatabase({ databaseUrl: url.toString(), statementTimeoutMs: 500, timeouts: { connectMs: 500, queryMs: 1000 } });
    app = await buildApp({
      config: { ...TEST_SITE, ...TEST_AUTH },
      database,
      storage: ctx.storage,
      frontEnd: sourceFrontEnd(),
      logger: false,
    });
    await app.ready();
    const signedUp = await signUp(app, EMAIL);
    expect(signedUp.res.statusCode).toBe(200);
    cookie = signedUp.cookie;
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.close();
    await ctx?.close();
  });

  const requests: Record<string, () => Promise<LightMyRequestResponse>> = {
    products: () => app.inject({ method: 'GET', url: '/api/products?seed=7&limit=6' }),
    categories: () => app.inject({ method: 'GET', url: '/api/categories' }),
    'sign-in': () => post(app, '/api/auth/sign-in/email', { email: EMAIL, password: TEST_PASSWORD }),
    'sign-up': () => post(app, '/api/auth/sign-up/email', { email: `new-${++accounts}@example.com`, password: TEST_PASSWORD, name: '' }),
    me: () => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } }),
    'finder page': () => app.inject({ method: 'GET', url: '/products' }),
    health: () => app.inject({ method: 'GET', url: '/api/health' }),
  };

  /** Every request answers 503 with Retry-After and the API's error body, each within 5 s. */
  async function expectUnavailable() {
    for (const [name, request] of Object.entries(requests)) {
      const started = performance.now();
      const res = await request();
      const elapsed = performance.now() - started;
      expect({ name, status: res.statusCode }).toEqual({ name, status: 503 });
      expect(Number(res.headers['retry-after']), name).toBeGreaterThan(0);
      expect(elapsed, name).toBeLessThan(5000);
      if (name !== 'finder page')
        expect(res.json(), name).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE', message: expect.any(String) });
    }
  }

  /** Once the database is back, every request works again without a restart. */
  async function expectRecovered() {
    await expect.poll(async () => (await requests.health!()).statusCode, { timeout: 10_000, interval: 250 }).toBe(200);
    for (const [name, request] of Object.entries(requests)) {
      const res = await request();
      expect({ name, status: res.statusCode }).toEqual({ name, status: 200 });
    }
    const signedIn = await requests['sign-in']!();
    cookie = cookieHeader(signedIn, cookie);
    expect((await requests.me!()).json()).toMatchObject({ user: { email: EMAIL } });
  }

  it('answers 503 while the server accepts connections but never answers, then recovers', async () => {
    proxy.stall();
    await expectUnavailable();
    await proxy.resume();
    await expectRecovered();
  });

  it('answers 503 while the server refuses connections, then recovers', async () => {
    await proxy.refuse();
    await expectUnavailable();
    await proxy.resume();
    await expectRecovered();
  });

  it('answers the health check at once while every pooled connection is busy (it has a connection of its own)', async () => {
    const busy = Array.from({ length: 14 }, () => database.rows(sql`select pg_sleep(0.4)`));
    await new Promise((r) => setTimeout(r, 50));
    const started = performance.now();
    const res = await requests.health!();
    const elapsed = performance.now() - started;
    await Promise.all(busy);
    expect(res.statusCode).toBe(200);
    // The pool's queue would have taken 0.4 s and more (14 sleeps on 10 connections).
    expect(elapsed).toBeLessThan(300);
  });

  it('answers 503 when the database is gone', async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`drop database ${dbName} with (force)`);
    } finally {
      await admin.end();
    }
    await expectUnavailable();
  });
});
