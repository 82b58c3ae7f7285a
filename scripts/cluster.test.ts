// Two app processes behind HAProxy (deploy/haproxy.cfg) on one PostgreSQL and one S3 bucket: a session made
// through one process works on the other, and what one stores the other serves.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResult } from '../common/schemas/image';
import type { Product } from '../common/schemas/product';
import { postgresAnswers } from '../server/db/client';
import { multipartBody } from '../server/test/multipart';
import { startTestS3, type TestS3 } from '../server/test/s3-server';
import { ensureHaproxy, haproxyConfig, startCluster, type Cluster } from './cluster';

const PG_URL = process.env.FINDER_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Why the test cannot run here, or null. Only a missing HAProxy that apt cannot install, or no PostgreSQL. */
async function skipReason(): Promise<string | null> {
  if (!(await postgresAnswers(PG_URL))) return `PostgreSQL does not answer at ${PG_URL}`;
  try {
    ensureHaproxy();
  } catch (err) {
    return `haproxy is missing and apt-get could not install it: ${(err as { stderr?: string }).stderr ?? String(err)}`;
  }
  return null;
}
const reason = await skipReason();
if (reason) console.warn(`Skipping the HAProxy cluster test: ${reason}`);

const ADMIN = { email: 'cluster-admin@example.com', password: 'a cluster admin password 7' };

describe('haproxyConfig', () => {
  it('keeps the shipped settings, with its own port and one server line per process', () => {
    const config = haproxyConfig(9999, [4001, 4002, 4003]);
    expect(config).toMatch(/^\s*bind 127\.0\.0\.1:9999$/m);
    expect(config).toContain('option httpchk GET /api/health');
    expect(config.match(/^\s*server /gm)).toHaveLength(3);
    expect(config).toMatch(/server app3 127\.0\.0\.1:4003 check\n$/);
    expect(config).not.toContain(':3001');
  });
});

describe.skipIf(reason !== null)('two processes behind HAProxy', () => {
  let cluster: Cluster;
  let s3: TestS3;
  let databaseName = '';
  let cookie = '';

  beforeAll(async () => {
    databaseName = `finder_cluster_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${databaseName}`;
    s3 = await startTestS3();
    cluster = await startCluster({
      processes: 2,
      databaseUrl: url.toString(),
      s3: s3.s3,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    await s3?.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }, 60_000);

  /** Through the balancer, as a browser on the site would send it. */
  const call = (method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) =>
    fetch(`${cluster.url}${path}`, {
      method,
      headers: { origin: cluster.url, ...(cookie ? { cookie } : {}), ...init.headers },
      ...(init.body ? { body: init.body } : {}),
    });

  /** The processes that answered `count` requests for `path`, and their statuses. */
  async function spread(path: string, count = 8): Promise<{ servers: Set<string>; statuses: Set<number> }> {
    const servers = new Set<string>();
    const statuses = new Set<number>();
    for (let i = 0; i < count; i++) {
      const res = await call('GET', path);
      await res.arrayBuffer();
      statuses.add(res.status);
      servers.add(res.headers.get('x-finder-server') ?? '');
    }
    return { servers, statuses };
  }

  it('signs in through the balancer, and every process knows the session', async () => {
    const res = await call('POST', '/api/auth/sign-in/email', {
      body: JSON.stringify(ADMIN),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, await res.text()).toBe(200);
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).not.toBe('');
    const { servers, statuses } = await spread('/api/me');
    expect([...statuses]).toEqual([200]);
    expect(servers).toEqual(new Set(['app1', 'app2']));
    const me = await (await call('GET', '/api/me')).json();
    expect(me).toMatchObject({ user: { email: ADMIN.email } });
  });

  it('serves an image one process stored from every process (one bucket)', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartBody([{ filename: 'red.png', body: png, contentType: 'image/png' }]);
    const res = await call('POST', '/api/admin/images', { body: new Uint8Array(payload), headers });
    expect(res.status, await res.clone().text()).toBe(201);
    const [image] = ((await res.json()) as UploadResult).items;
    expect(image).toBeDefined();
    const { servers, statuses } = await spread(new URL(image?.url ?? '', cluster.url).pathname);
    expect([...statuses]).toEqual([200]);
    expect(servers).toEqual(new Set(['app1', 'app2']));
  });

  it('shows a product one process created on every process, to visitors too', async () => {
    const res = await call('POST', '/api/admin/products', {
      body: JSON.stringify({ title: 'Balanced Field Jacket', price: 80, link: 'https://store.example/balanced' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const product = (await res.json()) as Product;
    cookie = '';
    const { servers, statuses } = await spread(`/api/products/${product.number}`);
    expect([...statuses]).toEqual([200]);
    expect(servers).toEqual(new Set(['app1', 'app2']));
  });

  it("drops every process's kept answers within a second of a change made through one of them", async () => {
    const list = '/api/products?limit=48&seed=4242';
    const direct = (port: number) => fetch(`http://127.0.0.1:${port}${list}`);
    const [first, second] = cluster.appPorts;
    if (first === undefined || second === undefined) throw new Error('the cluster has two processes');
    // Each process keeps the list (the second answer of each is a hit).
    for (const port of [first, second]) {
      await (await direct(port)).arrayBuffer();
      expect((await direct(port)).headers.get('x-cache'), `port ${port}`).toBe('hit');
    }
    // A change through the first process only (signed in again: the last test dropped the cookie).
    const signIn = await fetch(`http://127.0.0.1:${first}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cluster.url },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const session = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const created = await fetch(`http://127.0.0.1:${first}/api/admin/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cluster.url, cookie: session },
      body: JSON.stringify({ title: 'Noticed Everywhere Parka', price: 90, link: 'https://store.example/noticed' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    // The other process heard it from the database (NOTIFY) and answers afresh.
    const started = Date.now();
    for (;;) {
      const res = await direct(second);
      if ((await res.text()).includes('Noticed Everywhere Parka')) break;
      if (Date.now() - started > 1000) throw new Error('the second process still answers its kept list after 1 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
