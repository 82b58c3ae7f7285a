// Issue 29: link health against local servers that play the marketplaces (their base addresses are settings): a
// live item, a delisted item (404 and a page saying so), a redirect to a not-found page, a dead picture, a slow
// host. The sweeps are driven by the test (the job queue is stopped), on both databases.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LinkHealthOverview } from '../../../common/schemas/link-health';
import type { AuditPage } from '../../../common/schemas/audit';
import type { Product, ProductPage } from '../../../common/schemas/product';
import { createUnitOfWork } from '../../db/unit-of-work';
import { signedInAs, send } from '../../test/auth-helpers';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { createAuditRepo } from '../audit/audit.repo';
import { productJsonLd } from '../pages/head';
import { createLinkHealthRepo } from './link-health.repo';
import { createLinkHealthService, decideProductState, type LinkHealthSettings } from './link-health.service';
import { MARKETPLACE_RULES, checkTarget, judge, marketplaceBasesFrom } from './marketplace-rules';

/** The repos a link check's changes use, on one transaction each (as composition.ts builds them). */
const unitOfWork = () => createUnitOfWork(ctx.database, (db) => ({ linkHealth: createLinkHealthRepo(db), audit: createAuditRepo(db) }));

/** A service of the test app's repos with settings of its own (the app's runs with SETTINGS). */
const serviceWith = (settings: Partial<LinkHealthSettings>) =>
  createLinkHealthService({
    repo: ctx.app.services.repos.linkHealth,
    transaction: unitOfWork().transaction,
    storage: ctx.storage,
    settings: { ...SETTINGS(), ...settings },
  });

const LIVE = '100000001';
const DELISTED = '100000002';
const NOT_FOUND_REDIRECT = '100000003';
const MARKER = '100000004';
const SLOW = '100000005';
const BUSY = '100000006';

let ctx: TestContext;
let market: http.Server;
let slowHost: http.Server;
let marketUrl = '';
let slowUrl = '';
let admin = '';
let png: Buffer;
const asked: Array<{ url: string; at: number }> = [];

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

const SETTINGS = (): LinkHealthSettings => ({
  bases: { taobao: marketUrl, tmall: marketUrl, weidian: marketUrl, '1688': slowUrl },
  perHostPerMinute: 6000,
  perDay: 1000,
  hideAfterGone: 0,
  // Long enough for a loaded machine's local answers; the slow host takes longer still.
  timeoutMs: 1500,
  allowPrivate: true,
  sweepMs: 20_000,
});

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  market = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push({ url: url.pathname + url.search, at: Date.now() });
    const id = url.searchParams.get('id') ?? url.searchParams.get('itemID');
    if (url.pathname === '/pic/ok.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (url.pathname === '/pic/dead.jpg') return res.writeHead(404).end('gone');
    if (url.pathname === '/error1.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not found</p>');
    if (id === LIVE) return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><h1>Nice jacket</h1></html>');
    if (id === DELISTED) return res.writeHead(404, { 'content-type': 'text/html' }).end('<html>404</html>');
    if (id === NOT_FOUND_REDIRECT) return res.writeHead(302, { location: '/error1.html?from=item' }).end();
    if (id === MARKER)
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><div>该商品已下架</div></html>');
    if (id === BUSY) return res.writeHead(503).end('busy');
    return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>item</html>');
  });
  // The slow host answers after five seconds: longer than a check waits.
  slowHost = http.createServer((req, res) => {
    asked.push({ url: `slow:${req.url}`, at: Date.now() });
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>late</html>'), 5000).unref();
  });
  marketUrl = await listen(market);
  slowUrl = await listen(slowHost);
  ctx = await createTestApp({ importAllowPrivateHosts: true, linkHealth: SETTINGS() });
  // The test runs the sweeps itself: no job of the queue's may run one meanwhile (Re-check now sends one).
  await ctx.app.services.jobs.stop();
  admin = await signedInAs(ctx.app, 'links-admin@example.com', { isAdmin: true });
});

afterAll(async () => {
  await ctx?.close();
  slowHost?.closeAllConnections();
  await new Promise((resolve) => market?.close(resolve));
  await new Promise((resolve) => slowHost?.close(resolve));
});

beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await ctx.database.rows(sql`delete from link_hosts`);
  await ctx.database.rows(sql`delete from link_budget`);
  asked.length = 0;
});

const item = (platform: string, id: string, extra: Record<string, unknown> = {}) => ({
  link: platform === 'weidian' ? `https://weidian.com/item.html?itemID=${id}` : `https://item.taobao.com/item.htm?id=${id}`,
  sourcePlatform: platform,
  sourceItemId: id,
  ...extra,
});

async function publicProduct(number: number): Promise<Product> {
  const res = await send(ctx.app, 'GET', `/api/products/${number}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ product: Product }>().product;
}

async function overview(query = ''): Promise<LinkHealthOverview> {
  const res = await send(ctx.app, 'GET', `/api/admin/link-health${query}`, { cookie: admin });
  expect(res.statusCode).toBe(200);
  return res.json<LinkHealthOverview>();
}

describe('the marketplace rules (one table)', () => {
  it('reads a status, a not-found redirect and a marker as gone, 429/5xx and no answer as unknown, else live', () => {
    const rule = MARKETPLACE_RULES.taobao;
    expect(judge(rule, { kind: 'answered', status: 200, url: 'u', body: '<p>ok</p>' }).answer).toBe('live');
    expect(judge(rule, { kind: 'answered', status: 404, url: 'u', body: '' }).answer).toBe('gone');
    expect(judge(rule, { kind: 'answered', status: 410, url: 'u', body: '' }).answer).toBe('gone');
    expect(judge(rule, { kind: 'redirected', url: 'https://err.taobao.com/error1.html' }).answer).toBe('gone');
    expect(judge(rule, { kind: 'answered', status: 200, url: 'u', body: '此宝贝已下架' }).answer).toBe('gone');
    expect(judge(rule, { kind: 'answered', status: 429, url: 'u', body: '' }).answer).toBe('unknown');
    expect(judge(rule, { kind: 'answered', status: 503, url: 'u', body: '' }).answer).toBe('unknown');
    expect(judge(rule, { kind: 'failed', error: 'did not answer' }).answer).toBe('unknown');
  });

  it('asks the marketplace at its base setting, the real host by default, and a plain link as it is', () => {
    expect(marketplaceBasesFrom({}).taobao).toBe('https://item.taobao.com');
    expect(marketplaceBasesFrom({ MARKETPLACE_WEIDIAN_URL: 'http://127.0.0.1:9/' }).weidian).toBe('http://127.0.0.1:9');
    const bases = marketplaceBasesFrom({ MARKETPLACE_TAOBAO_URL: 'http://stand-in:8' });
    expect(checkTarget({ link: 'x', sourcePlatform: 'taobao', sourceItemId: '123456' }, bases)?.url).toBe(
      'http://stand-in:8/item.htm?id=123456',
    );
    expect(checkTarget({ link: 'https://shop.example/a', sourcePlatform: null, sourceItemId: null }, bases)?.url).toBe(
      'https://shop.example/a',
    );
    expect(checkTarget({ link: null, sourcePlatform: null, sourceItemId: null }, bases)).toBeNull();
  });

  it('decides the storefront state: gone marks, N gone in a row hides, live clears, unknown keeps, marked fine stays fine', () => {
    const ok = { linkState: 'ok' as const, pictureBroken: false, markedFineAt: null };
    expect(decideProductState(ok, 'gone', 1, null, 0)).toEqual({ linkState: 'unavailable', pictureBroken: false });
    expect(decideProductState(ok, 'gone', 3, null, 3)).toEqual({ linkState: 'hidden', pictureBroken: false });
    expect(decideProductState({ ...ok, linkState: 'hidden' }, 'live', 0, 'broken', 3)).toEqual({ linkState: 'ok', pictureBroken: true });
    expect(decideProductState({ ...ok, linkState: 'unavailable' }, 'unknown', 1, 'unknown', 0).linkState).toBe('unavailable');
    expect(decideProductState({ ...ok, markedFineAt: new Date() }, 'gone', 5, 'broken', 2)).toEqual({
      linkState: 'ok',
      pictureBroken: false,
    });
  });
});

describe('a sweep against the stand-in marketplaces', () => {
  it('marks the delisted, redirected and marked items, leaves live ones, counts the slow host as unknown, and JSON-LD follows', async () => {
    const [live, delisted, redirected, marked, slow] = await insertProducts(ctx.database, [
      item('taobao', LIVE, { image: `${marketUrl}/pic/ok.png` }),
      item('taobao', DELISTED),
      item('taobao', NOT_FOUND_REDIRECT),
      item('weidian', MARKER),
      item('1688', SLOW),
    ]);
    const result = await ctx.app.services.linkHealth.sweep();
    expect(result).toMatchObject({ checked: 5, live: 1, gone: 3, unknown: 1 });
    // The not-found page itself was never asked: the walk stops at its address.
    expect(asked.some((a) => a.url.startsWith('/error1.html'))).toBe(false);

    expect((await publicProduct(live!.number)).mayBeUnavailable).toBe(false);
    expect((await publicProduct(live!.number)).image).toBe(`${marketUrl}/pic/ok.png`);
    for (const p of [delisted, redirected, marked]) expect((await publicProduct(p!.number)).mayBeUnavailable).toBe(true);
    expect((await publicProduct(slow!.number)).mayBeUnavailable).toBe(false);

    // Still in the finder (LINK_HIDE_AFTER_GONE unset), marked on its card.
    const listed = (await send(ctx.app, 'GET', '/api/products?limit=24')).json<ProductPage>();
    expect(listed.items.find((p) => p.id === delisted!.id)?.mayBeUnavailable).toBe(true);

    const view = await overview();
    expect(view.counts).toMatchObject({ fine: 1, unavailable: 3, hidden: 0, unknown: 1, never: 0 });
    const slowRow = view.items.find((r) => r.id === slow!.id)!;
    expect(slowRow).toMatchObject({ answer: 'unknown', status: null, linkState: 'ok' });
    expect(slowRow.error).toMatch(/did not answer within/);
    expect(view.items.find((r) => r.id === delisted!.id)).toMatchObject({ answer: 'gone', status: 404, goneCount: 1 });
    expect(view.items.find((r) => r.id === redirected!.id)).toMatchObject({ answer: 'gone', error: 'Redirected to a not-found page.' });
    expect(view.items.find((r) => r.id === redirected!.id)?.finalUrl).toContain('/error1.html');
    expect((await overview('?filter=unknown')).items.map((r) => r.id)).toEqual([slow!.id]);

    // The slow host backs off: its next turn is paused, the marketplace that answered is not.
    const hosts = await ctx.database.rows<{ host: string; failures: number; paused: boolean }>(
      sql`select host, failures, paused_until > now() as paused from link_hosts order by host`,
    );
    expect(hosts.find((h) => slowUrl.endsWith(h.host))).toMatchObject({ failures: 1, paused: true });
    expect(hosts.find((h) => marketUrl.endsWith(h.host))).toMatchObject({ failures: 0 });

    // The product page's structured data says OutOfStock for a gone link, InStock for a live one.
    const gone = await publicProduct(delisted!.number);
    expect(productJsonLd('https://finder.test', gone, null, 'USD', { linkDead: gone.mayBeUnavailable })).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
  });

  it('a dead picture shows the placeholder; a stored picture whose file is gone is fetched again from its source', async () => {
    await ctx.database.rows(sql`
      insert into images (name, storage_key, url, content_type, size_bytes, width, height, source_url)
      values ('lost.png', 'items/lost.png', '/media/items/lost.png', 'image/png', ${png.length}, 8, 8, ${`${marketUrl}/pic/ok.png`}),
             ('orphan.png', 'items/orphan.png', '/media/items/orphan.png', 'image/png', ${png.length}, 8, 8, null)`);
    const [dead, lost, orphan] = await insertProducts(ctx.database, [
      item('taobao', LIVE, { image: `${marketUrl}/pic/dead.jpg` }),
      item('taobao', LIVE, { image: '/media/items/lost.png' }),
      item('taobao', LIVE, { image: '/media/items/orphan.png' }),
    ]);
    expect(await ctx.storage.exists('items/lost.png')).toBe(false);
    await ctx.app.services.linkHealth.sweep();

    const deadCard = await publicProduct(dead!.number);
    expect(deadCard).toMatchObject({ image: null, thumbnail: null, mayBeUnavailable: false });
    expect(await ctx.storage.exists('items/lost.png')).toBe(true);
    expect((await publicProduct(lost!.number)).image).toBe('/media/items/lost.png');
    expect((await publicProduct(orphan!.number)).image).toBeNull();
    // The admin still sees (and edits) the picture the product points at.
    const adminList = await send(ctx.app, 'GET', '/api/admin/products?page=1', { cookie: admin });
    expect(adminList.json<{ items: Array<{ id: string; image: string | null }> }>().items.find((p) => p.id === dead!.id)?.image).toBe(
      `${marketUrl}/pic/dead.jpg`,
    );

    const pictures = await overview('?filter=pictures');
    expect(pictures.items.map((r) => r.id).sort()).toEqual([dead!.id, orphan!.id].sort());
    expect(pictures.counts.pictures).toBe(2);
  });

  it('asks one host at most at its per-host rate, shared through the database', async () => {
    const service = serviceWith({ perHostPerMinute: 300 });
    await insertProducts(
      ctx.database,
      [1, 2, 3, 4, 5].map(() => item('taobao', LIVE)),
    );
    const result = await service.sweep();
    expect(result, JSON.stringify(asked)).toMatchObject({ checked: 5, postponed: 0 });
    const times = asked.filter((a) => a.url.startsWith('/item.htm')).map((a) => a.at);
    expect(times, JSON.stringify(asked)).toHaveLength(5);
    // 300 a minute: one turn every 200 ms. A check that starts late (a busy event loop) does not move the next turn,
    // so two may come closer than 200 ms, but never more than the turns allow over the run.
    expect(times[4]! - times[0]!).toBeGreaterThanOrEqual(4 * 200 - 20);
  });

  it('stops at the daily budget, and hides a product from the finder after N gone checks in a row when N is set', async () => {
    const service = serviceWith({ perDay: 2, hideAfterGone: 2 });
    const [gone] = await insertProducts(ctx.database, [item('taobao', DELISTED), item('taobao', LIVE), item('taobao', LIVE)]);
    expect(await service.sweep()).toMatchObject({ checked: 2, stopped: 'budget' });
    expect(await service.sweep()).toMatchObject({ checked: 0, stopped: 'budget' });
    // An admin's Re-check now is checked even so; a visitor's report waits for the next day's budget.
    const [, second, third] = await ctx.database.rows<{ id: string }>(sql`select id from products order by row`);
    const unchecked = (await ctx.database.rows<{ id: string }>(sql`select product_id as id from link_checks where checked_at is null`))[0]!
      .id;
    await ctx.app.services.repos.linkHealth.raise(unchecked, { clearFine: false });
    expect(await service.sweep()).toMatchObject({ checked: 0, stopped: 'budget' });
    const rechecked = [second, third].find((p) => p!.id !== unchecked)!.id;
    await ctx.app.services.repos.linkHealth.raise(rechecked, { clearFine: true });
    expect(await service.sweep()).toMatchObject({ checked: 1, live: 1, stopped: 'budget' });
    await ctx.database.rows(sql`delete from link_budget`);
    expect(await service.sweep()).toMatchObject({ checked: 1 });

    // Due again now: the second gone answer in a row hides it.
    await ctx.database.rows(sql`update link_checks set due_at = now() - interval '1 second' where product_id = ${gone!.id}::uuid`);
    await service.sweep();
    const [state] = await ctx.database.rows<{ linkState: string }>(
      sql`select link_state as "linkState" from products where id = ${gone!.id}::uuid`,
    );
    expect(state?.linkState).toBe('hidden');
    const listed = (await send(ctx.app, 'GET', '/api/products?limit=24')).json<ProductPage>();
    expect(listed.items.map((p) => p.id)).not.toContain(gone!.id);
    expect(listed.items).toHaveLength(2);
    const searched = (await send(ctx.app, 'GET', `/api/products?search=${encodeURIComponent(gone!.title)}`)).json<ProductPage>();
    expect(searched.items.map((p) => p.id)).not.toContain(gone!.id);
    // Its page still answers, marked.
    expect((await publicProduct(gone!.number)).mayBeUnavailable).toBe(true);
  });

  it("writes a round's storefront states in one statement, only where they change and the product is as the check found it", async () => {
    const [changes, movedMeanwhile, same] = await insertProducts(ctx.database, [
      item('taobao', DELISTED),
      item('taobao', NOT_FOUND_REDIRECT),
      item('taobao', LIVE),
    ]);
    // An admin hid the second product after the check read it: the check's answer does not undo that.
    await ctx.database.rows(sql`update products set link_state = 'hidden' where id = ${movedMeanwhile!.id}::uuid`);
    const ok = { linkState: 'ok', pictureBroken: false };
    const written = await ctx.app.services.repos.linkHealth.setProductStates([
      { productId: changes!.id, from: ok, to: { linkState: 'unavailable', pictureBroken: true } },
      { productId: movedMeanwhile!.id, from: ok, to: { linkState: 'unavailable', pictureBroken: false } },
      { productId: same!.id, from: ok, to: ok },
    ]);
    expect(written).toBe(1);
    const states = await ctx.database.rows<{ id: string; linkState: string; pictureBroken: boolean }>(
      sql`select id, link_state as "linkState", picture_broken as "pictureBroken" from products order by row`,
    );
    expect(states).toEqual([
      { id: changes!.id, linkState: 'unavailable', pictureBroken: true },
      { id: movedMeanwhile!.id, linkState: 'hidden', pictureBroken: false },
      { id: same!.id, linkState: 'ok', pictureBroken: false },
    ]);
    expect(await ctx.app.services.repos.linkHealth.setProductStates([])).toBe(0);
  });

  it("puts a host's later products of the round back once it failed, without asking it again", async () => {
    // One turn every 2 s: the first check's time-out (1.5 s) comes before the second turn.
    const service = serviceWith({ perHostPerMinute: 30 });
    const slow = await insertProducts(
      ctx.database,
      [SLOW, '100000015', '100000025'].map((id) => item('1688', id)),
    );
    const result = await service.sweep();
    expect(result).toMatchObject({ checked: 1, unknown: 1, postponed: 2 });
    expect(asked.filter((a) => a.url.startsWith('slow:'))).toHaveLength(1);
    // The two put back are due when the host's pause ends, not before.
    const due = await ctx.database.rows<{ early: boolean }>(sql`
      select c.due_at < h.paused_until - interval '1 second' as early
      from link_checks c, link_hosts h where h.paused_until is not null and c.answer is null
        and c.product_id = any(${`{${slow.map((p) => p!.id).join(',')}}`}::uuid[])`);
    expect(due).toEqual([{ early: false }, { early: false }]);
  });

  it('answers 429 and 5xx as unknown without marking the product', async () => {
    const [busy] = await insertProducts(ctx.database, [item('taobao', BUSY)]);
    const result = await ctx.app.services.linkHealth.sweep();
    expect(result).toMatchObject({ checked: 1, unknown: 1 });
    expect((await publicProduct(busy!.number)).mayBeUnavailable).toBe(false);
    expect((await overview('?filter=unknown')).items[0]).toMatchObject({ status: 503, answer: 'unknown' });
  });
});

describe('reports, Re-check now and Mark fine', () => {
  it("a visitor's report puts the product's check first", async () => {
    const products = await insertProducts(ctx.database, [item('taobao', LIVE), item('taobao', LIVE), item('taobao', DELISTED)]);
    await ctx.app.services.linkHealth.sweep();
    const reported = products[0]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${reported.id}/link-reports`,
      remoteAddress: '10.9.0.1',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ note: 'dead' }),
    });
    expect(res.statusCode).toBe(201);
    const [first] = await ctx.database.rows<{ id: string; reported: boolean }>(
      sql`select product_id as id, reported_at is not null as reported from link_checks order by due_at limit 1`,
    );
    expect(first).toEqual({ id: reported.id, reported: true });
  });

  it('Mark fine shows the product as available and keeps it so; Re-check now clears the mark; both audited and admin-only', async () => {
    const [gone] = await insertProducts(ctx.database, [item('taobao', DELISTED)]);
    await ctx.app.services.linkHealth.sweep();
    expect((await publicProduct(gone!.number)).mayBeUnavailable).toBe(true);

    const user = await signedInAs(ctx.app, 'links-user@example.com');
    expect((await send(ctx.app, 'POST', `/api/admin/link-health/${gone!.id}/fine`, { cookie: user })).statusCode).toBe(403);
    expect((await send(ctx.app, 'POST', `/api/admin/link-health/${gone!.id}/fine`)).statusCode).toBe(401);

    expect((await send(ctx.app, 'POST', `/api/admin/link-health/${gone!.id}/fine`, { cookie: admin })).statusCode).toBe(200);
    expect((await publicProduct(gone!.number)).mayBeUnavailable).toBe(false);
    // Checked again (still 404): it stays fine, the answer is still listed with who marked it.
    await ctx.database.rows(sql`update link_checks set due_at = now() - interval '1 second'`);
    await ctx.app.services.linkHealth.sweep();
    expect((await publicProduct(gone!.number)).mayBeUnavailable).toBe(false);
    expect((await overview()).items[0]).toMatchObject({ id: gone!.id, answer: 'gone', markedFineBy: 'links-admin@example.com' });

    expect((await send(ctx.app, 'POST', `/api/admin/link-health/${gone!.id}/recheck`, { cookie: admin })).statusCode).toBe(202);
    await ctx.app.services.linkHealth.sweep();
    expect((await publicProduct(gone!.number)).mayBeUnavailable).toBe(true);

    const missing = await send(ctx.app, 'POST', '/api/admin/link-health/00000000-0000-4000-8000-000000000000/recheck', { cookie: admin });
    expect(missing.statusCode).toBe(404);

    const log = (await send(ctx.app, 'GET', '/api/admin/audit-log?page=1', { cookie: admin })).json<AuditPage>();
    const actions = log.items.map((e) => e.action);
    expect(actions).toContain('link-mark-fine');
    expect(actions).toContain('link-recheck');
    expect(log.items.find((e) => e.action === 'link-recheck')?.subject).toContain(`#${gone!.number}`);
  });

  // Issue 39: on PostgreSQL a statement timeout beside a 100,000-row import lost a round's answers.
  it('keeps a round that the database would not take: written again after a pause, or by the next sweep', async () => {
    const products = await insertProducts(
      ctx.database,
      [1, 2, 3].map(() => item('taobao', DELISTED)),
    );
    let refusals = 0;
    const timeout = () => Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const { transaction } = unitOfWork();
    const warned: unknown[] = [];
    const service = createLinkHealthService({
      repo: ctx.app.services.repos.linkHealth,
      transaction: (work, limit) =>
        transaction(
          (repos) =>
            work({
              ...repos,
              linkHealth: {
                ...repos.linkHealth,
                recordAll: async (outcomes) => {
                  if (refusals > 0) {
                    refusals -= 1;
                    throw timeout();
                  }
                  return repos.linkHealth.recordAll(outcomes);
                },
              },
            }),
          limit,
        ),
      storage: ctx.storage,
      settings: { ...SETTINGS(), recordRetryMs: [20, 20] },
      log: { warn: (obj) => warned.push(obj) },
    });
    const goneCount = async () =>
      (await ctx.database.rows<{ n: number }>(sql`select coalesce(sum(gone_count), 0)::int as n from link_checks`))[0]?.n;

    // Refused twice, taken the third time: one pause, nothing lost, counted once.
    refusals = 2;
    expect(await service.sweep()).toMatchObject({ checked: 3, gone: 3, stopped: 'done' });
    expect(await goneCount()).toBe(3);
    expect(warned).toHaveLength(2);
    for (const p of products) expect((await publicProduct(p.number)).mayBeUnavailable).toBe(true);

    // Refused past the last try: the sweep stops and keeps the answers; the next one writes them first.
    await ctx.database.rows(sql`update link_checks set due_at = now() - interval '1 second'`);
    refusals = 3;
    expect(await service.sweep()).toMatchObject({ checked: 0, stopped: 'database' });
    expect(await goneCount()).toBe(3);
    expect(await service.sweep()).toMatchObject({ checked: 3, gone: 3 });
    expect(await goneCount()).toBe(6);
  });

  it("paces itself by the database's answers: slow ones make the rounds smaller and put pauses between them", async () => {
    await insertProducts(
      ctx.database,
      Array.from({ length: 8 }, () => item('taobao', LIVE)),
    );
    const repo = ctx.app.services.repos.linkHealth;
    const asks: number[] = [];
    const service = createLinkHealthService({
      // The database answering as when it is behind: every take takes 300 ms.
      repo: {
        ...repo,
        takeDue: async (limit, lease, options) => {
          asks.push(limit);
          await new Promise((r) => setTimeout(r, 300));
          return repo.takeDue(Math.min(limit, 3), lease, options);
        },
      },
      transaction: unitOfWork().transaction,
      storage: ctx.storage,
      settings: SETTINGS(),
    });
    const result = await service.sweep();
    expect(result).toMatchObject({ checked: 8, stopped: 'done' });
    expect(asks[0]).toBe(50);
    expect(asks[1]).toBeLessThan(50);
    expect(result.pausedMs).toBeGreaterThan(0);
  });
});
