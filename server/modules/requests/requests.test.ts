// Issue 16: item requests from an empty search and broken-link reports from a product page; their limits, and the
// dashboard's two queues with status changes, linked products and the audit log.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_TEXTS } from '../../../common/texts/requests';
import { REQUESTS_BODY_LIMIT, REQUESTS_RATE_LIMIT, REQUESTS_RATE_WINDOW_SECONDS } from '../../../common/requests';
import type {
  ItemRequest,
  ItemRequestPage,
  LinkReport,
  LinkReportPage,
  LinkReportState,
  RequestReceipt,
} from '../../../common/schemas/requests';
import { itemRequests, linkReports } from '../../db/schema/index';
import { createUnitOfWork } from '../../db/unit-of-work';
import { createAuditRepo } from '../audit/audit.repo';
import { auditEntries } from '../../test/audit-helpers';
import { signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { createRequestsRepo } from './requests.repo';
import { clientOf, createRequestsService, RateLimitedError, type RequestsRules } from './requests.service';

let ctx: TestContext;
let admin = '';
let user = '';
let clientNumber = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'requests-admin@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'requests-user@example.com');
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(itemRequests);
  await ctx.database.db.delete(linkReports);
  await ctx.database.rows(sql`delete from analytics_keys where key like 'req:%'`);
  await clearCatalogue(ctx.database);
});

/** A new client address each call unless one is given, so the limits only bite where a test means them to. */
const nextClient = () => `203.0.113.${(clientNumber = (clientNumber % 250) + 1)}`;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, options: { body?: unknown; cookie?: string; ip?: string } = {}) {
  const withBody = options.body !== undefined;
  return ctx.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? nextClient(),
    headers: {
      origin: TEST_ORIGIN,
      ...(withBody ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(withBody ? { payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) } : {}),
  });
}

/** The limits count in fixed windows: a test that fills one starts well before its end, so it cannot straddle two. */
async function awayFromWindowEdge() {
  const windowMs = REQUESTS_RATE_WINDOW_SECONDS * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

const request = (body: unknown, ip?: string) => call('POST', '/api/requests', { body, ...(ip ? { ip } : {}) });
const report = (productId: string, body: unknown, ip?: string) =>
  call('POST', `/api/products/${productId}/link-reports`, { body, ...(ip ? { ip } : {}) });

async function aProduct(title = 'Cargo pants') {
  const [row] = await insertProducts(ctx.database, [{ title }]);
  if (!row) throw new Error('no product');
  return row;
}

describe('POST /api/requests', () => {
  it('keeps a request with its trimmed text and optional link', async () => {
    const res = await request({ query: '  yeezy slides  ', link: 'https://weidian.com/item.html?itemID=123' });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json<RequestReceipt>();
    const rows = await ctx.database.db.select().from(itemRequests);
    expect(rows).toEqual([
      expect.objectContaining({
        id: receipt.id,
        query: 'yeezy slides',
        link: 'https://weidian.com/item.html?itemID=123',
        status: 'new',
        productId: null,
      }),
    ]);

    const without = await request({ query: 'denim jacket', link: '' });
    expect(without.statusCode).toBe(201);
    expect((await ctx.database.db.select().from(itemRequests)).find((r) => r.query === 'denim jacket')?.link).toBeNull();
  });

  it('refuses bad input with a sentence naming the problem', async () => {
    const cases: Array<[unknown, string]> = [
      [{ query: 'x' }, REQUEST_TEXTS.queryTooShort],
      [{ query: '   a ' }, REQUEST_TEXTS.queryTooShort],
      [{ query: 'y'.repeat(201) }, REQUEST_TEXTS.queryTooLong],
      [{ query: 'shoes', link: 'javascript:alert(1)' }, REQUEST_TEXTS.linkInvalid],
      [{ query: 'shoes', link: 'item.taobao.com/123' }, REQUEST_TEXTS.linkInvalid],
      [{ query: 'line\nbreak' }, 'query must not contain control characters'],
      [{}, REQUEST_TEXTS.queryTooShort],
    ];
    for (const [body, message] of cases) {
      const res = await request(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect(await ctx.database.db.select().from(itemRequests)).toEqual([]);
  });

  it('refuses a body over the limit (413)', async () => {
    const res = await request({ query: 'shoes', link: `https://a.example/${'x'.repeat(REQUESTS_BODY_LIMIT)}` });
    expect(res.statusCode).toBe(413);
  });

  it(`answers 429 with Retry-After past ${REQUESTS_RATE_LIMIT} requests from one client in a window; others go on`, async () => {
    const ip = '198.51.100.7';
    await awayFromWindowEdge();
    for (let i = 0; i < REQUESTS_RATE_LIMIT; i++) expect((await request({ query: `item ${i}` }, ip)).statusCode).toBe(201);
    const limited = await request({ query: 'one more' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(limited.json<{ message: string }>().message).toMatch(/Please try again in \d+ minutes?\./);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(REQUESTS_RATE_WINDOW_SECONDS);
    expect((await request({ query: 'someone else' }, '198.51.100.8')).statusCode).toBe(201);
    // Reports are counted apart: the same client may still report a link.
    const product = await aProduct();
    expect((await report(product.id, {}, ip)).statusCode).toBe(201);
    expect(await ctx.database.db.select().from(itemRequests)).toHaveLength(REQUESTS_RATE_LIMIT + 1);
    // No address is kept: the counters' keys are keyed hashes.
    const keys = await ctx.database.rows<{ key: string }>(sql`select key from analytics_keys where key like 'req:%'`);
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).not.toContain('198.51.100');
  });
});

/** The service with its own limits and clock, and a fixed key of the day. */
function limitedService(rules: RequestsRules, now: () => Date) {
  const { transaction } = createUnitOfWork(ctx.database, (db) => ({ requests: createRequestsRepo(db), audit: createAuditRepo(db) }));
  return createRequestsService(createRequestsRepo(ctx.database), transaction, {
    dayKey: async (day) => Buffer.from(`test key of ${day}`),
    rules,
    now,
  });
}

describe('the limit', () => {
  it('waits until the fixed window ends, then counts afresh; each day has other keys', async () => {
    let now = new Date('2026-03-01T10:00:50Z');
    const service = limitedService({ rateLimit: 2, rateWindowSeconds: 60, siteLimit: 100 }, () => now);
    const client = { ip: '192.0.2.1' };
    await service.createRequest({ query: 'one', link: null }, client);
    await service.createRequest({ query: 'two', link: null }, client);
    const refused = await service.createRequest({ query: 'three', link: null }, client).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(10);
    expect((refused as RateLimitedError).message).toBe(REQUEST_TEXTS.rateLimited(1));
    now = new Date('2026-03-01T10:01:00Z');
    await expect(service.createRequest({ query: 'three', link: null }, client)).resolves.toMatchObject({ duplicate: false });

    const keys = async () =>
      (await ctx.database.rows<{ key: string }>(sql`select key from analytics_keys where key like 'req:rate:%'`)).map(
        (r) => r.key.split(':')[3],
      );
    const before = new Set(await keys());
    now = new Date('2026-03-02T10:01:00Z');
    await service.createRequest({ query: 'next day', link: null }, client);
    const added = (await keys()).filter((k) => !before.has(k));
    expect(added).toHaveLength(1);
  });
});

describe('who a post counts against', () => {
  it('an IPv4 address as it is; an IPv6 address by its /64 network, however it is written', () => {
    expect(clientOf('198.51.100.7')).toBe('198.51.100.7');
    expect(clientOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientOf('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(clientOf('2001:0db8:0000:0001::1')).toBe('2001:db8:0:1::/64');
    expect(clientOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
  });

  it('a new IPv6 address in the same /64 is the same client; the whole site has a ceiling too', async () => {
    const now = new Date('2026-04-01T10:00:00Z');
    const service = limitedService({ rateLimit: 2, rateWindowSeconds: 60, siteLimit: 3 }, () => now);
    await service.createRequest({ query: 'one', link: null }, { ip: '2001:db8:5:6::1' });
    await service.createRequest({ query: 'two', link: null }, { ip: '2001:db8:5:6::2' });
    await expect(service.createRequest({ query: 'three', link: null }, { ip: '2001:db8:5:6::3' })).rejects.toBeInstanceOf(RateLimitedError);
    await service.createRequest({ query: 'four', link: null }, { ip: '203.0.113.9' });
    // The site's fourth post in this window (the one refused above never reached the site's count) is over 3.
    await expect(service.createRequest({ query: 'five', link: null }, { ip: '203.0.113.10' })).rejects.toBeInstanceOf(RateLimitedError);
  });
});

// Issue 39: a crowd of addresses (or one IPv6 subscriber's many) poured 200 reports onto one product.
describe('ceilings for everyone together', () => {
  it('the whole site takes so many posts of a kind per UTC day, however many windows and addresses', async () => {
    let now = new Date('2026-05-01T10:00:00Z');
    const rules = { rateLimit: 100, rateWindowSeconds: 60, siteLimit: 100, siteDayLimit: 3 };
    const service = limitedService(rules, () => now);
    for (let i = 0; i < 3; i++) {
      now = new Date(Date.parse('2026-05-01T10:00:00Z') + i * 3600_000);
      await service.createRequest({ query: `post ${i}`, link: null }, { ip: `203.0.113.${i + 1}` });
    }
    const refused = await service.createRequest({ query: 'one more', link: null }, { ip: '203.0.113.50' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RateLimitedError);
    // Until the UTC day ends (12:00 + 12 h).
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(12 * 3600);
    now = new Date('2026-05-02T00:00:01Z');
    await expect(service.createRequest({ query: 'next day', link: null }, { ip: '203.0.113.50' })).resolves.toMatchObject({
      duplicate: false,
    });
  });

  it('keeps so many reports of one product a day; later ones are answered as repeats of its newest open report', async () => {
    const now = new Date('2026-05-03T10:00:00Z');
    const service = limitedService({ rateLimit: 100, rateWindowSeconds: 60, siteLimit: 100, productDayLimit: 2 }, () => now);
    const product = await aProduct();
    const other = await aProduct('Denim jacket');
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await service.reportLink(product.id, { note: `note ${i}`, agent: null }, { ip: `2001:db8:${i}::1` }));
    expect(answers.map((a) => a.duplicate)).toEqual([false, false, true, true, true, true]);
    expect(new Set(answers.slice(2).map((a) => a.id))).toEqual(new Set([answers[1]?.id]));
    expect(await ctx.database.db.select().from(linkReports)).toHaveLength(2);
    // Another product is counted apart.
    expect((await service.reportLink(other.id, { note: 'x', agent: null }, { ip: '203.0.113.7' })).duplicate).toBe(false);
  });
});

describe('POST /api/products/:id/link-reports', () => {
  it('keeps a report with its note and agent; an unknown product is 404', async () => {
    const product = await aProduct();
    const res = await report(product.id, { note: ' BUY opens a 404 page ', agent: 'kakobuy' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await ctx.database.db.select().from(linkReports)).toEqual([
      expect.objectContaining({ productId: product.id, note: 'BUY opens a 404 page', agent: 'kakobuy', status: 'new' }),
    ]);
    const unknown = await report('00000000-0000-4000-8000-000000000000', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(REQUEST_TEXTS.unknownProduct);
  });

  it('refuses a long note or a bad agent with a sentence', async () => {
    const product = await aProduct();
    const long = await report(product.id, { note: 'n'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain(REQUEST_TEXTS.noteTooLong);
    const agent = await report(product.id, { agent: 'Not A Slug' });
    expect(agent.statusCode).toBe(400);
    expect(agent.json<{ message: string }>().message).toContain(REQUEST_TEXTS.agentInvalid);
    const badId = await report('not-a-uuid', {});
    expect(badId.statusCode).toBe(400);
  });

  it("does not duplicate a client's identical open report of the day; another client or another note counts", async () => {
    const product = await aProduct();
    const ip = '198.51.100.20';
    const first = await report(product.id, { note: 'dead link' }, ip);
    expect(first.statusCode).toBe(201);
    const again = await report(product.id, { note: 'dead link' }, ip);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: first.json<RequestReceipt>().id, duplicate: true });
    expect((await report(product.id, { note: 'dead link' }, '198.51.100.21')).statusCode).toBe(201);
    expect((await report(product.id, { note: 'wrong size chart' }, ip)).statusCode).toBe(201);
    expect(await ctx.database.db.select().from(linkReports)).toHaveLength(3);

    // Once an admin has dealt with it, the same report is news again.
    await ctx.database.db.update(linkReports).set({ status: 'rejected' });
    expect((await report(product.id, { note: 'dead link' }, ip)).statusCode).toBe(201);
  });

  it('answers 429 with Retry-After past the limit', async () => {
    const product = await aProduct();
    const ip = '198.51.100.30';
    await awayFromWindowEdge();
    for (let i = 0; i < REQUESTS_RATE_LIMIT; i++) expect((await report(product.id, { note: `note ${i}` }, ip)).statusCode).toBe(201);
    const limited = await report(product.id, { note: 'again' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the dashboard queues', () => {
  async function seedRequests(queries: string[]) {
    for (const query of queries) expect((await request({ query })).statusCode).toBe(201);
    const page = await call('GET', '/api/admin/requests', { cookie: admin });
    return page.json<ItemRequestPage>().items;
  }

  it('lists requests newest first with counts per status, filters by status and pages', async () => {
    const items = await seedRequests(['first', 'second', 'third']);
    expect(items.map((i) => i.query)).toEqual(['third', 'second', 'first']);
    const third = items[0];
    if (!third) throw new Error('no request');
    const patched = await call('PATCH', `/api/admin/requests/${third.id}`, { cookie: admin, body: { status: 'planned' } });
    expect(patched.statusCode, patched.body).toBe(200);

    const planned = (await call('GET', '/api/admin/requests?status=planned', { cookie: admin })).json<ItemRequestPage>();
    expect(planned.items.map((i) => i.query)).toEqual(['third']);
    expect(planned.total).toBe(1);
    expect(planned.counts).toEqual({ new: 2, planned: 1, added: 0, rejected: 0 });
    const all = (await call('GET', '/api/admin/requests?status=&page=1', { cookie: admin })).json<ItemRequestPage>();
    expect(all.total).toBe(3);
    const past = (await call('GET', '/api/admin/requests?page=2', { cookie: admin })).json<ItemRequestPage>();
    expect(past).toMatchObject({ items: [], total: 3, page: 2 });

    const bad = await call('GET', '/api/admin/requests?status=done', { cookie: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('status must be one of new, planned, added, rejected');
  });

  it('links a product by number, id or address (it must exist), marks an open request added, and records each change', async () => {
    const product = await aProduct('Yeezy slide');
    const [item] = await seedRequests(['yeezy slides']);
    if (!item) throw new Error('no request');
    const patch = (body: unknown) => call('PATCH', `/api/admin/requests/${item.id}`, { cookie: admin, body });

    const missing = await patch({ product: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain('no product has this number');
    expect((await patch({ product: 'twelve' })).statusCode).toBe(400);

    const linked = await patch({ product: String(product.number) });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<ItemRequest>()).toMatchObject({
      status: 'added',
      product: { id: product.id, number: product.number, title: 'Yeezy slide', path: `/products/yeezy-slide-${product.number}` },
    });
    expect((await patch({ product: `https://finder.example/products/whatever-${product.number}` })).json<ItemRequest>().product?.id).toBe(
      product.id,
    );
    expect((await patch({ productId: product.id })).json<ItemRequest>().product?.id).toBe(product.id);
    expect((await patch({ product: product.id, status: 'planned' })).json<ItemRequest>()).toMatchObject({
      status: 'planned',
      product: { id: product.id },
    });
    const unlinked = await patch({ product: null });
    expect(unlinked.json<ItemRequest>()).toMatchObject({ status: 'planned', product: null });
    expect((await patch({})).statusCode).toBe(400);

    const entries = (await auditEntries(ctx.database, 'request-update')).filter(
      (e) => (e.details as { requestId?: string }).requestId === item.id,
    );
    expect(entries.map((e) => e.details)).toEqual([
      {
        requestId: item.id,
        changes: { status: { from: 'new', to: 'added' }, product: { from: null, to: `#${product.number} Yeezy slide` } },
      },
      { requestId: item.id, changes: { status: { from: 'added', to: 'planned' } } },
      { requestId: item.id, changes: { product: { from: `#${product.number} Yeezy slide`, to: null } } },
    ]);
    expect(entries[0]).toMatchObject({ subject: 'yeezy slides', actorEmail: 'requests-admin@example.com' });
  });

  it('deletes a request (recorded); a second delete is 404', async () => {
    const [item] = await seedRequests(['to delete']);
    if (!item) throw new Error('no request');
    const res = await call('DELETE', `/api/admin/requests/${item.id}`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(itemRequests)).toEqual([]);
    expect((await call('DELETE', `/api/admin/requests/${item.id}`, { cookie: admin })).statusCode).toBe(404);
    expect((await auditEntries(ctx.database, 'request-delete')).at(-1)).toMatchObject({
      subject: 'to delete',
      details: { requestId: item.id, deleted: { query: 'to delete', link: null, status: 'new', product: null } },
    });
  });

  it('lists link reports with their product, changes their status and deletes them, each recorded', async () => {
    const product = await aProduct('Rick boots');
    await report(product.id, { note: 'gone', agent: 'cnfans' });
    await report(product.id, { note: 'still gone' });
    const page = (await call('GET', '/api/admin/link-reports', { cookie: admin })).json<LinkReportPage>();
    expect(page.items.map((r) => r.note)).toEqual(['still gone', 'gone']);
    expect(page.items[1]).toMatchObject({
      agent: 'cnfans',
      status: 'new',
      product: { id: product.id, title: 'Rick boots', link: product.link },
    });
    expect(page.counts).toEqual({ new: 2, planned: 0, added: 0, rejected: 0 });

    const target = page.items[1] as LinkReport;
    const done = await call('PATCH', `/api/admin/link-reports/${target.id}`, { cookie: admin, body: { status: 'added' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<LinkReport>().status).toBe('added');
    expect((await call('PATCH', `/api/admin/link-reports/${target.id}`, { cookie: admin, body: { status: 'fixed' } })).statusCode).toBe(
      400,
    );
    const filtered = (await call('GET', '/api/admin/link-reports?status=added', { cookie: admin })).json<LinkReportPage>();
    expect(filtered.items.map((r) => r.id)).toEqual([target.id]);

    expect((await call('DELETE', `/api/admin/link-reports/${target.id}`, { cookie: admin })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/link-reports/${target.id}`, { cookie: admin, body: { status: 'new' } })).statusCode).toBe(404);
    expect((await auditEntries(ctx.database, 'link-report-update')).at(-1)).toMatchObject({
      subject: `#${product.number} Rick boots`,
      details: { reportId: target.id, productId: product.id, changes: { status: { from: 'new', to: 'added' } } },
    });
    expect((await auditEntries(ctx.database, 'link-report-delete')).at(-1)).toMatchObject({
      details: { reportId: target.id, deleted: { agent: 'cnfans', note: 'gone', status: 'added' } },
    });
  });

  it("shows a product's report state to admins only", async () => {
    const product = await aProduct();
    const other = await aProduct('Clean product');
    await report(product.id, { note: 'a' });
    await report(product.id, { note: 'b' });
    await report(product.id, { note: 'c' });
    const [closed] = (await call('GET', '/api/admin/link-reports', { cookie: admin })).json<LinkReportPage>().items;
    await call('PATCH', `/api/admin/link-reports/${closed?.id}`, { cookie: admin, body: { status: 'rejected' } });

    const url = `/api/admin/link-reports/product/${product.id}`;
    const state = await call('GET', url, { cookie: admin });
    expect(state.statusCode).toBe(200);
    expect(state.json<LinkReportState>()).toMatchObject({ productId: product.id, open: 2, total: 3 });
    expect(state.json<LinkReportState>().lastReportedAt).not.toBeNull();
    expect((await call('GET', `/api/admin/link-reports/product/${other.id}`, { cookie: admin })).json()).toEqual({
      productId: other.id,
      open: 0,
      total: 0,
      lastReportedAt: null,
    });

    expect((await call('GET', url, { cookie: user })).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/requests', { cookie: user })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/link-reports')).statusCode).toBe(401);
  });

  it('keeps a request when its linked product is deleted (unlinked) and drops the product’s reports', async () => {
    const product = await aProduct();
    const [item] = await seedRequests(['soon gone']);
    await call('PATCH', `/api/admin/requests/${item?.id}`, { cookie: admin, body: { product: product.number } });
    await report(product.id, {});
    expect((await call('DELETE', `/api/admin/products/${product.id}`, { cookie: admin })).statusCode).toBe(200);
    const page = (await call('GET', '/api/admin/requests', { cookie: admin })).json<ItemRequestPage>();
    expect(page.items).toEqual([expect.objectContaining({ query: 'soon gone', status: 'added', product: null })]);
    expect((await call('GET', '/api/admin/link-reports', { cookie: admin })).json<LinkReportPage>().total).toBe(0);
  });
});
