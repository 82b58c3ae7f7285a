import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHUFFLE_SEED_COOKIE } from '../../common/constants';
import { SHARED_SEED_MS, sharedSeedAt, sharedSeeds } from '../../common/shuffle-seeds';
import { products } from '../db/schema/index';
import { anotherAppOn, send, signedInAs } from '../test/auth-helpers';
import { insertCategories, insertProducts } from '../test/factories';
import { sourceFrontEnd } from '../test/front-end';
import { createTestApp, type TestContext } from '../test/test-app';

let ctx: TestContext;
let admin = '';
const CACHE_BYTES = 4 * 1024 * 1024;

beforeAll(async () => {
  ctx = await createTestApp({}, { frontEnd: sourceFrontEnd(), responseCacheBytes: CACHE_BYTES });
  await insertCategories(ctx.database, [{ name: 'Shoes' }, { name: 'Jackets' }]);
  await insertProducts(
    ctx.database,
    Array.from({ length: 30 }, (_, i) => ({
      title: `Cached Item ${i}`,
      category: i % 2 ? 'Shoes' : 'Jackets',
      description: 'x'.repeat(200),
    })),
  );
  admin = await signedInAs(ctx.app, 'cache-admin@example.com', { isAdmin: true });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/** Waits until `check` holds, for at most `ms` (notifications from the database arrive on their own connection). */
async function eventually(check: () => Promise<boolean>, ms = 1000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('public API answers', () => {
  const url = '/api/products?limit=6&seed=12345';

  it('carry max-age, s-maxage and stale-while-revalidate, an ETag, and come from the cache the second time', async () => {
    ctx.app.responseCache.clear('test start');
    const first = await get(ctx.app, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['x-cache']).toBe('miss');

    const second = await get(ctx.app, url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('answers 304 without a body to a visitor whose copy is current, and 200 to one whose copy is not', async () => {
    const { etag } = (await get(ctx.app, url)).headers;
    const fresh = await get(ctx.app, url, { 'if-none-match': String(etag) });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.body).toBe('');
    expect(fresh.headers.etag).toBe(etag);
    // Among others, and as the strong form a proxy may send.
    expect((await get(ctx.app, url, { 'if-none-match': `"other", ${String(etag).replace(/^W\//, '')}` })).statusCode).toBe(304);
    expect((await get(ctx.app, url, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);

    // The first answer for an address (a miss) also honours If-None-Match: another process made the same bytes.
    ctx.app.responseCache.clear('test');
    const miss = await get(ctx.app, url, { 'if-none-match': String(etag) });
    expect(miss.headers['x-cache']).toBe('miss');
    expect(miss.statusCode).toBe(304);
  });

  it('sends the kept answer compressed to clients that accept Brotli or gzip, and plain to others', async () => {
    const plain = await get(ctx.app, url);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get(ctx.app, url, { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' });
      expect(res.headers['x-cache']).toBe('hit');
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('accept-encoding');
      const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
      expect(body.toString()).toBe(plain.body);
    }
    const refused = await get(ctx.app, url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('come from the cache with the same headers as the first answer: security headers, type, caching, Vary', async () => {
    ctx.app.responseCache.clear('test');
    const first = await get(ctx.app, url);
    const second = await get(ctx.app, url);
    expect(second.headers['x-cache']).toBe('hit');
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, 'x-cache': _cache, 'content-length': _length, connection: _connection, 'keep-alive': _alive, ...rest } = headers;
      return rest;
    };
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    expect(second.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    // The first answer already says it varies by encoding, so a shared cache keys it right from the start.
    expect(first.headers.vary).toBe('accept-encoding');
    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-cache']).toBe('hit');
    expect(head.body).toBe('');
  });

  it('are one answer however the query is spelled: parameter order, and parameters the route does not read', async () => {
    ctx.app.responseCache.clear('test');
    const first = await get(ctx.app, '/api/products?limit=6&seed=31337');
    expect(first.headers['x-cache']).toBe('miss');
    for (const spelling of [
      '/api/products?seed=31337&limit=6',
      '/api/products?limit=6&seed=31337&cachebuster=8',
      '/api/products?utm_source=x&seed=31337&limit=6',
    ]) {
      const res = await get(ctx.app, spelling);
      expect(res.headers['x-cache'], spelling).toBe('hit');
      expect(res.body, spelling).toBe(first.body);
    }
    // A parameter the route reads is another answer.
    expect((await get(ctx.app, '/api/products?limit=6&seed=31337&category=Shoes')).headers['x-cache']).toBe('miss');
    expect(ctx.app.responseCache.stats().entries).toBe(2);
  });

  it('are made once for requests that arrive while the same answer is being made, and shared with all of them', async () => {
    ctx.app.responseCache.clear('test');
    const before = ctx.app.responseCache.stats();
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(ctx.app, '/api/products?limit=12&seed=4242')));
    const after = ctx.app.responseCache.stats();
    expect(answers.every((a) => a.statusCode === 200 && a.body === answers[0]?.body)).toBe(true);
    expect(after.misses - before.misses).toBe(1);
    expect(after.shared - before.shared).toBe(11);
    expect(answers.filter((a) => a.headers['x-cache'] === 'shared')).toHaveLength(11);
  });

  it('are dropped when an admin changes the catalogue through the API', async () => {
    const before = await get(ctx.app, '/api/products?limit=48&seed=1');
    expect((await get(ctx.app, '/api/products?limit=48&seed=1')).headers['x-cache']).toBe('hit');
    const created = await send(ctx.app, 'POST', '/api/admin/products', {
      cookie: admin,
      body: { title: 'Fresh Parka', price: 80, category: 'Jackets', gender: 'Men', link: 'https://store.example/parka' },
    });
    expect(created.statusCode).toBe(201);
    const after = await get(ctx.app, '/api/products?limit=48&seed=1');
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).not.toBe(before.body);
    expect(after.body).toContain('Fresh Parka');
  });

  it('are dropped within a second when the catalogue changes outside this process (the database notifies)', async () => {
    await get(ctx.app, '/api/categories');
    expect((await get(ctx.app, '/api/categories')).headers['x-cache']).toBe('hit');
    // Straight into the database, as another process or a background import would.
    await insertCategories(ctx.database, [{ name: 'Hats' }]);
    await eventually(async () => (await get(ctx.app, '/api/categories')).body.includes('Hats'));

    const url = '/api/products?limit=48&seed=7';
    await get(ctx.app, url);
    await ctx.database.db.update(products).set({ title: 'Renamed Elsewhere' }).where(eq(products.title, 'Cached Item 3'));
    await eventually(async () => (await get(ctx.app, url)).body.includes('Renamed Elsewhere'));
  });

  it('are kept within the configured bytes, the least recently used going first', async () => {
    for (let seed = 0; seed < 400; seed++) await get(ctx.app, `/api/products?limit=48&seed=${seed}`);
    const stats = ctx.app.responseCache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(CACHE_BYTES);
    expect(stats.entries).toBeGreaterThan(10);
    expect(stats.entries).toBeLessThan(400);
  });
});

describe('answers that depend on the session or must be live', () => {
  it('are private, no-store: admin lists, /api/me, the health check', async () => {
    for (const path of ['/api/admin/products', '/api/me']) {
      const res = await send(ctx.app, 'GET', path, { cookie: admin });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toMatch(/private, no-store|no-store/);
      expect(res.headers.etag, path).toBeUndefined();
    }
    expect((await get(ctx.app, '/api/health')).headers['cache-control']).toBe('private, no-store');
    // Even refusals: a 401 must not be kept by a proxy for the next visitor.
    expect((await get(ctx.app, '/api/admin/products')).headers['cache-control']).toBe('private, no-store');
  });

  it('never keep a failed answer', async () => {
    const bad = await get(ctx.app, '/api/products?limit=banana');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-cache']).toBeUndefined();
    expect(bad.headers['cache-control']).not.toContain('public');
  });
});

describe('the admin product list, kept behind its guard', () => {
  it('is kept for admins only, stays private, and is dropped when the catalogue changes', async () => {
    ctx.app.responseCache.clear('test');
    const url = '/api/admin/products?page=1&pageSize=25';
    const first = await send(ctx.app, 'GET', url, { cookie: admin });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    const second = await send(ctx.app, 'GET', url, { cookie: admin });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    for (const res of [first, second]) {
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    // The guard still runs first: nobody else reaches the kept page.
    const user = await signedInAs(ctx.app, 'cache-user@example.com');
    expect((await send(ctx.app, 'GET', url, { cookie: user })).statusCode).toBe(403);
    expect((await get(ctx.app, url)).statusCode).toBe(401);

    const created = await send(ctx.app, 'POST', '/api/admin/products', {
      cookie: admin,
      body: { title: 'Kept List Newcomer', price: 20, category: 'Shoes', gender: 'Men', link: 'https://store.example/newcomer' },
    });
    expect(created.statusCode).toBe(201);
    const after = await send(ctx.app, 'GET', '/api/admin/products?page=1&pageSize=25&sort=updated', { cookie: admin });
    expect(after.json().items.map((p: { title: string }) => p.title)).toContain('Kept List Newcomer');
    const again = await send(ctx.app, 'GET', url, { cookie: admin });
    expect(again.headers['x-cache']).toBe('miss');
    expect(again.json().total).toBe(first.json().total + 1);
  });
});

describe('rendered pages', () => {
  it('keep the finder per shared seed and device, with 304s, and render the login screen for each request', async () => {
    const [seed] = sharedSeeds(new Date().toISOString().slice(0, 10));
    const cookie = `finder_seed=${seed}`;
    const first = await get(ctx.app, '/', { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    const second = await get(ctx.app, '/', { cookie });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect((await get(ctx.app, '/', { cookie, 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    // Another device class is another page (4 products on a phone).
    const phone = await get(ctx.app, '/', { cookie, 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Mobile/15E148' });
    expect(phone.headers['x-cache']).toBe('miss');
    expect(phone.headers.etag).not.toBe(first.headers.etag);

    // A visitor with no seed yet is given the shared one of the moment: their page is one of the kept ones.
    const today = new Set(sharedSeeds(new Date().toISOString().slice(0, 10)).map(String));
    const fresh = await get(ctx.app, '/');
    const renderedSeed = /"seed":(\d+)/.exec(fresh.body)?.[1];
    expect(today.has(String(renderedSeed))).toBe(true);

    const login = await get(ctx.app, '/login');
    expect(login.headers['x-cache']).toBeUndefined();
    expect(login.headers['cache-control']).not.toContain('public');
  });

  it('give every visitor without a seed the same page and ETag for a while, so a CDN revalidates with 304s', async () => {
    // Inside one stretch of the day (decision 0046); Date alone is faked, timers run as they do.
    const stretchStart = Math.ceil(Date.now() / SHARED_SEED_MS) * SHARED_SEED_MS;
    vi.useFakeTimers({ toFake: ['Date'], now: stretchStart + 60_000 });
    try {
      for (const url of ['/', '/products?category=Shoes', '/brands/testbrand']) {
        const etags = new Set<string>();
        for (let i = 0; i < 30; i++) {
          // Each made afresh, as 30 processes (or the same one after 30 changes) would make it.
          ctx.app.responseCache.clear('test');
          const res = await get(ctx.app, url, { 'accept-encoding': 'br' });
          expect(res.statusCode, url).toBe(200);
          etags.add(String(res.headers.etag));
          vi.setSystemTime(stretchStart + 60_000 + i * 60_000);
        }
        expect([...etags], url).toHaveLength(1);
        // A CDN revalidating its copy hears 304.
        expect((await get(ctx.app, url, { 'if-none-match': [...etags][0] ?? '' })).statusCode, url).toBe(304);
        // The next stretch brings the next of the day's orders to the front.
        vi.setSystemTime(stretchStart + SHARED_SEED_MS + 60_000);
        expect((await get(ctx.app, url)).headers.etag, url).not.toBe([...etags][0]);
        // A visitor with a seed keeps their own order, whatever the moment.
        const mine = await get(ctx.app, url, { cookie: `${SHUFFLE_SEED_COOKIE}=424242` });
        expect(/"seed":(\d+)/.exec(mine.body)?.[1], url).toBe('424242');
        vi.setSystemTime(stretchStart + 60_000);
      }
      expect(/"seed":(\d+)/.exec((await get(ctx.app, '/')).body)?.[1]).toBe(String(sharedSeedAt(new Date(stretchStart))));
    } finally {
      vi.useRealTimers();
    }
  });

  it('show a product change at once after the admin saves it', async () => {
    const [row] = await ctx.database.db.select().from(products).where(eq(products.title, 'Cached Item 5'));
    const path = `/products/cached-item-5-${row?.number}`;
    expect((await get(ctx.app, path)).statusCode).toBe(200);
    expect((await get(ctx.app, path)).headers['x-cache']).toBe('hit');
    const res = await send(ctx.app, 'PUT', `/api/admin/products/${row?.id}`, {
      cookie: admin,
      body: { title: 'Cached Item 5', price: 999, category: 'Shoes', gender: 'Men', link: 'https://store.example/5' },
    });
    expect(res.statusCode).toBe(200);
    const after = await get(ctx.app, path);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body).toContain('999');
  });
});

describe('kept API answers over a real connection', () => {
  it('go out before Fastify routes the request once Fastify has routed its address, with the same headers and body', async () => {
    // The test site has PUBLIC_URL set (pages too go out early; without it they are left to Fastify: see below).
    const other = await anotherAppOn(ctx, { responseCacheBytes: CACHE_BYTES, frontEnd: sourceFrontEnd() });
    try {
      const base = await other.listen({ port: 0, host: '127.0.0.1' });
      const fetched = async (path: string, init: RequestInit = {}) => {
        const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br' }, ...init });
        return { res, body: Buffer.from(await res.arrayBuffer()) };
      };
      const url = '/api/products?limit=6&seed=777';
      const first = await fetched(url);
      expect(first.res.headers.get('x-cache')).toBe('miss');
      const early = () => other.responseCache.stats().early;
      let before = early();
      const second = await fetched(url);
      expect(second.res.headers.get('x-cache')).toBe('hit');
      expect(early()).toBe(before + 1);
      expect(second.body.equals(first.body)).toBe(true);
      const comparable = (headers: Headers) => {
        const all = Object.fromEntries(headers);
        const { date: _date, 'x-cache': _cache, 'content-length': _length, ...rest } = all;
        return rest;
      };
      expect(comparable(second.res.headers)).toEqual(comparable(first.res.headers));
      expect(second.res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      // The visitor's copy is current: 304, also early.
      const etag = second.res.headers.get('etag') ?? '';
      const revalidated = await fetched(url, { headers: { 'if-none-match': etag } });
      expect(revalidated.res.status).toBe(304);
      expect(early()).toBe(before + 2);
      // Another spelling of the same answer is routed by Fastify once (a hit there), then goes early too.
      const spelled = '/api/products?seed=777&limit=6&utm=1';
      expect((await fetched(spelled)).res.headers.get('x-cache')).toBe('hit');
      expect(early()).toBe(before + 2);
      expect((await fetched(spelled)).res.headers.get('x-cache')).toBe('hit');
      expect(early()).toBe(before + 3);
      // A page's key also depends on the visitor's order and device: worked out from the headers, with PUBLIC_URL set.
      const visitor = (seed: number, phone = false) => ({
        headers: { 'accept-encoding': 'br', cookie: `${SHUFFLE_SEED_COOKIE}=${seed}`, ...(phone ? { 'sec-ch-ua-mobile': '?1' } : {}) },
      });
      const wide = await fetched('/', visitor(12345));
      expect(wide.res.headers.get('x-cache')).toBe('miss');
      const again = await fetched('/', visitor(12345));
      expect(again.res.headers.get('x-cache')).toBe('hit');
      expect(again.body.equals(wide.body)).toBe(true);
      expect(early()).toBe(before + 4);
      // Another order or device is another answer: not this one.
      expect((await fetched('/', visitor(54321))).res.headers.get('x-cache')).toBe('miss');
      expect((await fetched('/', visitor(12345, true))).res.headers.get('x-cache')).toBe('miss');
      expect(early()).toBe(before + 4);
      before += 1;
      // Dropped with the rest: the next request is made again, through Fastify.
      other.responseCache.clear('test');
      expect((await fetched(url)).res.headers.get('x-cache')).toBe('miss');
      expect(early()).toBe(before + 3);
    } finally {
      await other.close();
    }
  });

  it('leave pages to Fastify when the site has no PUBLIC_URL (the origin then comes from the request as Fastify reads it)', async () => {
    const other = await anotherAppOn(ctx, {
      responseCacheBytes: CACHE_BYTES,
      frontEnd: sourceFrontEnd(),
      config: { publicUrl: undefined },
    });
    try {
      const base = await other.listen({ port: 0, host: '127.0.0.1' });
      const headers = { cookie: `${SHUFFLE_SEED_COOKIE}=777` };
      await fetch(`${base}/`, { headers }).then((r) => r.arrayBuffer());
      const page = await fetch(`${base}/`, { headers });
      expect(page.headers.get('x-cache')).toBe('hit');
      expect(other.responseCache.stats().early).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe('two app processes on one database', () => {
  it('each drops its cache within a second of a change made through the other', async () => {
    const other = await anotherAppOn(ctx, { responseCacheBytes: CACHE_BYTES });
    try {
      const url = '/api/products?limit=48&seed=99';
      await get(other, url);
      expect((await get(other, url)).headers['x-cache']).toBe('hit');
      const created = await send(ctx.app, 'POST', '/api/admin/products', {
        cookie: admin,
        body: { title: 'Made In The First', price: 12, category: 'Shoes', gender: 'Women', link: 'https://store.example/first' },
      });
      expect(created.statusCode).toBe(201);
      const ms = await eventually(async () => (await get(other, url)).body.includes('Made In The First'));
      expect(ms).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  });
});
