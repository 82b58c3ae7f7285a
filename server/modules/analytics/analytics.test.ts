import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_MAX_RANGE_DAYS,
  ANALYTICS_RATE_LIMIT,
  ANALYTICS_REPEAT_WINDOW_SECONDS,
  ANALYTICS_RETENTION_DAYS,
  ANALYTICS_TEXTS,
} from '../../../common/analytics-constants';
import { addDays, todayUtc, type AnalyticsSummary } from '../../../common/schemas/analytics';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { createAnalyticsRepo } from './analytics.repo';
import { createAnalyticsService, isBot } from './analytics.service';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let ctx: TestContext;
let admin = '';
let user = '';
/** A client address of its own per test, so the per-client limit of one test never reaches the next. */
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'analytics-admin@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'analytics-user@example.com');
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.database.rows(sql`delete from analytics_events`);
  await ctx.database.rows(sql`delete from analytics_keys`);
  await clearCatalogue(ctx.database);
});

type BeaconOptions = { ip?: string; userAgent?: string | null; contentType?: string; origin?: string | null };

/** What the storefront's beacon sends: a same-origin POST with a JSON body and a browser's agent. */
function beacon(body: unknown, options: BeaconOptions = {}) {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  if (options.origin !== null) headers.origin = options.origin ?? TEST_ORIGIN;
  if (options.userAgent !== null) headers['user-agent'] = options.userAgent ?? CHROME;
  return ctx.app.inject({
    method: 'POST',
    url: ANALYTICS_EVENTS_PATH,
    remoteAddress: options.ip ?? '192.0.2.1',
    headers,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const click = (productId: string, options: BeaconOptions & { source?: 'buy' | 'image' } = {}) =>
  beacon({ kind: 'click', productId, source: options.source ?? 'buy' }, options);

async function events() {
  return ctx.database.rows<{ kind: string; product_id: string | null; category: string | null; source: string | null }>(
    sql`select kind, product_id, category, source from analytics_events order by id`,
  );
}
async function clicksOf(productId: string) {
  return (await events()).filter((e) => e.kind === 'click' && e.product_id === productId).length;
}
async function views() {
  return (await events()).filter((e) => e.kind === 'view').length;
}

describe('POST /api/analytics/events: counting', () => {
  it('counts a click once, with the category as it is now and where it came from, storing no personal data', async () => {
    const [shoe] = await insertProducts(ctx.database, [{ category: 'Shoes' }]);
    const ip = nextIp();
    const res = await click(shoe!.id, { ip, source: 'image' });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await events()).toEqual([{ kind: 'click', product_id: shoe!.id, category: 'Shoes', source: 'image' }]);

    // The counters hold keyed hashes only: neither the address nor the agent appears anywhere.
    const keys = await ctx.database.rows<{ key: string }>(sql`select key from analytics_keys`);
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) {
      expect(key).toMatch(/^(dedup|rate):[A-Za-z0-9_-]{43}$/);
      expect(key).not.toContain(ip);
    }
    const columns = await ctx.database.rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name in ('analytics_events', 'analytics_keys')`,
    );
    expect(columns.map((c) => c.column_name).sort()).toEqual(['category', 'hits', 'id', 'key', 'kind', 'occurred_at', 'product_id', 'source', 'window_start']);
  });

  it('does not count a repeat within the window, from either button; another visitor or product counts', async () => {
    const [a, b] = await insertProducts(ctx.database, [{}, {}]);
    const ip = nextIp();
    expect((await click(a!.id, { ip })).statusCode).toBe(204);
    expect((await click(a!.id, { ip })).statusCode).toBe(204);
    expect((await click(a!.id, { ip, source: 'image' })).statusCode).toBe(204);
    expect(await clicksOf(a!.id)).toBe(1);

    await click(a!.id, { ip: nextIp() });
    await click(a!.id, { ip, userAgent: PIXEL });
    await click(b!.id, { ip });
    expect(await clicksOf(a!.id)).toBe(3);
    expect(await clicksOf(b!.id)).toBe(1);
  });

  it('counts again once the window has passed', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const ip = nextIp();
    await click(a!.id, { ip });
    // Just inside the window: still a repeat.
    await ctx.database.rows(
      sql`update analytics_keys set window_start = now() - make_interval(secs => ${ANALYTICS_REPEAT_WINDOW_SECONDS - 2}) where key like 'dedup:%'`,
    );
    await click(a!.id, { ip });
    expect(await clicksOf(a!.id)).toBe(1);
    await ctx.database.rows(
      sql`update analytics_keys set window_start = now() - make_interval(secs => ${ANALYTICS_REPEAT_WINDOW_SECONDS + 1}) where key like 'dedup:%'`,
    );
    await click(a!.id, { ip });
    expect(await clicksOf(a!.id)).toBe(2);
    // The window starts again at the click that counted.
    await click(a!.id, { ip });
    expect(await clicksOf(a!.id)).toBe(2);
  });

  it('counts simultaneous duplicates (the two beacons of a double-click, retries) once', async () => {
    const [a, b] = await insertProducts(ctx.database, [{}, {}]);
    const ip = nextIp();
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => click(a!.id, { ip })),
      ...Array.from({ length: 8 }, () => beacon({ kind: 'view' }, { ip })),
      ...Array.from({ length: 4 }, () => click(b!.id, { ip, source: 'image' })),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(204));
    expect(await clicksOf(a!.id)).toBe(1);
    expect(await clicksOf(b!.id)).toBe(1);
    expect(await views()).toBe(1);
  });

  it('counts a finder view once per visitor within the window', async () => {
    const ip = nextIp();
    expect((await beacon({ kind: 'view' }, { ip })).statusCode).toBe(204);
    await beacon({ kind: 'view' }, { ip });
    expect(await views()).toBe(1);
    await beacon({ kind: 'view' }, { ip: nextIp() });
    expect(await views()).toBe(2);
    expect((await events()).filter((e) => e.kind === 'view')).toEqual([
      { kind: 'view', product_id: null, category: null, source: null },
      { kind: 'view', product_id: null, category: null, source: null },
    ]);
  });

  it('answers bots 204 and counts nothing', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const agents = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'facebookexternalhit/1.1',
      'Slackbot-LinkExpanding 1.0',
      'curl/8.5.0',
      'python-requests/2.32',
      'Wget/1.21',
      '   ',
    ];
    for (const userAgent of agents) {
      expect((await click(a!.id, { ip: nextIp(), userAgent })).statusCode, userAgent).toBe(204);
      expect((await beacon({ kind: 'view' }, { ip: nextIp(), userAgent })).statusCode, userAgent).toBe(204);
    }
    // An empty agent (the test client would fill in a missing one; isBot(undefined) is checked below).
    expect((await click(a!.id, { ip: nextIp(), userAgent: '' })).statusCode).toBe(204);
    expect(await events()).toEqual([]);
    expect(await ctx.database.rows(sql`select key from analytics_keys`)).toEqual([]);
  });

  it('recognises browsers as people', () => {
    for (const agent of [
      CHROME,
      PIXEL,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    ]) {
      expect(isBot(agent), agent).toBe(false);
    }
    expect(isBot(undefined)).toBe(true);
  });

  it('refuses an unknown product with 404 and counts nothing', async () => {
    await insertProducts(ctx.database, [{}]);
    const res = await click('00000000-0000-4000-8000-000000000000', { ip: nextIp() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: ANALYTICS_TEXTS.unknownProduct });
    expect(await events()).toEqual([]);
    expect(await ctx.database.rows(sql`select key from analytics_keys where key like 'dedup:%'`)).toEqual([]);
  });

  it('refuses a body that is not one of the two events', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const ip = nextIp();
    const bad = [
      { kind: 'purchase' },
      { kind: 'click', source: 'buy' },
      { kind: 'click', productId: 'not-an-id', source: 'buy' },
      { kind: 'click', productId: a!.id, source: 'menu' },
      { kind: 'click', productId: a!.id },
      [],
    ];
    for (const body of bad) {
      const res = await beacon(body, { ip });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await beacon('{"kind":', { ip })).statusCode).toBe(400);
    expect((await beacon({ kind: 'view', pad: 'x'.repeat(2000) }, { ip })).statusCode).toBe(413);
    expect(await events()).toEqual([]);
  });

  it('accepts the body as text/plain too (a beacon sent as a string)', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const res = await click(a!.id, { ip: nextIp(), contentType: 'text/plain;charset=UTF-8' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await clicksOf(a!.id)).toBe(1);
  });

  it("refuses another site's pages", async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const res = await click(a!.id, { ip: nextIp(), origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await events()).toEqual([]);
  });

  it('answers 429 past the per-client limit, counting nothing more; other clients go on', async () => {
    const [a, b] = await insertProducts(ctx.database, [{}, {}]);
    const ip = nextIp();
    for (let i = 0; i < ANALYTICS_RATE_LIMIT; i++) {
      expect((await beacon({ kind: 'view' }, { ip })).statusCode).toBe(204);
    }
    const limited = await click(a!.id, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: ANALYTICS_TEXTS.rateLimited });
    expect(await clicksOf(a!.id)).toBe(0);
    // A scan of product ids is limited as well.
    expect((await click('00000000-0000-4000-8000-000000000000', { ip })).statusCode).toBe(429);

    expect((await click(b!.id, { ip: nextIp() })).statusCode).toBe(204);
    expect(await clicksOf(b!.id)).toBe(1);

    // A new window lets the client in again.
    await ctx.database.rows(sql`update analytics_keys set window_start = now() - interval '2 minutes' where key like 'rate:%'`);
    expect((await click(a!.id, { ip })).statusCode).toBe(204);
    expect(await clicksOf(a!.id)).toBe(1);
  });
});

describe('analytics service rules', () => {
  it('keeps its counters per day: the same visitor the next day is a new key', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const repo = createAnalyticsRepo(ctx.database);
    let day = new Date('2026-03-01T23:59:50Z');
    const service = createAnalyticsService(repo, { secret: 'test secret', now: () => day });
    const client = { ip: '203.0.113.9', userAgent: CHROME };
    expect(await service.record({ kind: 'click', productId: a!.id, source: 'buy' }, client)).toBe('counted');
    expect(await service.record({ kind: 'click', productId: a!.id, source: 'buy' }, client)).toBe('repeat');
    day = new Date('2026-03-02T00:00:05Z');
    expect(await service.record({ kind: 'click', productId: a!.id, source: 'buy' }, client)).toBe('counted');
    expect(await ctx.database.rows(sql`select key from analytics_keys`)).toHaveLength(4);
  });

  it('takes its window and limit as options', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const service = createAnalyticsService(createAnalyticsRepo(ctx.database), { secret: 's', rules: { rateLimit: 2, repeatWindowSeconds: 0 } });
    const client = { ip: '203.0.113.10', userAgent: CHROME };
    expect(await service.record({ kind: 'click', productId: a!.id, source: 'buy' }, client)).toBe('counted');
    expect(await service.record({ kind: 'click', productId: a!.id, source: 'buy' }, client)).toBe('counted');
    await expect(service.record({ kind: 'view' }, client)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('sweeps events past the retention and counters past their window', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    await ctx.database.rows(sql`
      insert into analytics_events (kind, product_id, category, source, occurred_at) values
        ('click', ${a!.id}::uuid, 'Shoes', 'buy', now() - make_interval(days => ${ANALYTICS_RETENTION_DAYS + 1})),
        ('view', null, null, null, now() - make_interval(days => ${ANALYTICS_RETENTION_DAYS - 1})),
        ('view', null, null, null, now())`);
    await ctx.database.rows(sql`
      insert into analytics_keys (key, window_start, hits) values ('dedup:old', now() - interval '10 minutes', 1), ('rate:new', now(), 3)`);
    const service = createAnalyticsService(createAnalyticsRepo(ctx.database), { secret: 's' });
    expect(await service.sweep()).toMatchObject({ events: 1, keys: 1 });
    expect(await events()).toHaveLength(2);
    expect(await ctx.database.rows(sql`select key from analytics_keys`)).toEqual([{ key: 'rate:new' }]);
  });

  it('recounts the Popular order once a day: clicks of the 30 whole days before it', async () => {
    await ctx.database.rows(sql`delete from analytics_events`);
    await ctx.database.rows(sql`update popularity_state set counted_for = date '1970-01-01'`);
    const [a, b, c] = await insertProducts(ctx.database, [{}, {}, {}]);
    await ctx.database.rows(sql`update products set popularity = 7 where id = ${c!.id}::uuid`);
    const click = (id: string, at: string) =>
      sql`insert into analytics_events (kind, product_id, source, occurred_at) values ('click', ${id}::uuid, 'buy', ${at}::timestamptz)`;
    for (const at of ['2026-03-31T23:59:59Z', '2026-03-02T00:00:00Z', '2026-03-01T23:59:59Z', '2026-04-01T00:00:00Z']) {
      await ctx.database.rows(click(a!.id, at));
    }
    await ctx.database.rows(click(b!.id, '2026-03-15T12:00:00Z'));
    const service = createAnalyticsService(createAnalyticsRepo(ctx.database), { secret: 's', now: () => new Date('2026-04-01T10:00:00Z') });
    expect((await service.sweep()).popularity).toBe(3);
    const popularity = async (id: string) =>
      (await ctx.database.rows<{ p: number }>(sql`select popularity as p from products where id = ${id}::uuid`))[0]?.p;
    // 2 to 31 March: the day itself (1 April) and anything before 2 March are not counted.
    expect([await popularity(a!.id), await popularity(b!.id), await popularity(c!.id)]).toEqual([2, 1, 0]);
    // Done for the day, in this process or any other.
    expect((await service.sweep()).popularity).toBeNull();
  });
});

describe('GET /api/admin/analytics', () => {
  const figures = async (query: string, cookie = admin) => send(ctx.app, 'GET', `/api/admin/analytics${query}`, { cookie });

  /** Events written at known instants (the counting rules are covered above). */
  async function insertEvents(rows: Array<{ kind: 'click' | 'view'; productId?: string | null; category?: string | null; at: string }>) {
    for (const r of rows) {
      await ctx.database.rows(sql`
        insert into analytics_events (kind, product_id, category, source, occurred_at)
        values (${r.kind}, ${r.productId ?? null}::uuid, ${r.category ?? null}, ${r.kind === 'click' ? 'buy' : null}, ${r.at}::timestamptz)`);
    }
  }

  it('answers the figures of a known fixture', async () => {
    await insertCategories(ctx.database, [{ name: 'Shoes' }, { name: 'Jackets' }, { name: 'Hats' }]);
    const [shoe, jacket, bare, gone] = await insertProducts(ctx.database, [
      { title: 'Runner', category: 'Shoes' },
      { title: 'Parka', category: 'Jackets' },
      { title: 'Plain', category: null },
      { title: 'Old boot', category: 'shoes' },
      { title: 'Blank', category: '  ' },
    ]);
    await insertProducts(ctx.database, [{ category: 'Shoes' }, { category: 'Jackets' }]);
    const base = addDays(todayUtc(), -20);
    const day = (n: number, time = '12:00:00') => `${addDays(base, n)}T${time}Z`;
    await insertEvents([
      // Just outside the period on both ends.
      { kind: 'click', productId: shoe!.id, category: 'Shoes', at: `${addDays(base, -1)}T23:59:59.999Z` },
      { kind: 'view', at: `${addDays(base, 5)}T00:00:00Z` },
      // Day 0: 2 views, 3 clicks.
      { kind: 'view', at: day(0, '00:00:00') },
      { kind: 'view', at: day(0) },
      { kind: 'click', productId: shoe!.id, category: 'Shoes', at: day(0) },
      { kind: 'click', productId: shoe!.id, category: 'Shoes', at: day(0, '23:59:59.999') },
      { kind: 'click', productId: jacket!.id, category: 'Jackets', at: day(0) },
      // Day 1: nothing. Day 2: 2 views, 2 clicks (one on a product deleted since, one without a category).
      { kind: 'view', at: day(2) },
      { kind: 'view', at: day(2) },
      { kind: 'click', productId: gone!.id, category: 'shoes', at: day(2) },
      { kind: 'click', productId: bare!.id, category: null, at: day(2) },
      // Day 3: a click on a product since moved to another category counts in the category it had.
      { kind: 'click', productId: jacket!.id, category: 'Coats', at: day(3) },
    ]);
    await ctx.database.rows(sql`delete from products where id = ${gone!.id}::uuid`);

    const res = await figures(`?from=${base}&to=${addDays(base, 4)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AnalyticsSummary>();
    expect(body.from).toBe(base);
    expect(body.to).toBe(addDays(base, 4));
    expect(body.totals).toEqual({ clicks: 6, views: 4, clickThroughRate: 1.5 });
    expect(body.days).toEqual([
      { date: base, clicks: 3, views: 2 },
      { date: addDays(base, 1), clicks: 0, views: 0 },
      { date: addDays(base, 2), clicks: 2, views: 2 },
      { date: addDays(base, 3), clicks: 1, views: 0 },
      { date: addDays(base, 4), clicks: 0, views: 0 },
    ]);
    expect(body.topProducts).toEqual([
      { productId: jacket!.id, title: 'Parka', category: 'Jackets', clicks: 2 },
      { productId: shoe!.id, title: 'Runner', category: 'Shoes', clicks: 2 },
      { productId: bare!.id, title: 'Plain', category: null, clicks: 1 },
      { productId: null, title: null, category: null, clicks: 1 },
    ]);
    expect(body.categories).toEqual([
      { category: 'Shoes', clicks: 3, clickThroughRate: 0.75 },
      { category: 'Coats', clicks: 1, clickThroughRate: 0.25 },
      { category: 'Jackets', clicks: 1, clickThroughRate: 0.25 },
      { category: null, clicks: 1, clickThroughRate: 0.25 },
      { category: 'Hats', clicks: 0, clickThroughRate: 0 },
    ]);
    expect(body.distribution).toEqual([
      { category: 'Jackets', products: 2 },
      { category: 'Shoes', products: 2 },
      { category: null, products: 2 },
    ]);

    // A period without views has no rate rather than an infinite one.
    const noViews = (await figures(`?from=${addDays(base, 3)}&to=${addDays(base, 3)}`)).json<AnalyticsSummary>();
    expect(noViews.totals).toEqual({ clicks: 1, views: 0, clickThroughRate: null });
    expect(noViews.categories.find((c) => c.category === 'Coats')).toEqual({ category: 'Coats', clicks: 1, clickThroughRate: null });
  });

  it('lists at most ten top products', async () => {
    const products = await insertProducts(ctx.database, Array.from({ length: 12 }, (_, i) => ({ title: `P${String(i).padStart(2, '0')}` })));
    const now = new Date().toISOString();
    await insertEvents(products.flatMap((p, i) => Array.from({ length: i + 1 }, () => ({ kind: 'click' as const, productId: p.id, category: p.category, at: now }))));
    const body = (await figures('')).json<AnalyticsSummary>();
    expect(body.topProducts.map((p) => [p.title, p.clicks])).toEqual(
      Array.from({ length: 10 }, (_, i) => [`P${String(11 - i).padStart(2, '0')}`, 12 - i]),
    );
  });

  it('covers the last 30 days ending today by default, and either end alone', async () => {
    const today = todayUtc();
    const whole = (await figures('')).json<AnalyticsSummary>();
    expect(whole.to).toBe(today);
    expect(whole.from).toBe(addDays(today, -29));
    expect(whole.days).toHaveLength(30);
    expect(whole.days.every((d) => d.clicks === 0 && d.views === 0)).toBe(true);
    expect(whole.totals).toEqual({ clicks: 0, views: 0, clickThroughRate: null });
    expect(whole.topProducts).toEqual([]);

    const fromOnly = (await figures(`?from=${addDays(today, -6)}`)).json<AnalyticsSummary>();
    expect([fromOnly.from, fromOnly.to, fromOnly.days.length]).toEqual([addDays(today, -6), today, 7]);
    const toOnly = (await figures('?to=2026-01-31')).json<AnalyticsSummary>();
    expect([toOnly.from, toOnly.to]).toEqual(['2026-01-02', '2026-01-31']);
  });

  it('refuses a range that is backwards, too long or not made of real dates', async () => {
    const cases: Array<[string, string]> = [
      ['?from=2026-03-10&to=2026-03-01', 'To must be on or after From'],
      [`?from=2024-01-01&to=${addDays('2024-01-01', ANALYTICS_MAX_RANGE_DAYS)}`, `The period can be at most ${ANALYTICS_MAX_RANGE_DAYS} days`],
      ['?from=2026-02-30&to=2026-03-01', 'From must be a real date written YYYY-MM-DD'],
      ['?from=yesterday', 'From must be a real date written YYYY-MM-DD'],
      ['?to=2026-3-1', 'To must be a real date written YYYY-MM-DD'],
    ];
    for (const [query, message] of cases) {
      const res = await figures(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ code: string; message: string }>().code).toBe('VALIDATION');
      expect(res.json<{ message: string }>().message, query).toContain(message);
    }
    const longest = await figures(`?from=2024-01-01&to=${addDays('2024-01-01', ANALYTICS_MAX_RANGE_DAYS - 1)}`);
    expect(longest.statusCode).toBe(200);
    expect(longest.json<AnalyticsSummary>().days).toHaveLength(ANALYTICS_MAX_RANGE_DAYS);
  });

  it('is for admins only', async () => {
    expect((await figures('', '')).statusCode).toBe(401);
    expect((await figures('', user)).statusCode).toBe(403);
    expect((await figures('', admin)).statusCode).toBe(200);
  });
});
