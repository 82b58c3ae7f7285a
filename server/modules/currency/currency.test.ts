import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminCurrencies, CurrencyRates } from '../../../common/schemas/currency';
import { auditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { insertProducts } from '../../test/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { createUnitOfWork } from '../../db/unit-of-work';
import { createAuditRepo } from '../audit/audit.repo';
import { createCurrencyRepo } from './currency.repo';
import { createCurrencyService, type CurrencySettings } from './currency.service';
import { renderHead } from '../pages/head';
import { createPagesService } from '../pages/pages.service';
import { parseFeed } from './rates-feed';

let ctx: TestContext;
let admin = '';
let user = '';
let feed: http.Server;
let feedUrl = '';
let hits = 0;

/** A local rates feed: the shapes public feeds send, and the ways one fails. */
function startFeed(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    hits++;
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    switch (req.url) {
      case '/usd':
        return json({ result: 'success', base_code: 'USD', rates: { USD: 1, EUR: 0.92, JPY: 151.37, GBP: 0.79, XAU: 0.0004 } });
      case '/eur':
        return json({ amount: 1, base: 'EUR', date: '2026-11-24', rates: { USD: 1.08, GBP: 0.85, CNY: 7.8 } });
      case '/not-json':
        return res.end('<html>rates</html>');
      case '/no-rates':
        return json({ hello: 'world' });
      case '/big':
        res.setHeader('content-type', 'application/json');
        return res.end(`{"base":"USD","rates":{},"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`);
      case '/slow':
        // Never answers: the feed's time limit must give up on it.
        return undefined;
      default:
        res.statusCode = 500;
        return res.end('down');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  feed = await startFeed();
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
  ctx = await createTestApp({ ratesUrl: `${feedUrl}/usd`, importAllowPrivateHosts: true });
  admin = await signedInAs(ctx.app, 'currency-admin@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'currency-user@example.com');
});
afterAll(async () => {
  await ctx?.close();
  feed.closeAllConnections();
  await new Promise((resolve) => feed.close(resolve));
});
beforeEach(async () => {
  await ctx.database.rows(sql`delete from currency_rates`);
  hits = 0;
});

const put = (body: unknown, cookie = admin) => send(ctx.app, 'PUT', '/api/admin/currencies', { cookie, body });
const publicRates = async () => (await send(ctx.app, 'GET', '/api/currencies')).json<CurrencyRates>();
const adminView = async () => {
  const res = await send(ctx.app, 'GET', '/api/admin/currencies', { cookie: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminCurrencies>();
};

/** A service over the test database, its changes through a unit of work as composition.ts builds it. */
function currencyService(settings: CurrencySettings) {
  const { transaction } = createUnitOfWork(ctx.database, (db) => ({ currency: createCurrencyRepo(db), audit: createAuditRepo(db) }));
  return createCurrencyService(createCurrencyRepo(ctx.database), transaction, settings);
}

/** A service over the test database with its own feed address and limits. */
function serviceWith(settings: Partial<CurrencySettings> & { path?: string } = {}) {
  const { path = '/usd', ...rest } = settings;
  return currencyService({
    base: 'USD',
    feed: { url: `${feedUrl}${path}`, allowPrivate: true, timeoutMs: 500 },
    ...rest,
  });
}

describe('GET /api/currencies', () => {
  it('gives the base and no rates on a new site, in the public settings too', async () => {
    expect(await publicRates()).toEqual({ base: 'USD', rates: [] });
    expect((await send(ctx.app, 'GET', '/api/site')).json()).toMatchObject({ baseCurrency: 'USD' });
  });

  it("lists the rates admins set, with their time, never the base's own row", async () => {
    expect(
      (
        await put({
          rates: [
            { currency: 'EUR', rate: 0.92 },
            { currency: 'JPY', rate: 151.37 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    await ctx.app.services.currency.refresh(new Date('2026-11-24T08:00:00Z'));
    const body = await publicRates();
    expect(body.base).toBe('USD');
    expect(body.rates.map((r) => r.currency)).toEqual(['EUR', 'GBP', 'JPY']);
    expect(body.rates[0]?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('/api/admin/currencies', () => {
  it('shows every display currency but the base, with or without a rate', async () => {
    await put({ rates: [{ currency: 'EUR', rate: 0.92 }] });
    const view = await adminView();
    expect(view.base).toBe('USD');
    expect(view.feed).toEqual({ configured: true, refreshedAt: null });
    expect(view.currencies.map((c) => c.currency)).not.toContain('USD');
    expect(view.currencies).toHaveLength(13);
    expect(view.currencies.find((c) => c.currency === 'EUR')).toMatchObject({ rate: 0.92, source: 'admin' });
    expect(view.currencies.find((c) => c.currency === 'GBP')).toEqual({ currency: 'GBP', rate: null, source: null, updatedAt: null });
  });

  it('sets and clears rates, keeps the others, and records the change', async () => {
    await put({
      rates: [
        { currency: 'EUR', rate: 0.92 },
        { currency: 'GBP', rate: 0.79 },
      ],
    });
    const res = await put({
      rates: [
        { currency: 'EUR', rate: null },
        { currency: 'CAD', rate: 1.3712345 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rates = Object.fromEntries(res.json<AdminCurrencies>().currencies.map((c) => [c.currency, c.rate]));
    expect(rates).toMatchObject({ EUR: null, GBP: 0.79, CAD: 1.3712345 });
    const entry = (await auditEntries(ctx.database, 'currency-rates')).at(-1);
    expect(entry).toMatchObject({ subject: 'EUR, CAD', actorEmail: 'currency-admin@example.com' });
    expect(entry?.details).toEqual({ base: 'USD', changes: { EUR: { from: 0.92, to: null }, CAD: { from: null, to: 1.3712345 } } });
  });

  it('refuses bad rates with a sentence', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ rates: [{ currency: 'EUR', rate: 0 }] }, /above 0/],
      [{ rates: [{ currency: 'EUR', rate: -2 }] }, /above 0/],
      [{ rates: [{ currency: 'EUR', rate: 1e9 }] }, /between 0.00001 and 100,000/],
      [{ rates: [{ currency: 'EUR', rate: '0.9' }] }, /must be a number/],
      [{ rates: [{ currency: 'XYZ', rate: 1 }] }, /Currency must be one of USD, EUR/],
      [{ rates: [{ currency: 'USD', rate: 2 }] }, /USD is the base currency/],
      [
        {
          rates: [
            { currency: 'EUR', rate: 1 },
            { currency: 'EUR', rate: 2 },
          ],
        },
        /each currency once/,
      ],
      [{ rates: [] }, /at least one rate/],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await adminView()).currencies.every((c) => c.rate === null)).toBe(true);
  });

  it('is for admins only', async () => {
    expect((await send(ctx.app, 'GET', '/api/admin/currencies')).statusCode).toBe(401);
    expect((await send(ctx.app, 'GET', '/api/admin/currencies', { cookie: user })).statusCode).toBe(403);
    expect((await put({ rates: [{ currency: 'EUR', rate: 1 }] }, user)).statusCode).toBe(403);
  });
});

describe('the daily refresh from RATES_URL', () => {
  const morning = new Date('2026-11-24T08:00:00Z');

  it("writes the feed's rates over an admin's, once a day across processes", async () => {
    await put({
      rates: [
        { currency: 'EUR', rate: 0.5 },
        { currency: 'CHF', rate: 0.88 },
      ],
    });
    const [first, second] = await Promise.all([serviceWith().refresh(morning), serviceWith().refresh(morning)]);
    expect([first?.status, second?.status].sort()).toEqual(['skipped', 'updated']);
    expect(hits).toBe(1);
    const view = await adminView();
    const row = (code: string) => view.currencies.find((c) => c.currency === code);
    expect(row('EUR')).toMatchObject({ rate: 0.92, source: 'feed' });
    expect(row('JPY')).toMatchObject({ rate: 151.37, source: 'feed' });
    // The feed has no CHF: the admin's rate stays.
    expect(row('CHF')).toMatchObject({ rate: 0.88, source: 'admin' });
    expect(view.feed.refreshedAt).not.toBeNull();
    // Later the same day: nothing to do. The next day: read again.
    expect((await serviceWith().refresh(new Date('2026-11-24T23:00:00Z'))).status).toBe('skipped');
    expect((await serviceWith().refresh(new Date('2026-11-25T00:30:00Z'))).status).toBe('updated');
    expect(hits).toBe(2);
  });

  it('converts a feed whose base is not ours', async () => {
    const outcome = await serviceWith({ path: '/eur' }).refresh(morning);
    expect(outcome).toEqual({ status: 'updated', count: 3 });
    const rates = Object.fromEntries((await publicRates()).rates.map((r) => [r.currency, r.rate]));
    expect(rates.EUR).toBeCloseTo(1 / 1.08, 8);
    expect(rates.GBP).toBeCloseTo(0.85 / 1.08, 8);
    expect(rates.CNY).toBeCloseTo(7.8 / 1.08, 8);
  });

  it('keeps the rates and tries again at the next check when the feed fails', async () => {
    await put({ rates: [{ currency: 'EUR', rate: 0.9 }] });
    for (const path of ['/not-json', '/no-rates', '/big', '/slow', '/down']) {
      const outcome = await serviceWith({ path }).refresh(morning);
      expect(outcome.status, path).toBe('failed');
      expect(outcome.status === 'failed' && outcome.reason, path).toMatch(
        {
          '/not-json': /did not send JSON/,
          '/no-rates': /no base currency/,
          '/big': /more than 1 MB/,
          '/slow': /did not answer within 0.5 seconds/,
          '/down': /answered 500/,
        }[path]!,
      );
    }
    expect((await adminView()).currencies.find((c) => c.currency === 'EUR')).toMatchObject({ rate: 0.9, source: 'admin' });
    // Each failure gave the day back: a good feed now still gets it.
    expect((await serviceWith().refresh(morning)).status).toBe('updated');
  });

  it('refuses a private address unless allowed, like imports', async () => {
    const outcome = await currencyService({
      base: 'USD',
      feed: { url: `${feedUrl}/usd`, allowPrivate: false, timeoutMs: 500 },
    }).refresh(morning);
    expect(outcome.status === 'failed' && outcome.reason).toMatch(/private, loopback or link-local/);
    expect(hits).toBe(0);
  });

  it('does nothing without RATES_URL, and says so in the admin view', async () => {
    const service = currencyService({ base: 'USD' });
    expect(await service.refresh(morning)).toEqual({ status: 'skipped' });
    expect((await service.adminView()).feed).toEqual({ configured: false, refreshedAt: null });
  });

  it('works in a CNY store', async () => {
    const service = serviceWith({ base: 'CNY', path: '/eur' });
    expect((await service.refresh(morning)).status).toBe('updated');
    const { base, rates } = await service.rates();
    expect(base).toBe('CNY');
    const byCode = Object.fromEntries(rates.map((r) => [r.currency, r.rate]));
    expect(byCode.USD).toBeCloseTo(1.08 / 7.8, 8);
    expect(byCode.EUR).toBeCloseTo(1 / 7.8, 8);
    expect(byCode).not.toHaveProperty('CNY');
  });
});

describe('reading a feed', () => {
  it('accepts the common shapes', () => {
    expect(parseFeed({ base: 'usd', rates: { eur: 0.9 } })).toEqual({ base: 'USD', rates: { EUR: 0.9 } });
    expect(parseFeed({ source: 'USD', quotes: { USDEUR: 0.9, USDGBP: 0.8 } })).toEqual({ base: 'USD', rates: { EUR: 0.9, GBP: 0.8 } });
    expect(parseFeed({ date: '2026-11-24', usd: { eur: 0.9 } })).toEqual({ base: 'USD', rates: { EUR: 0.9 } });
    expect(parseFeed({ success: false, error: { code: 101 } })).toMatch(/error/);
    expect(parseFeed([1, 2])).toMatch(/not a JSON object/);
  });
});

describe('rendered pages', () => {
  const request = (url: string) => ({ url, origin: TEST_ORIGIN, phone: false, seed: 1, signedIn: async () => false });

  it('carry the rates, so prices show in the visitor currency at first paint', async () => {
    await put({ rates: [{ currency: 'EUR', rate: 0.92 }] });
    const plan = await ctx.app.services.pages.plan(request('/'));
    expect(plan.kind === 'page' && plan.data.currencies).toMatchObject({ base: 'USD', rates: [{ currency: 'EUR', rate: 0.92 }] });
  });

  it("name the store's base currency in a product's head and structured data", async () => {
    const [row] = await insertProducts(ctx.database, [{ title: 'Yuan jacket', price: 399 }]);
    const { finder, categories } = ctx.app.services;
    const pages = createPagesService({
      finder,
      categories,
      currency: { base: 'CNY', rates: async () => ({ base: 'CNY', rates: [] }) },
      log: { warn: () => undefined },
    });
    const plan = await pages.plan(request(`/products/yuan-jacket-${row?.number}`));
    expect(plan.kind).toBe('page');
    if (plan.kind !== 'page') return;
    expect(plan.data.currencies).toEqual({ base: 'CNY', rates: [] });
    expect(plan.head.meta.description).toContain('CN¥399.00');
    const head = renderHead(TEST_ORIGIN, plan.head);
    expect(head).toContain('<meta property="product:price:currency" content="CNY">');
    expect(head).toContain('"priceCurrency":"CNY"');
  });
});
