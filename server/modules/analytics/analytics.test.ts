import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_MAX_RANGE_DAYS,
  ANALYTICS_RATE_LIMIT,
  ANALYTICS_REPEAT_WINDOW_SECONDS,
  ANALYTICS_RETENTION_DAYS,
} from '../../../common/analytics-constants';
import { ANALYTICS_TEXTS } from '../../../common/texts/analytics';
import { addDays, todayUtc, type AnalyticsSummary } from '../../../common/schemas/analytics';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { createAnalyticsRepo, LEGACY_VIEWS_MARKER } from './analytics.repo';
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
  await ctx.database.rows(sql`delete from analytics_visitors`);
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

const click = (productId: string, options: BeaconOptions & { source?: 'buy' | 'image' | 'page'; agent?: string } = {}) =>
  beacon({ kind: 'click', productId, source: options.source ?? 'buy', ...(options.agent ? { agent: options.agent } : {}) }, options);
const productView = (productId: string, options: BeaconOptions = {}) => beacon({ kind: 'product-view', productId }, options);
const promo = (source: 'signup' | 'join' | 'copy-code', options: BeaconOptions = {}) => beacon({ kind: 'promo', source }, options);

type EventRow = { kind: string; product_id: string | null; category: string | null; source: string | null; agent: string | null };
async function events(): Promise<EventRow[]> {
  return ctx.database.rows<EventRow>(sql`select kind, product_id, category, source, agent from analytics_events order by id`);
}
async function clicksOf(productId: string) {
  return (await events()).filter((e) => e.kind === 'click' && e.product_id === productId).length;
}
async function productViewsOf(productId: string) {
  return (await events()).filter((e) => e.kind === 'product-view' && e.product_id === productId).length;
}
async function visitorRows() {
  return ctx.database.rows<{ day: string; visitor: string }>(
    sql`select to_char(day, 'YYYY-MM-DD') as day, visitor from analytics_visitors order by day, visitor`,
  );
}
async function views() {
  return (await events()).filter((e) => e.kind === 'view').length;
}

describe('POST /api/analytics/events: counting', () => {
  it('keeps the agent of a click only when it names an agent the site has (a made-up name is kept as none)', async () => {
    const [hat] = await insertProducts(ctx.database, [{ category: 'Accessories' }]);
    expect((await click(hat!.id, { ip: nextIp(), agent: 'made-up-agent' })).statusCode).toBe(204);
    const stored = await ctx.database.rows<{ agent: string | null }>(
      sql`select agent from analytics_events where product_id = ${hat!.id}::uuid and kind = 'click'`,
    );
    expect(stored).toEqual([{ agent: null }]);
    await ctx.database.rows(sql`delete from analytics_events`);
  });

  it('counts a click once, with the category as it is now, where it came from and its agent, storing no personal data', async () => {
    const [shoe] = await insertProducts(ctx.database, [{ category: 'Shoes' }]);
    const ip = nextIp();
    const res = await click(shoe!.id, { ip, source: 'image', agent: 'kakobuy' });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    // The click implies the product was seen: its view is recorded with it.
    expect(await events()).toEqual([
      { kind: 'click', product_id: shoe!.id, category: 'Shoes', source: 'image', agent: 'kakobuy' },
      { kind: 'product-view', product_id: shoe!.id, category: 'Shoes', source: null, agent: null },
    ]);
    await promo('signup', { ip });
    await beacon({ kind: 'view' }, { ip });

    // The counters and the visitors hold keyed hashes only: neither the address nor the agent string appears anywhere.
    const keys = await ctx.database.rows<{ key: string }>(sql`select key from analytics_keys`);
    expect(keys.length).toBeGreaterThan(0);
    const visitors = await visitorRows();
    expect(visitors).toEqual([{ day: todayUtc(), visitor: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as string }]);
    for (const value of [...keys.map((k) => k.key), visitors[0]!.visitor]) {
      expect(value).toMatch(/^((day|dedup|rate):)?[A-Za-z0-9_-]{43}$/);
      expect(value).not.toContain(ip);
      expect(value).not.toContain('Chrome');
    }
    // The visitor is not any of the counters' keys (a hash of its own).
    expect(keys.map((k) => k.key.slice(k.key.indexOf(':') + 1))).not.toContain(visitors[0]!.visitor);
    const columns = await ctx.database.rows<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns
          where table_name in ('analytics_events', 'analytics_keys', 'analytics_visitors') and table_schema = current_schema()`,
    );
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`).sort()).toEqual([
      'analytics_events.agent',
      'analytics_events.category',
      'analytics_events.id',
      'analytics_events.kind',
      'analytics_events.occurred_at',
      'analytics_events.product_id',
      'analytics_events.source',
      'analytics_keys.hits',
      'analytics_keys.key',
      'analytics_keys.window_start',
      'analytics_visitors.day',
      'analytics_visitors.visitor',
    ]);
    // The events' agent column holds an agent's slug, never the visitor's agent string.
    expect((await events()).map((e) => e.agent)).toEqual(['kakobuy', null, null, null]);
  });

  it('counts a click once per visitor, product and day: repeats, other buttons and other agents add nothing', async () => {
    const [a, b] = await insertProducts(ctx.database, [{}, {}]);
    const ip = nextIp();
    expect((await click(a!.id, { ip, agent: 'cnfans' })).statusCode).toBe(204);
    expect((await click(a!.id, { ip, agent: 'cnfans' })).statusCode).toBe(204);
    expect((await click(a!.id, { ip, source: 'image' })).statusCode).toBe(204);
    expect((await click(a!.id, { ip, source: 'page', agent: 'kakobuy' })).statusCode).toBe(204);
    // Long after any short window: still the same day.
    await ctx.database.rows(sql`update analytics_keys set window_start = now() - interval '2 hours'`);
    await click(a!.id, { ip });
    expect(await clicksOf(a!.id)).toBe(1);
    expect((await events()).filter((e) => e.kind === 'click').map((e) => [e.source, e.agent])).toEqual([['buy', 'cnfans']]);

    // Another visitor (another address) or another product counts; another agent string from the same address does not.
    await click(a!.id, { ip: nextIp() });
    await click(a!.id, { ip, userAgent: PIXEL });
    await click(b!.id, { ip });
    expect(await clicksOf(a!.id)).toBe(2);
    expect(await clicksOf(b!.id)).toBe(1);
  });

  // Issue 25: one address sending 30 clicks with 30 different User-Agents counted 30, and the Popular order reads
  // these counts. A visitor is an address (an IPv4 address, an IPv6 /64) per product per day, whatever it claims to be.
  it('counts one address claiming 30 browsers as one visitor: one click, one view, one visitor', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + i}.0.0.0 Safari/537.36`;
      expect((await click(a!.id, { ip, userAgent })).statusCode).toBe(204);
      expect((await productView(a!.id, { ip, userAgent })).statusCode).toBe(204);
    }
    expect([await clicksOf(a!.id), await productViewsOf(a!.id)]).toEqual([1, 1]);
    expect(await visitorRows()).toHaveLength(1);
  });

  it('counts the addresses of one IPv6 /64 as one visitor, and another /64 or an IPv4 client apart', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const sameNetwork = ['2001:db8:25:1::1', '2001:db8:25:1:aaaa:bbbb:cccc:dddd', '2001:0db8:0025:0001::ff', '2001:db8:25:1:ffff::'];
    for (const [i, ip] of sameNetwork.entries()) await click(a!.id, { ip, userAgent: i % 2 ? PIXEL : CHROME });
    expect(await clicksOf(a!.id)).toBe(1);
    await click(a!.id, { ip: '2001:db8:25:2::1' });
    await click(a!.id, { ip: '::ffff:198.51.100.250' });
    await click(a!.id, { ip: '198.51.100.250' });
    expect(await clicksOf(a!.id)).toBe(3);
    expect(await visitorRows()).toHaveLength(3);
  });

  it('counts a product view once per visitor, product and day; a click implies a view, never a second one', async () => {
    const [a, b, c] = await insertProducts(ctx.database, [{ category: 'Shoes' }, {}, {}]);
    const ip = nextIp();
    // Viewed, then clicked: one view, one click.
    expect((await productView(a!.id, { ip })).statusCode).toBe(204);
    await productView(a!.id, { ip });
    await click(a!.id, { ip, source: 'page' });
    expect([await productViewsOf(a!.id), await clicksOf(a!.id)]).toEqual([1, 1]);
    // Clicked from a card without opening the page: the click records the view.
    await click(b!.id, { ip });
    expect([await productViewsOf(b!.id), await clicksOf(b!.id)]).toEqual([1, 1]);
    // ... and opening the page afterwards adds no second view.
    await productView(b!.id, { ip });
    expect(await productViewsOf(b!.id)).toBe(1);
    // A view alone is a view without a click.
    await productView(c!.id, { ip });
    await productView(c!.id, { ip: nextIp() });
    expect([await productViewsOf(c!.id), await clicksOf(c!.id)]).toEqual([2, 0]);
    expect((await events()).find((e) => e.kind === 'product-view' && e.product_id === a!.id)).toEqual({
      kind: 'product-view',
      product_id: a!.id,
      category: 'Shoes',
      source: null,
      agent: null,
    });
  });

  it('counts each referral button once per visitor, button and day', async () => {
    const ip = nextIp();
    for (const source of ['signup', 'signup', 'join', 'copy-code', 'copy-code', 'join'] as const) {
      expect((await promo(source, { ip })).statusCode).toBe(204);
    }
    await promo('copy-code', { ip: nextIp() });
    expect((await events()).map((e) => [e.kind, e.source, e.product_id])).toEqual([
      ['promo', 'signup', null],
      ['promo', 'join', null],
      ['promo', 'copy-code', null],
      ['promo', 'copy-code', null],
    ]);
  });

  it('counts a finder view again once the window has passed', async () => {
    const ip = nextIp();
    await beacon({ kind: 'view' }, { ip });
    // Just inside the window: still a repeat.
    await ctx.database.rows(
      sql`update analytics_keys set window_start = now() - make_interval(secs => ${ANALYTICS_REPEAT_WINDOW_SECONDS - 2}) where key like 'dedup:%'`,
    );
    await beacon({ kind: 'view' }, { ip });
    expect(await views()).toBe(1);
    await ctx.database.rows(
      sql`update analytics_keys set window_start = now() - make_interval(secs => ${ANALYTICS_REPEAT_WINDOW_SECONDS + 1}) where key like 'dedup:%'`,
    );
    await beacon({ kind: 'view' }, { ip });
    expect(await views()).toBe(2);
    // The window starts again at the view that counted.
    await beacon({ kind: 'view' }, { ip });
    expect(await views()).toBe(2);
  });

  it('adds each visitor to the day once, whatever they do', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const ip = nextIp();
    await beacon({ kind: 'view' }, { ip });
    await productView(a!.id, { ip });
    await click(a!.id, { ip });
    await promo('join', { ip });
    expect(await visitorRows()).toHaveLength(1);
    // Another browser at the same address is the same visitor; another address is another.
    await beacon({ kind: 'view' }, { ip, userAgent: PIXEL });
    expect(await visitorRows()).toHaveLength(1);
    await promo('join', { ip: nextIp() });
    expect(await visitorRows()).toHaveLength(2);
    // Bots, refused bodies and unknown products add no visitor.
    await beacon({ kind: 'view' }, { ip: nextIp(), userAgent: 'curl/8.5.0' });
    await productView('00000000-0000-4000-8000-000000000000', { ip: nextIp() });
    await beacon({ kind: 'promo', source: 'menu' }, { ip: nextIp() });
    expect(await visitorRows()).toHaveLength(2);
  });

  it('counts simultaneous duplicates (the two beacons of a double-click, retries) once', async () => {
    const [a, b] = await insertProducts(ctx.database, [{}, {}]);
    const ip = nextIp();
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => click(a!.id, { ip })),
      ...Array.from({ length: 8 }, () => beacon({ kind: 'view' }, { ip })),
      ...Array.from({ length: 4 }, () => click(b!.id, { ip, source: 'image' })),
      ...Array.from({ length: 4 }, () => productView(b!.id, { ip })),
      ...Array.from({ length: 4 }, () => promo('copy-code', { ip })),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(28).fill(204));
    expect(await clicksOf(a!.id)).toBe(1);
    expect(await clicksOf(b!.id)).toBe(1);
    expect(await productViewsOf(a!.id)).toBe(1);
    expect(await productViewsOf(b!.id)).toBe(1);
    expect(await views()).toBe(1);
    expect((await events()).filter((e) => e.kind === 'promo')).toHaveLength(1);
    expect(await visitorRows()).toHaveLength(1);
  });

  it('counts a finder view once per visitor within the window', async () => {
    const ip = nextIp();
    expect((await beacon({ kind: 'view' }, { ip })).statusCode).toBe(204);
    await beacon({ kind: 'view' }, { ip });
    expect(await views()).toBe(1);
    await beacon({ kind: 'view' }, { ip: nextIp() });
    expect(await views()).toBe(2);
    expect((await events()).filter((e) => e.kind === 'view')).toEqual([
      { kind: 'view', product_id: null, category: null, source: null, agent: null },
      { kind: 'view', product_id: null, category: null, source: null, agent: null },
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
      expect((await productView(a!.id, { ip: nextIp(), userAgent })).statusCode, userAgent).toBe(204);
      expect((await promo('signup', { ip: nextIp(), userAgent })).statusCode, userAgent).toBe(204);
    }
    // An empty agent (the test client would fill in a missing one; isBot(undefined) is checked below).
    expect((await click(a!.id, { ip: nextIp(), userAgent: '' })).statusCode).toBe(204);
    expect(await events()).toEqual([]);
    expect(await ctx.database.rows(sql`select key from analytics_keys`)).toEqual([]);
    expect(await visitorRows()).toEqual([]);
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
    for (const send of [click, productView]) {
      const res = await send('00000000-0000-4000-8000-000000000000', { ip: nextIp() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: ANALYTICS_TEXTS.unknownProduct });
    }
    expect(await events()).toEqual([]);
    expect(await ctx.database.rows(sql`select key from analytics_keys where key not like 'rate:%'`)).toEqual([]);
  });

  it('refuses a body that is not one of the four events', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const ip = nextIp();
    const bad = [
      { kind: 'purchase' },
      { kind: 'click', source: 'buy' },
      { kind: 'click', productId: 'not-an-id', source: 'buy' },
      { kind: 'click', productId: a!.id, source: 'menu' },
      { kind: 'click', productId: a!.id },
      { kind: 'click', productId: a!.id, source: 'buy', agent: 'Kakobuy' },
      { kind: 'click', productId: a!.id, source: 'buy', agent: '-kakobuy' },
      { kind: 'click', productId: a!.id, source: 'buy', agent: 'a'.repeat(41) },
      { kind: 'click', productId: a!.id, source: 'buy', agent: 7 },
      { kind: 'product-view' },
      { kind: 'product-view', productId: 'nope' },
      { kind: 'promo' },
      { kind: 'promo', source: 'buy' },
      [],
    ];
    for (const body of bad) {
      const res = await beacon(body, { ip });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await beacon({ kind: 'promo', source: 'join', productId: a!.id }, { ip })).statusCode).toBe(204);
    expect((await beacon({ kind: 'click', productId: a!.id, source: 'buy', agent: 'a'.repeat(40) }, { ip })).statusCode).toBe(204);
    await ctx.database.rows(sql`delete from analytics_events`);
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
  it('hashes with a random key of the day, shared by every process and forgotten once the day is over', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const repo = createAnalyticsRepo(ctx.database);
    await ctx.database.rows(sql`delete from app_secrets where name like 'analytics-day:%'`);
    let at = new Date('2026-03-01T23:59:50Z');
    const one = createAnalyticsService(repo, { secret: 'test secret', now: () => at });
    const other = createAnalyticsService(repo, { secret: 'test secret', now: () => at });
    const client = { ip: '203.0.113.9', userAgent: CHROME };
    const dayKeys = async () =>
      (await ctx.database.rows<{ name: string }>(sql`select name from app_secrets where name like 'analytics-day:%' order by name`)).map(
        (r) => r.name,
      );

    expect(await one.record({ kind: 'click', productId: a!.id, source: 'buy' }, client)).toBe('counted');
    // Another process hashes alike: the same visitor's repeat on the same day.
    expect(await other.record({ kind: 'click', productId: a!.id, source: 'image' }, client)).toBe('repeat');
    expect(await other.record({ kind: 'promo', source: 'join' }, client)).toBe('counted');
    expect(await dayKeys()).toEqual(['analytics-day:2026-03-01']);

    at = new Date('2026-03-02T00:00:05Z');
    // A new day: the same visitor counts again, under a visitor hash that cannot be linked to yesterday's.
    expect(await one.record({ kind: 'click', productId: a!.id, source: 'buy' }, client)).toBe('counted');
    expect(await other.record({ kind: 'promo', source: 'join' }, client)).toBe('counted');
    const visitors = await visitorRows();
    expect(visitors.map((v) => v.day)).toEqual(['2026-03-01', '2026-03-02']);
    expect(visitors[0]!.visitor).not.toBe(visitors[1]!.visitor);
    // Yesterday's key is gone with the first event of the new day: its hashes cannot be made again.
    expect(await dayKeys()).toEqual(['analytics-day:2026-03-02']);
    // The events fall on the day of their key.
    const days = await ctx.database.rows<{ day: string; kind: string }>(
      sql`select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day, kind from analytics_events order by id`,
    );
    expect(days).toEqual([
      { day: '2026-03-01', kind: 'click' },
      { day: '2026-03-01', kind: 'product-view' },
      { day: '2026-03-01', kind: 'promo' },
      { day: '2026-03-02', kind: 'click' },
      { day: '2026-03-02', kind: 'product-view' },
      { day: '2026-03-02', kind: 'promo' },
    ]);
    await ctx.database.rows(sql`delete from app_secrets where name like 'analytics-day:%'`);
  });

  it('makes a new random key for a day it does not know, so its hashes differ from any before', async () => {
    const repo = createAnalyticsRepo(ctx.database);
    const at = new Date('2026-03-05T10:00:00Z');
    const client = { ip: '203.0.113.11', userAgent: CHROME };
    const run = async () => {
      await createAnalyticsService(repo, { secret: 'test secret', now: () => at }).record({ kind: 'promo', source: 'signup' }, client);
      await ctx.database.rows(sql`delete from app_secrets where name like 'analytics-day:%'`);
      return (await visitorRows()).map((v) => v.visitor);
    };
    const first = await run();
    await ctx.database.rows(sql`delete from analytics_visitors`);
    const second = await run();
    // Same secret, same day, same visitor: once the day's key is gone, the hash cannot be made again.
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(first[0]).not.toBe(second[0]);
  });

  it('takes its window and limit as options', async () => {
    const service = createAnalyticsService(createAnalyticsRepo(ctx.database), {
      secret: 's',
      rules: { rateLimit: 2, repeatWindowSeconds: 0 },
    });
    const client = { ip: '203.0.113.10', userAgent: CHROME };
    expect(await service.record({ kind: 'view' }, client)).toBe('counted');
    expect(await service.record({ kind: 'view' }, client)).toBe('counted');
    await expect(service.record({ kind: 'view' }, client)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('sweeps whole days past the retention, counters past their window and the keys of past days', async () => {
    const [a] = await insertProducts(ctx.database, [{}]);
    const today = todayUtc();
    const oldest = addDays(today, -ANALYTICS_RETENTION_DAYS);
    await ctx.database.rows(sql`
      insert into analytics_events (kind, product_id, category, source, occurred_at) values
        ('click', ${a!.id}::uuid, 'Shoes', 'buy', ${`${addDays(oldest, -1)}T23:59:59Z`}::timestamptz),
        ('product-view', ${a!.id}::uuid, 'Shoes', null, ${`${addDays(oldest, -1)}T00:00:00Z`}::timestamptz),
        ('view', null, null, null, ${`${oldest}T00:00:00Z`}::timestamptz),
        ('view', null, null, null, now())`);
    await ctx.database.rows(sql`
      insert into analytics_visitors (day, visitor) values
        (${addDays(oldest, -1)}::date, 'old'), (${oldest}::date, 'kept'), (${today}::date, 'today')`);
    await ctx.database.rows(sql`
      insert into analytics_keys (key, window_start, hits) values
        ('dedup:old', now() - interval '10 minutes', 1), ('rate:new', now(), 3),
        ('day:yesterday', now() - interval '25 hours', 1), ('day:today', now() - interval '10 hours', 1)`);
    await ctx.database.rows(sql`
      insert into app_secrets (name, value) values
        (${`analytics-day:${addDays(today, -1)}`}, 'x'), (${`analytics-day:${today}`}, 'y')
      on conflict do nothing`);
    const service = createAnalyticsService(createAnalyticsRepo(ctx.database), { secret: 's' });
    expect(await service.sweep()).toMatchObject({ events: 2, visitors: 1, keys: 2, dayKeys: 1 });
    expect((await events()).map((e) => e.kind)).toEqual(['view', 'view']);
    expect((await visitorRows()).map((v) => v.visitor)).toEqual(['kept', 'today']);
    expect((await ctx.database.rows<{ key: string }>(sql`select key from analytics_keys order by key`)).map((k) => k.key)).toEqual([
      'day:today',
      'rate:new',
    ]);
    expect(await ctx.database.rows(sql`select name from app_secrets where name like 'analytics-day:%'`)).toEqual([
      { name: `analytics-day:${today}` },
    ]);
  });

  it('gives the clicks recorded before product views were counted their implied views, once', async () => {
    const [a, b] = await insertProducts(ctx.database, [{ category: 'Shoes' }, {}]);
    await ctx.database.rows(sql`delete from app_secrets where name = ${LEGACY_VIEWS_MARKER}`);
    // Before issue 16: clicks only (two on one day within the old 30 s rule), and a product deleted since.
    await ctx.database.rows(sql`
      insert into analytics_events (kind, product_id, category, source, occurred_at) values
        ('click', ${a!.id}::uuid, 'Shoes', 'buy', '2026-01-10T10:00:00Z'),
        ('click', ${a!.id}::uuid, 'Shoes', 'image', '2026-01-10T11:00:00Z'),
        ('click', ${a!.id}::uuid, 'Shoes', 'buy', '2026-01-11T09:00:00Z'),
        ('click', null, 'Hats', 'buy', '2026-01-11T09:00:00Z'),
        ('click', ${b!.id}::uuid, 'Shoes', 'buy', '2026-01-12T09:00:00Z'),
        ('product-view', ${b!.id}::uuid, 'Shoes', null, '2026-01-12T08:00:00Z')`);
    const service = createAnalyticsService(createAnalyticsRepo(ctx.database), { secret: 's' });
    expect((await service.sweep()).legacyViews).toBe(4);
    const added = await ctx.database.rows<{ product_id: string | null; category: string | null; day: string; n: number }>(sql`
      select product_id, category, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
      from analytics_events where kind = 'product-view' group by 1, 2, 3 order by 3, 1 nulls last`);
    expect(added).toEqual([
      { product_id: a!.id, category: 'Shoes', day: '2026-01-10', n: 2 },
      { product_id: a!.id, category: 'Shoes', day: '2026-01-11', n: 1 },
      { product_id: null, category: 'Hats', day: '2026-01-11', n: 1 },
      { product_id: b!.id, category: 'Shoes', day: '2026-01-12', n: 1 },
    ]);
    // Done once, by whichever process came first.
    expect((await service.sweep()).legacyViews).toBeNull();
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

  type Kind = 'click' | 'view' | 'product-view' | 'promo';
  /** Events written at known instants (the counting rules are covered above). */
  async function insertEvents(
    rows: Array<{ kind: Kind; productId?: string | null; category?: string | null; source?: string; agent?: string; at: string }>,
  ) {
    for (const r of rows) {
      const source = r.source ?? (r.kind === 'click' ? 'buy' : null);
      await ctx.database.rows(sql`
        insert into analytics_events (kind, product_id, category, source, agent, occurred_at)
        values (${r.kind}, ${r.productId ?? null}::uuid, ${r.category ?? null}, ${source}, ${r.agent ?? null}, ${r.at}::timestamptz)`);
    }
  }
  /** A click as the service records it: with its product view. */
  const clickWithView = (productId: string, category: string | null, at: string, agent?: string) => [
    { kind: 'click' as const, productId, category, at, ...(agent ? { agent } : {}) },
    { kind: 'product-view' as const, productId, category, at },
  ];
  const visitorsOn = async (day: string, n: number) => {
    for (let i = 0; i < n; i++)
      await ctx.database.rows(sql`insert into analytics_visitors (day, visitor) values (${day}::date, ${`v${i}`})`);
  };

  it('answers the figures of a known fixture', async () => {
    await insertCategories(ctx.database, [{ name: 'Shoes' }, { name: 'Jackets' }, { name: 'Hats' }]);
    await ctx.database.rows(sql`
      insert into agents (slug, name, link_template) values ('f-test-agent', 'Test Agent', 'https://agent.example/{url}')
      on conflict (slug) do update set name = excluded.name`);
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
      ...clickWithView(shoe!.id, 'Shoes', `${addDays(base, -1)}T23:59:59.999Z`),
      { kind: 'view', at: `${addDays(base, 5)}T00:00:00Z` },
      // Day 0: 2 finder views, 3 clicks (two visitors on the shoe) and 4 product views, promo buttons.
      { kind: 'view', at: day(0, '00:00:00') },
      { kind: 'view', at: day(0) },
      ...clickWithView(shoe!.id, 'Shoes', day(0), 'f-test-agent'),
      ...clickWithView(shoe!.id, 'Shoes', day(0, '23:59:59.999'), 'f-test-agent'),
      ...clickWithView(jacket!.id, 'Jackets', day(0), 'gone-agent'),
      { kind: 'product-view', productId: jacket!.id, category: 'Jackets', at: day(0) },
      { kind: 'promo', source: 'signup', at: day(0) },
      { kind: 'promo', source: 'copy-code', at: day(0) },
      { kind: 'promo', source: 'copy-code', at: day(0) },
      // Day 1: nothing. Day 2: 2 finder views, 2 clicks (one on a product deleted since, one without a category).
      { kind: 'view', at: day(2) },
      { kind: 'view', at: day(2) },
      ...clickWithView(gone!.id, 'shoes', day(2)),
      ...clickWithView(bare!.id, null, day(2)),
      { kind: 'promo', source: 'join', at: day(2) },
      // Day 3: a click recorded under the category the product had then ('Coats') counts under its category now.
      ...clickWithView(jacket!.id, 'Coats', day(3)),
    ]);
    await visitorsOn(addDays(base, -1), 1);
    await visitorsOn(base, 3);
    await visitorsOn(addDays(base, 2), 2);
    await visitorsOn(addDays(base, 3), 1);
    await ctx.database.rows(sql`delete from products where id = ${gone!.id}::uuid`);

    const res = await figures(`?from=${base}&to=${addDays(base, 4)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AnalyticsSummary>();
    expect(body.from).toBe(base);
    expect(body.to).toBe(addDays(base, 4));
    expect(body.totals).toEqual({
      from: base,
      to: addDays(base, 4),
      clicks: 6,
      productViews: 7,
      clickThroughRate: 6 / 7,
      visitors: 6,
      finderViews: 4,
      promo: { signup: 1, join: 1, copyCode: 2 },
    });
    expect(body.previous).toEqual({
      from: addDays(base, -5),
      to: addDays(base, -1),
      clicks: 1,
      productViews: 1,
      clickThroughRate: 1,
      visitors: 1,
      finderViews: 0,
      promo: { signup: 0, join: 0, copyCode: 0 },
    });
    expect(body.agents).toEqual([
      { agent: null, name: null, clicks: 3 },
      { agent: 'f-test-agent', name: 'Test Agent', clicks: 2 },
      { agent: 'gone-agent', name: null, clicks: 1 },
    ]);
    expect(body.days).toEqual([
      { date: base, clicks: 3, productViews: 4, visitors: 3, finderViews: 2 },
      { date: addDays(base, 1), clicks: 0, productViews: 0, visitors: 0, finderViews: 0 },
      { date: addDays(base, 2), clicks: 2, productViews: 2, visitors: 2, finderViews: 2 },
      { date: addDays(base, 3), clicks: 1, productViews: 1, visitors: 1, finderViews: 0 },
      { date: addDays(base, 4), clicks: 0, productViews: 0, visitors: 0, finderViews: 0 },
    ]);
    expect(body.topProducts).toEqual([
      { productId: jacket!.id, title: 'Parka', category: 'Jackets', clicks: 2, productViews: 3, clickThroughRate: 2 / 3 },
      { productId: shoe!.id, title: 'Runner', category: 'Shoes', clicks: 2, productViews: 2, clickThroughRate: 1 },
      { productId: bare!.id, title: 'Plain', category: null, clicks: 1, productViews: 1, clickThroughRate: 1 },
      { productId: null, title: null, category: null, clicks: 1, productViews: 1, clickThroughRate: 1 },
    ]);
    // Categories as they are now: the jacket's 'Coats' click is a Jackets click; the deleted boot a row of its own.
    expect(body.categories).toEqual([
      { category: 'Jackets', deleted: false, clicks: 2, productViews: 3, clickThroughRate: 2 / 3 },
      { category: 'Shoes', deleted: false, clicks: 2, productViews: 2, clickThroughRate: 1 },
      { category: null, deleted: false, clicks: 1, productViews: 1, clickThroughRate: 1 },
      { category: null, deleted: true, clicks: 1, productViews: 1, clickThroughRate: 1 },
      { category: 'Hats', deleted: false, clicks: 0, productViews: 0, clickThroughRate: null },
    ]);
    expect(body.distribution).toEqual([
      { category: 'Jackets', products: 2 },
      { category: 'Shoes', products: 2 },
      { category: null, products: 2 },
    ]);

    // A period without product views has no rate rather than an infinite one.
    const quiet = (await figures(`?from=${addDays(base, 4)}&to=${addDays(base, 4)}`)).json<AnalyticsSummary>();
    expect(quiet.totals).toMatchObject({ clicks: 0, productViews: 0, clickThroughRate: null });
    expect(quiet.previous).toMatchObject({ from: addDays(base, 3), to: addDays(base, 3), clicks: 1, productViews: 1, clickThroughRate: 1 });
    await ctx.database.rows(sql`delete from agents where slug = 'f-test-agent'`);
  });

  it('keeps clicks at or below product views for every day, product and category, whatever visitors do', async () => {
    await insertCategories(ctx.database, [{ name: 'Shoes' }, { name: 'Hats' }]);
    const products = await insertProducts(ctx.database, [
      { category: 'Shoes' },
      { category: 'Shoes' },
      { category: 'Hats' },
      { category: null },
    ]);
    // A fixed pseudo-random walk of 4 visitors over 2 days: clicks, views, repeats, recategorising, a deletion.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor(seed / 65536) % n;
    };
    const clients = ['203.0.113.21', '203.0.113.22', '203.0.113.23', '203.0.113.24'];
    let at = new Date(`${addDays(todayUtc(), -2)}T22:00:00Z`);
    const service = createAnalyticsService(createAnalyticsRepo(ctx.database), { secret: 's', rules: { rateLimit: 10_000 }, now: () => at });
    for (let step = 0; step < 160; step++) {
      if (step === 80) at = new Date(`${addDays(todayUtc(), -1)}T01:00:00Z`);
      if (step === 100) await ctx.database.rows(sql`update products set category = 'Hats' where id = ${products[0]!.id}::uuid`);
      if (step === 120) await ctx.database.rows(sql`delete from products where id = ${products[1]!.id}::uuid`);
      const client = { ip: clients[random(clients.length)]!, userAgent: CHROME };
      const productId = products[random(products.length)]!.id;
      const sources = ['buy', 'image', 'page'] as const;
      const event =
        random(3) === 0
          ? ({ kind: 'product-view', productId } as const)
          : ({ kind: 'click', productId, source: sources[random(3)]!, agent: random(2) ? 'cnfans' : undefined } as const);
      try {
        await service.record(event.kind === 'click' && !event.agent ? { kind: 'click', productId, source: event.source } : event, client);
      } catch (err) {
        // The deleted product is unknown now.
        expect(err).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    const body = (await figures(`?from=${addDays(todayUtc(), -2)}&to=${todayUtc()}`)).json<AnalyticsSummary>();
    expect(body.totals.clicks).toBeGreaterThan(10);
    expect(body.totals.clicks).toBeLessThan(body.totals.productViews);
    for (const row of [body.totals, ...body.days, ...body.topProducts, ...body.categories]) {
      expect(row.clicks, JSON.stringify(row)).toBeLessThanOrEqual(row.productViews);
    }
    for (const row of [body.totals, ...body.topProducts, ...body.categories]) {
      if (row.clickThroughRate !== null) expect(row.clickThroughRate).toBeLessThanOrEqual(1);
    }
    // At most one click per visitor, product and day: 4 visitors × 4 products × 2 days.
    expect(body.totals.clicks).toBeLessThanOrEqual(32);
    expect(body.totals.visitors).toBe(8);
    expect(body.categories.find((c) => c.deleted)?.clicks).toBeGreaterThan(0);
  });

  it('lists at most ten top products', async () => {
    const products = await insertProducts(
      ctx.database,
      Array.from({ length: 12 }, (_, i) => ({ title: `P${String(i).padStart(2, '0')}` })),
    );
    const now = new Date().toISOString();
    await insertEvents(products.flatMap((p, i) => Array.from({ length: i + 1 }, () => clickWithView(p.id, p.category, now)).flat()));
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
    expect(whole.days.every((d) => d.clicks === 0 && d.productViews === 0 && d.visitors === 0 && d.finderViews === 0)).toBe(true);
    expect(whole.totals).toMatchObject({ clicks: 0, productViews: 0, clickThroughRate: null, visitors: 0, finderViews: 0 });
    expect(whole.previous).toMatchObject({ from: addDays(today, -59), to: addDays(today, -30) });
    expect(whole.topProducts).toEqual([]);
    expect(whole.agents).toEqual([]);

    const fromOnly = (await figures(`?from=${addDays(today, -6)}`)).json<AnalyticsSummary>();
    expect([fromOnly.from, fromOnly.to, fromOnly.days.length]).toEqual([addDays(today, -6), today, 7]);
    const toOnly = (await figures('?to=2026-01-31')).json<AnalyticsSummary>();
    expect([toOnly.from, toOnly.to]).toEqual(['2026-01-02', '2026-01-31']);
  });

  it('refuses a range that is backwards, too long or not made of real dates', async () => {
    const cases: Array<[string, string]> = [
      ['?from=2026-03-10&to=2026-03-01', 'To must be on or after From'],
      [
        `?from=2024-01-01&to=${addDays('2024-01-01', ANALYTICS_MAX_RANGE_DAYS)}`,
        `The period can be at most ${ANALYTICS_MAX_RANGE_DAYS} days`,
      ],
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
