// Issue 29: the link converter. Every link form the agents code reads, two short share texts (a local server plays
// the short-link host, as in the import's tests), the refusals' sentences, the per-client limit, the agents' order
// and the clicks counted per agent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgentLink, type ItemSource } from '../../../common/agent-links';
import { AGENT_LINKS, MARKETPLACE_LINKS, UNREADABLE_LINKS } from '../../../common/agent-links.fixtures';
import { CONVERT_TEXTS } from '../../../common/texts/convert';
import { CONVERT_FOLLOW_CONCURRENCY, CONVERT_RATE_LIMIT } from '../../../common/convert';
import type { AgentList, PublicAgent } from '../../../common/schemas/agent';
import type { AnalyticsSummary } from '../../../common/schemas/analytics';
import type { ConvertResult } from '../../../common/schemas/convert';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { createTestApp, postAnalyticsEvent, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { AppError } from '../../errors';
import { createConvertService } from './convert.service';

let ctx: TestContext;
let server: http.Server;
let hostUrl = '';
let admin = '';
const asked: string[] = [];

beforeAll(async () => {
  // The local server plays the short-link hosts (m.tb.cn, k.youshop10.com): only 127.0.0.1 is a short host here.
  ctx = await createTestApp({ importAllowPrivateHosts: true, importShortLinkHosts: ['127.0.0.1'] });
  admin = await signedInAs(ctx.app, 'convert-admin@example.com', { isAdmin: true });
  server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    // k.youshop10.com answers a redirect to the Weidian item.
    if (req.url?.startsWith('/wd/'))
      res.writeHead(302, { location: 'https://weidian.com/item.html?itemID=7231813762&spider_token=1' }).end();
    // m.tb.cn answers a page whose script holds the item's address.
    else if (req.url?.startsWith('/h.tb')) {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><script>var url = 'https:\\/\\/item.taobao.com\\/item.htm?id=675330231400&ali_trackid=2:x';</script></html>`);
    } else if (req.url === '/nothing') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>no item here</html>');
    else res.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server?.close(resolve));
});

let nextClient = 0;
/** Each call from its own address unless one is given (the limit is per client). */
function convert(body: unknown, ip = `10.1.${Math.floor(++nextClient / 250)}.${(nextClient % 250) + 1}`) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/convert',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function agents(): Promise<PublicAgent[]> {
  return (await send(ctx.app, 'GET', '/api/agents')).json<AgentList>().items;
}

function expectLinks(result: ConvertResult, all: PublicAgent[], source: ItemSource) {
  expect(result.source).toMatchObject(source);
  expect(result.links.map((l) => l.agent).sort()).toEqual(all.map((a) => a.slug).sort());
  for (const link of result.links) {
    const agent = all.find((a) => a.slug === link.agent)!;
    expect(link.url).toBe(buildAgentLink(agent, source));
  }
}

describe('POST /api/convert', () => {
  it('reads every marketplace and agent link form the agents code reads, and gives every enabled agent\u2019s link', async () => {
    const all = await agents();
    expect(all.length).toBeGreaterThan(3);
    for (const [link, source] of [...MARKETPLACE_LINKS, ...AGENT_LINKS]) {
      const res = await convert({ text: link });
      expect(res.statusCode, `${link}: ${res.body}`).toBe(200);
      const result = res.json<ConvertResult>();
      expectLinks(result, all, source);
      expect(result.followed).toBeNull();
      // Without a choice, the default agent comes first.
      expect(result.links[0]?.isDefault).toBe(true);
    }
  });

  it("puts the referral codes in, and the visitor's agent first (the default when the choice is not offered)", async () => {
    const [cnfans] = (await send(ctx.app, 'GET', '/api/admin/agents', { cookie: admin })).json<{
      items: Array<PublicAgent & { id: string; enabled: boolean }>;
    }>().items;
    const put = await send(ctx.app, 'PUT', `/api/admin/agents/${cnfans!.id}`, {
      cookie: admin,
      body: { ...cnfans, referralCode: 'FINDREF' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const chosen = (await convert({ text: 'https://weidian.com/item.html?itemID=7231813762', agent: 'kakobuy' })).json<ConvertResult>();
    expect(chosen.links.map((l) => l.agent).slice(0, 2)).toEqual(['kakobuy', 'cnfans']);
    expect(chosen.links[1]?.url).toBe('https://cnfans.com/product/?shop_type=weidian&id=7231813762&ref=FINDREF');
    const unknown = (await convert({ text: 'https://weidian.com/item.html?itemID=7231813762', agent: 'nobody' })).json<ConvertResult>();
    expect(unknown.links[0]?.agent).toBe('cnfans');
  });

  it('follows two short share texts (a redirect, and a page naming the item) through the safe fetch', async () => {
    const all = await agents();
    const weidian = await convert({ text: `I found this on Weidian ${hostUrl}/wd/AbC123 check it out!` });
    expect(weidian.statusCode, weidian.body).toBe(200);
    const w = weidian.json<ConvertResult>();
    expectLinks(w, all, { platform: 'weidian', itemId: '7231813762' });
    expect(w.link).toBe(`${hostUrl}/wd/AbC123`);
    expect(w.followed).toBe('https://weidian.com/item.html?itemID=7231813762&spider_token=1');

    const taobao = await convert({ text: `【淘宝】${hostUrl}/h.tbXyZ?tk=abc CZ0001 「Nike Dunk Low Panda」\n点击链接直接打开` });
    expect(taobao.statusCode, taobao.body).toBe(200);
    const t = taobao.json<ConvertResult>();
    expectLinks(t, all, { platform: 'taobao', itemId: '675330231400' });
    expect(t.source.url).toBe('https://item.taobao.com/item.htm?id=675330231400');
    // The redirect's target is not asked for (an item address ends the walk), and a link followed once is remembered.
    asked.length = 0;
    expect((await convert({ text: `${hostUrl}/wd/AbC123` })).statusCode).toBe(200);
    expect(asked).toEqual([]);
  });

  it("shows the item's card when it is in the catalogue", async () => {
    await clearCatalogue(ctx.database);
    await insertProducts(ctx.database, [
      { title: 'Panda Dunks', link: 'https://cnfans.com/product/?shop_type=taobao&id=675330231400' },
      { title: 'Panda Dunks (other colour)', link: 'https://item.taobao.com/item.htm?id=675330231400' },
    ]);
    // products.source_* are read from the link on write by the service; the factory writes rows as given.
    await ctx.database.db.execute(sql`update products set source_platform = 'taobao', source_item_id = '675330231400'`);
    const found = (
      await convert({ text: 'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D675330231400' })
    ).json<ConvertResult>();
    expect(found.product?.title).toBe('Panda Dunks');
    const other = (await convert({ text: 'https://weidian.com/item.html?itemID=7231813762' })).json<ConvertResult>();
    expect(other.product).toBeNull();
  });

  it('refuses with a sentence (400), never a 5xx', async () => {
    const refusal = async (body: unknown) => {
      const res = await convert(body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ message: string }>().message;
    };
    // The schema's refusals name their field, as every API refusal does.
    expect(await refusal({ text: '   ' })).toBe(`text: ${CONVERT_TEXTS.empty}`);
    expect(await refusal({})).toBe(`text: ${CONVERT_TEXTS.empty}`);
    expect(await refusal({ text: 'x'.repeat(2001) })).toBe(`text: ${CONVERT_TEXTS.tooLong}`);
    expect(await refusal({ text: 'just some words' })).toBe(CONVERT_TEXTS.noLink);
    expect(await refusal({ text: 'https://store.example/item?id=675330231400' })).toBe(CONVERT_TEXTS.noItem);
    expect(await refusal({ text: 'https://weidian.com/item.html', agent: 'Not A Slug' })).toBe(CONVERT_TEXTS.agentInvalid);
    for (const link of UNREADABLE_LINKS) {
      expect([`text: ${CONVERT_TEXTS.empty}`, CONVERT_TEXTS.noLink, CONVERT_TEXTS.noItem]).toContain(await refusal({ text: link }));
    }
    expect(await refusal({ text: `${hostUrl}/gone` })).toBe(CONVERT_TEXTS.shortFailed(`${new URL(hostUrl).host} answered 404`));
    expect(await refusal({ text: `${hostUrl}/nothing` })).toBe(CONVERT_TEXTS.shortFailed('it leads to no item'));
    // A host that refuses the connection: still the link's problem, a 400.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refusal({ text: `http://127.0.0.1:${port}/h.x` })).toMatch(
      /^The short link could not be followed \(127\.0\.0\.1:\d+ could not be reached \(ECONNREFUSED\)\)/,
    );
  });

  it('limits each client like requests: a clear 429 with Retry-After, others unaffected', async () => {
    for (let i = 0; i < CONVERT_RATE_LIMIT; i++) expect((await convert({ text: 'no link' }, '10.9.9.9')).statusCode).toBe(400);
    const limited = await convert({ text: 'https://weidian.com/item.html?itemID=7231813762' }, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(
      /^You have converted many links in a short time\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await convert({ text: 'https://weidian.com/item.html?itemID=7231813762' }, '10.9.9.10')).statusCode).toBe(200);
  });

  it('counts clicks on its links per agent in Analytics (once per visitor, item and day; unknown agents 404)', async () => {
    const click = (body: object, ip = '10.7.7.7') => postAnalyticsEvent(ctx.app, body, ip);
    const event = { kind: 'convert-click', agent: 'kakobuy', platform: 'weidian', itemId: '7231813762' };
    expect((await click(event)).statusCode).toBe(204);
    expect((await click(event)).statusCode).toBe(204);
    expect((await click({ ...event, itemId: '7231813763' })).statusCode).toBe(204);
    expect((await click({ ...event, agent: 'hoobuy' }, '10.7.7.8')).statusCode).toBe(204);
    expect((await click({ ...event, agent: 'nobody' })).statusCode).toBe(404);
    expect((await click({ ...event, platform: 'amazon' })).statusCode).toBe(400);
    const summary = (await send(ctx.app, 'GET', '/api/admin/analytics', { cookie: admin })).json<AnalyticsSummary>();
    expect(summary.agentActivity).toEqual([
      { agent: 'kakobuy', name: 'Kakobuy', converterClicks: 2, promoLinks: 0, promoCodes: 0 },
      { agent: 'hoobuy', name: 'Hoobuy', converterClicks: 1, promoLinks: 0, promoCodes: 0 },
    ]);
  });
});

describe('the converter service', () => {
  it('follows at most CONVERT_FOLLOW_CONCURRENCY short links at once; the others are asked to wait (429)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const service = createConvertService({
      agents: async () => ({ items: [] }),
      findProduct: async () => null,
      follow: async (address) => {
        await gate;
        if (address.endsWith('/bad')) throw new AppError('VALIDATION', 'm.tb.cn answered 404.');
        return 'https://item.taobao.com/item.htm?id=675330231400';
      },
      shortHosts: ['m.tb.cn'],
      limit: async () => undefined,
    });
    const client = { ip: '10.0.0.1' };
    const running = Array.from({ length: CONVERT_FOLLOW_CONCURRENCY }, (_, i) =>
      service.convert({ text: `https://m.tb.cn/h.${i}` }, client),
    );
    await expect(service.convert({ text: 'https://m.tb.cn/h.extra' }, client)).rejects.toMatchObject({
      statusCode: 429,
      message: CONVERT_TEXTS.busy,
    });
    release();
    const results = await Promise.all(running);
    expect(results.map((r) => r.source.itemId)).toEqual(Array(CONVERT_FOLLOW_CONCURRENCY).fill('675330231400'));
    await expect(service.convert({ text: 'https://m.tb.cn/bad' }, client)).rejects.toMatchObject({
      statusCode: 400,
      message: CONVERT_TEXTS.shortFailed('m.tb.cn answered 404'),
    });
  });
});
