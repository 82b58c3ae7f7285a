// Issue 26: catalogues shaped like the ones operators have (fixtures written here, after real finds sites' exports),
// imported without any hand mapping: names and contents map the columns, prices in yuan are converted, and what a
// person would call fine is imported (with a warning where something was left out).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Import } from '../../../common/schemas/imports';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { parse } from 'csv-parse/sync';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let ctx: TestContext;
let admin = '';
let server: http.Server;
let serverUrl = '';
const asked: string[] = [];

beforeAll(async () => {
  // The local server stands in for a share-link host (m.tb.cn) and for a site whose export names its pictures by path.
  ctx = await createTestApp({ importAllowPrivateHosts: true, importShortLinkHosts: ['127.0.0.1'] });
  admin = await signedInAs(ctx.app, 'real-files-admin@example.com', { isAdmin: true });
  server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === '/s/redirect') res.writeHead(302, { location: 'https://item.taobao.com/item.htm?id=111111' }).end();
    else if (req.url?.startsWith('/s/hop?')) res.writeHead(301, { location: '/s/page' }).end();
    else if (req.url === '/s/page') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><script>var url = 'https:\\/\\/item.taobao.com\\/item.htm?id=222222&ali_trackid=2:x';</script></html>`);
    } else if (req.url === '/api/finds.json') res.writeHead(200, { 'content-type': 'application/json' }).end(fixture('finds-export.json'));
    else res.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await ctx.database.db.execute(sql`delete from imports`);
  await ctx.database.db.execute(sql`delete from currency_rates`);
  asked.length = 0;
});

async function upload(name: string, body: Buffer, fields: Record<string, string> = {}) {
  const form = multipartBody([{ filename: name, body, field: 'file' }], fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...form.headers, origin: TEST_ORIGIN, cookie: admin },
    payload: form.payload,
  });
}
async function preview(name: string, body: Buffer, fields: Record<string, string> = {}): Promise<Import> {
  const res = await upload(name, body, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Import>();
}
async function commit(id: string): Promise<Import> {
  const res = await send(ctx.app, 'POST', `/api/admin/imports/${id}/commit`, { cookie: admin, body: {} });
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 200; i++) {
    const state = (await send(ctx.app, 'GET', `/api/admin/imports/${id}`, { cookie: admin })).json<Import>();
    if (state.status !== 'running') return state;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}
type Row = {
  title: string;
  price: string | number;
  description: string;
  link: string | null;
  image: string | null;
  source_id: string | null;
  source_platform: string | null;
  source_item_id: string | null;
};
const products = () =>
  ctx.database.rows<Row>(
    sql`select title, price, description, link, image, source_id, source_platform, source_item_id from products order by row`,
  );
const setRate = (currency: string, rate: number) =>
  ctx.database.db.execute(sql`insert into currency_rates (currency, rate, source) values (${currency}, ${rate}, 'admin')`);

describe('a JSON export of another finds site (agent links as buyUrl, relative pictures, multi-line titles)', () => {
  it('maps buyUrl as the link, imports every priced row, and leaves relative pictures out with a warning each', async () => {
    const result = await preview('finds.json', fixture('finds-export.json'));
    expect(result.mapping).toMatchObject({ buyUrl: 'link', title: 'title', price: 'price', image: 'image', id: 'id' });
    expect(result.counts).toEqual({ new: 9, updated: 0, unchanged: 0, invalid: 1 });
    expect(result.errors).toEqual([{ row: 8, column: 'price', message: 'Valid price is required!' }]);
    expect(result.warningCount).toBe(7);
    expect(result.warnings[0]).toEqual({
      row: 1,
      column: 'image',
      message: 'image "/uploads/af1.png" is not an http(s) address, so the product is imported without a picture.',
    });
    expect(result.currencies).toEqual([]);
    // The errors file lists the error and every warning, each with its kind.
    const csv = await send(ctx.app, 'GET', `/api/admin/imports/${result.id}/errors`, { cookie: admin });
    const lines = parse(csv.body) as string[][];
    expect(lines[0]).toEqual(['row', 'column', 'kind', 'message']);
    expect(lines.filter((l) => l[2] === 'error')).toHaveLength(1);
    expect(lines.filter((l) => l[2] === 'warning')).toHaveLength(7);
    const done = await commit(result.id);
    expect(done.result?.created).toBe(9);
    const rows = await products();
    expect(rows[0]).toMatchObject({
      title: 'Nike Air Force 1',
      description: 'Note: 22+ colorways · [Premium Quality]',
      image: null,
      source_id: 'f001',
      link: 'https://www.cnfans.com/product/?shop_type=weidian&id=7232290099&ref=12345',
      source_platform: 'weidian',
      source_item_id: '7232290099',
    });
    expect(rows.map((r) => r.title)).toContain('Stone Island Crewneck Sweater');
    expect(rows.find((r) => r.title === 'Stone Island Crewneck Sweater')).toMatchObject({
      source_platform: 'taobao',
      source_item_id: '675330231300',
    });
    expect(Number(rows.find((r) => r.title === 'Stone Island Crewneck Sweater')?.price)).toBe(38.5);
  });

  it('read from its address, finds the relative pictures on that site', async () => {
    const res = await send(ctx.app, 'POST', '/api/admin/imports', { cookie: admin, body: { url: `${serverUrl}/api/finds.json` } });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<Import>();
    expect(result.counts).toMatchObject({ new: 9, invalid: 1 });
    expect(result.warningCount).toBe(0);
  });
});

describe('a Google Sheets export with blank headers ("", "__1", "__2") and prices in dollars and yuan', () => {
  it('maps the columns by their values and asks for the yuan rate it lacks', async () => {
    const result = await preview('sheet.csv', fixture('sheets-export.csv'));
    expect(result.mapping).toEqual({ 'Column 1': 'title', __1: 'price', __2: 'link' });
    expect(result.baseCurrency).toBe('USD');
    expect(result.currencies).toEqual([{ code: 'CNY', rows: 4, rate: null, source: 'missing' }]);
    expect(result.counts).toEqual({ new: 5, updated: 0, unchanged: 0, invalid: 5 });
    expect(result.errors.filter((e) => /CNY/.test(e.message))).toHaveLength(4);
    expect(result.errors[0]).toEqual({
      row: 5,
      column: '__1',
      message: 'price is in CNY and no CNY rate is known: give one in the preview (1 USD = ? CNY) or set it under Currencies.',
    });
  });

  it('converts with the rate given in the preview, or else the site rate, rounded to cents', async () => {
    const given = await preview('sheet.csv', fixture('sheets-export.csv'), { rates: JSON.stringify({ CNY: 7.2 }) });
    expect(given.currencies).toEqual([{ code: 'CNY', rows: 4, rate: 7.2, source: 'given' }]);
    expect(given.counts).toEqual({ new: 9, updated: 0, unchanged: 0, invalid: 1 });
    expect(given.errors).toEqual([{ row: 10, column: '__1', message: 'Valid price is required!' }]);

    await setRate('CNY', 7);
    const site = await preview('sheet.csv', fixture('sheets-export.csv'));
    expect(site.currencies).toEqual([{ code: 'CNY', rows: 4, rate: 7, source: 'site' }]);
    await commit(site.id);
    const rows = await products();
    expect(rows.map((r) => [r.title, Number(r.price)])).toEqual([
      ['Nike Air Force 1', 20],
      ['Jordan 4 Retro Black Cat', 15.29],
      ['Off-White Belt (industrial)', 12.5],
      ['Yeezy Slide', 12.57],
      ['Nike Tech Fleece', 35],
      ['Prada Nylon Bag', 30.71],
      ['Balenciaga Track', 49],
      ['Gallery Dept Tee', 9.86],
      ['Supreme Box Logo', 28],
    ]);
    // Share text around a link keeps the link alone (m.tb.cn is not followed here: only 127.0.0.1 is a short host).
    expect(rows[4]?.link).toBe('https://m.tb.cn/h.gQz1abC?tk=xyz123');
    expect(rows[0]?.description).toBe('Note: 22+ colorways · [Premium Quality]');
  });

  it('refuses rates that are not positive numbers of known currencies', async () => {
    for (const rates of ['{"CNY": -1}', '{"CNY": 0}', '{"XYZ": 2}', 'nope', '{"CNY": "7"}']) {
      const res = await upload('sheet.csv', fixture('sheets-export.csv'), { rates });
      expect(res.statusCode, rates).toBe(400);
      expect(res.json<{ message: string }>().message, rates).toMatch(/rates/);
    }
    const byUrl = await send(ctx.app, 'POST', '/api/admin/imports', {
      cookie: admin,
      body: { url: `${serverUrl}/x.csv`, rates: { CNY: -2 } },
    });
    expect(byUrl.statusCode).toBe(400);
  });
});

describe('a yuan catalogue (priceCny, several colourways on one seller link, duplicates, dead image hosts)', () => {
  it('reads priceCny as yuan and converts each price with the site rate', async () => {
    await setRate('CNY', 7.2);
    const result = await preview('yuan.csv', fixture('yuan-catalogue.csv'));
    expect(result.mapping).toMatchObject({ title: 'title', priceCny: 'price', link: 'link', image: 'image', category: 'category' });
    expect(result.currencies).toEqual([{ code: 'CNY', rows: 10, rate: 7.2, source: 'site' }]);
    // Rows 3 and 4 share row 2's seller link with other titles (colourways: products of one group); row 6 repeats
    // row 5 (same link, same title): a true duplicate.
    expect(result.counts).toEqual({ new: 9, updated: 0, unchanged: 0, invalid: 1 });
    expect(result.errors.map((e) => e.row)).toEqual([6]);
    expect(result.warnings).toEqual([
      {
        row: 11,
        column: 'image',
        message: 'image "/img/fog.png" is not an http(s) address, so the product is imported without a picture.',
      },
    ]);
    await commit(result.id);
    const prices = Object.fromEntries((await products()).map((r) => [r.title, Number(r.price)]));
    expect(prices).toMatchObject({
      'Jordan 4 Black Cat': 14.86,
      'Jordan 4 White Cement': 14.86,
      'Jordan 4 Military Blue': 15.14,
      'Stussy Tee': 6.81,
      'Carhartt Detroit Jacket': 26.11,
      'New Balance 550': 141.67,
    });
  });
});

describe('short share links', () => {
  it('follows them at preview to the item (redirects or the page they answer), and keeps those it cannot follow with a warning', async () => {
    const csv = Buffer.from(
      `title,price,link\nRedirected,10,${serverUrl}/s/redirect\n` +
        `Paged,11,"【淘宝】${serverUrl}/s/hop?tk=abc CZ0001 「Paged」点击链接直接打开"\nLost,12,${serverUrl}/s/missing\n`,
    );
    const result = await preview('short.csv', csv);
    expect(result.counts).toEqual({ new: 3, updated: 0, unchanged: 0, invalid: 0 });
    expect(result.warnings).toEqual([
      {
        row: 4,
        column: 'link',
        message: expect.stringMatching(/^The short link could not be followed \(.*404.*\); it is kept as given\.$/),
      },
    ]);
    // The redirect's target was not asked for: an item address ends the walk.
    expect(asked.sort()).toEqual(['/s/hop?tk=abc', '/s/missing', '/s/page', '/s/redirect']);
    await commit(result.id);
    expect((await products()).map((r) => [r.link, r.source_platform, r.source_item_id])).toEqual([
      ['https://item.taobao.com/item.htm?id=111111', 'taobao', '111111'],
      ['https://item.taobao.com/item.htm?id=222222&ali_trackid=2:x', 'taobao', '222222'],
      [`${serverUrl}/s/missing`, null, null],
    ]);
  });
});

describe('the CSV round trip', () => {
  it("gives back titles that start with an apostrophe, a formula's sign or both, through an export and an import", async () => {
    const titles = ["'=abc", '=1+1', "'quoted'", '-5 off', '@home', "''twice", 'plain'];
    await insertProducts(
      ctx.database,
      titles.map((title, i) => ({ title, price: i + 1, link: `https://store.example/rt/${i}` })),
    );
    const exported = await send(ctx.app, 'GET', '/api/admin/products/export?format=csv', { cookie: admin });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain("''=abc");
    await clearCatalogue(ctx.database);
    const result = await preview('export.csv', exported.rawPayload);
    expect(result.counts).toMatchObject({ new: titles.length, invalid: 0 });
    await commit(result.id);
    expect((await products()).map((r) => r.title)).toEqual(titles);
    // And the same file again changes nothing.
    expect((await preview('export.csv', exported.rawPayload)).counts).toMatchObject({ unchanged: titles.length });
  });
});
