import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '../../../common/import-columns';
import type { Import } from '../../../common/schemas/imports';
import type { AdminProductPage, ProductPage } from '../../../common/schemas/product';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { oddPriceReason, priceBounds } from './import-quality';
import { isSpreadsheetError } from './import-rows';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

describe('odd prices (pure)', () => {
  // A finds sheet's prices in dollars: tees to down jackets.
  const ordinary = [6.3, 13.8, 14, 20.4, 22.4, 26.6, 28, 33.7, 37.7, 46.3, 60.4, 84.4];

  it("finds the file's range on the prices' order of magnitude: a $350 coat in a sheet of tees is no outlier, a $2,000 one is", () => {
    const bounds = priceBounds(ordinary);
    expect(bounds).not.toBeNull();
    expect(bounds?.high).toBeGreaterThan(350);
    expect(bounds?.high).toBeLessThan(2000);
    expect(bounds?.low).toBeLessThan(2);
    expect(oddPriceReason(350, 350, bounds, 'USD')).toBeNull();
    expect(oddPriceReason(2000, 2000, bounds, 'USD')).toMatch(/far above/);
    expect(oddPriceReason(12519, 88888, bounds, 'USD')).toMatch(/far above the file's other prices/);
    expect(oddPriceReason(0.05, 0.05, bounds, 'USD')).toMatch(/far below/);
  });

  it('knows placeholders by the amount as written, before conversion', () => {
    // 9999 yuan is $1,408: inside a range of coats, but a placeholder all the same.
    expect(oddPriceReason(1408.3, 9999, priceBounds([...ordinary, 900, 1200, 1500]), 'USD')).toMatch(/placeholder/);
    expect(oddPriceReason(0.01, 0.01, null, 'USD')).toMatch(/placeholder/);
    expect(oddPriceReason(99, 99, null, 'USD')).toBeNull();
  });

  it('says nothing of the range with too few prices, and one price repeated does not make its neighbours odd', () => {
    expect(priceBounds([10, 20, 3000])).toBeNull();
    const same = priceBounds(Array.from({ length: 20 }, () => 25));
    expect(oddPriceReason(30, 30, same, 'USD')).toBeNull();
    expect(oddPriceReason(60, 60, same, 'USD')).toBeNull();
  });

  it('reads the error values of Excel, LibreOffice and Google Sheets, and no ordinary text', () => {
    for (const value of ['#N/A', '#REF!', '#VALUE!', '#DIV/0!', '#NAME?', '#NULL!', '#NUM!', ' #n/a ', '#ERROR!'])
      expect(isSpreadsheetError(value), value).toBe(true);
    for (const value of ['#1 Best Seller', 'N/A', '#', 'Hoodie #REF', 42, null])
      expect(isSpreadsheetError(value), String(value)).toBe(false);
  });
});

let ctx: TestContext;
let admin = '';

beforeAll(async () => {
  ctx = await createTestApp({ importAllowPrivateHosts: true });
  admin = await signedInAs(ctx.app, 'quality-admin@example.com', { isAdmin: true });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await ctx.database.db.execute(sql`delete from imports`);
  await ctx.database.db.execute(sql`delete from catalogue_changes`);
  await insertCategories(
    ctx.database,
    ['Shoes', 'Jackets', 'T-Shirts', 'Hoodies'].map((name, i) => ({ name, relevance: i + 1 })),
  );
});

/** Another finds site's export: yuan prices, slug categories, buckets, blank links, a 9999 placeholder, #N/A cells. */
async function previewFindsExport(): Promise<Import> {
  const form = multipartBody([{ filename: 'finds-site-export.csv', body: fixture('finds-site-export.csv'), field: 'file' }], {
    rates: JSON.stringify({ CNY: 7.1 }),
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...form.headers, origin: TEST_ORIGIN, cookie: admin },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Import>();
}

async function commit(id: string, body: Record<string, unknown>): Promise<Import> {
  const res = await send(ctx.app, 'POST', `/api/admin/imports/${id}/commit`, { cookie: admin, body });
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 800; i++) {
    const state = (await send(ctx.app, 'GET', `/api/admin/imports/${id}`, { cookie: admin })).json<Import>();
    if (state.status !== 'running') return state;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}

/** Every title the storefront lists, page after page. */
async function storefront(): Promise<string[]> {
  const titles: string[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page: ProductPage = (
      await send(ctx.app, 'GET', `/api/products?limit=24${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    ).json<ProductPage>();
    titles.push(...page.items.map((p) => p.title));
    cursor = page.nextCursor;
  }
  return titles;
}

const adminList = async (query: string) =>
  (await send(ctx.app, 'GET', `/api/admin/products?pageSize=100&${query}`, { cookie: admin })).json<AdminProductPage>();

describe('an export with odd values and rows without a buy link', () => {
  it('reads #N/A and #REF! as empty (the rows are invalid for their missing title or price, not titled "#N/A")', async () => {
    const preview = await previewFindsExport();
    expect(preview.counts.invalid).toBe(2);
    expect(preview.errors.map((e) => [e.row, e.column])).toEqual([
      [7, 'Name'],
      [10, 'Price (CNY)'],
    ]);
    // The #N/A picture of row 13 is no picture, and no warning about an address.
    expect(preview.warnings.filter((w) => w.row === 13)).toEqual([]);
  });

  it('flags the placeholders and the price far outside the file, with the range, and lists the rows without a link', async () => {
    const preview = await previewFindsExport();
    expect(preview.oddPrices.count).toBe(3);
    expect(preview.oddPrices.rows.map((r) => r.row)).toEqual([8, 16, 17]);
    expect(preview.oddPrices.rows[0]).toMatchObject({ title: 'Yeezy Slide Onyx', reason: '9999 looks like a placeholder, not a price.' });
    expect(preview.oddPrices.rows[2]?.reason).toMatch(/^12519\.44 USD is far above the file's other prices/);
    expect(preview.oddPrices.high).toBeGreaterThan(84);
    expect(preview.noLink).toEqual({
      count: 3,
      rows: [
        { row: 6, title: 'Moncler Maya Down Jacket' },
        { row: 9, title: 'Essentials Hoodie Oatmeal' },
        { row: 13, title: 'Plain Heavyweight Tee' },
      ],
    });
    expect(preview.choices).toBeNull();
  });

  it('skips the odd prices and hides the rows without a link until one is added', { timeout: 90_000 }, async () => {
    const preview = await previewFindsExport();
    expect(preview.counts.new).toBe(14);
    const done = await commit(preview.id, { oddPrices: 'skip', noLink: 'hide' });
    expect(done.status, done.result?.message ?? '').toBe('succeeded');
    expect(done.choices).toEqual({ oddPrices: 'skip', noLink: 'hide', skippedOddPrices: 3, skippedNoLink: 0 });
    expect(done.result?.created).toBe(11);
    const titles = (await adminList('')).items.map((p) => p.title);
    expect(titles).not.toContain('Yeezy Slide Onyx');
    expect(titles).not.toContain('Dior B23 High Top');

    // The Items tab's "no link" filter lists the three; the storefront shows none of them.
    const bare = await adminList('link=none');
    expect(bare.items.map((p) => p.title).sort()).toEqual([
      'Essentials Hoodie Oatmeal',
      'Moncler Maya Down Jacket',
      'Plain Heavyweight Tee',
    ]);
    expect((await adminList('link=some')).total).toBe(8);
    // Link health counts them, and the products without a picture (their paths were relative, one host is dead).
    const health = (await send(ctx.app, 'GET', '/api/admin/link-health', { cookie: admin })).json<{ counts: Record<string, number> }>();
    expect(health.counts).toMatchObject({ noLink: 3, noPicture: 11 });
    const shown = await storefront();
    expect(shown).toHaveLength(8);
    expect(shown).not.toContain('Moncler Maya Down Jacket');

    // A link added in the item form shows the product again.
    const moncler = bare.items.find((p) => p.title === 'Moncler Maya Down Jacket');
    const put = await send(ctx.app, 'PUT', `/api/admin/products/${moncler?.id}`, {
      cookie: admin,
      body: {
        title: moncler?.title,
        price: String(moncler?.price),
        category: moncler?.category ?? '',
        gender: moncler?.gender ?? '',
        link: 'https://weidian.com/item.html?itemID=7211000005',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [state] = await ctx.database.rows<{ link_state: string }>(sql`select link_state from products where id = ${moncler?.id}::uuid`);
    expect(state?.link_state).toBe('ok');
    expect(await storefront()).toContain('Moncler Maya Down Jacket');
  });

  it(
    'imports everything as it is when asked (the API default), and skips the rows without a link when asked',
    { timeout: 90_000 },
    async () => {
      const all = await commit((await previewFindsExport()).id, {});
      expect(all.result?.created).toBe(14);
      expect(all.choices).toMatchObject({ oddPrices: 'import', noLink: 'import', skippedOddPrices: 0, skippedNoLink: 0 });
      expect(await storefront()).toHaveLength(14);

      await clearCatalogue(ctx.database);
      const skipped = await commit((await previewFindsExport()).id, { oddPrices: 'import', noLink: 'skip' });
      expect(skipped.choices).toMatchObject({ skippedNoLink: 3 });
      expect(skipped.result?.created).toBe(11);
      expect((await adminList('link=none')).total).toBe(0);
    },
  );

  it('recognises the hidden rows without a link when the same file is imported again', { timeout: 90_000 }, async () => {
    const first = await commit((await previewFindsExport()).id, { oddPrices: 'import', noLink: 'hide' });
    expect(first.result?.created).toBe(14);
    const again = await previewFindsExport();
    // The three link-less rows have no seller item to group by: they are the hidden products of the same title.
    expect(again.counts.new).toBe(0);
    expect(again.counts.updated + again.counts.unchanged).toBe(14);
    const second = await commit(again.id, { oddPrices: 'import', noLink: 'hide' });
    expect(second.result?.created).toBe(0);
    expect((await adminList('')).total).toBe(14);
    const bare = await adminList('link=none');
    expect(bare.items.map((p) => p.title).sort()).toEqual([
      'Essentials Hoodie Oatmeal',
      'Moncler Maya Down Jacket',
      'Plain Heavyweight Tee',
    ]);
  });

  it('refuses a choice it does not know with a sentence', async () => {
    const preview = await previewFindsExport();
    const res = await send(ctx.app, 'POST', `/api/admin/imports/${preview.id}/commit`, { cookie: admin, body: { noLink: 'later' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/noLink must be import, hide, skip/);
  });
});

async function previewFile(name: string, fields: Record<string, string> = {}): Promise<Import> {
  const form = multipartBody([{ filename: name, body: fixture(name), field: 'file' }], { rates: JSON.stringify({ CNY: 7.1 }), ...fields });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...form.headers, origin: TEST_ORIGIN, cookie: admin },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Import>();
}

describe('derived fields', () => {
  it('reads gender from the sub-category, Best from its buckets and brands from the titles, and writes them', async () => {
    const preview = await previewFindsExport();
    expect(preview.derived).toEqual({ on: true, gender: 11, brand: 13, best: 3, buckets: 0 });
    await commit(preview.id, {});
    const products = (await adminList('')).items;
    const of = (title: string) => products.find((p) => p.title === title);
    expect(of('Air Force 1 Low White')).toMatchObject({ brand: 'Nike', gender: 'Men', category: 'sneakers', isBestProduct: false });
    expect(of('Corteiz Cropped Top')).toMatchObject({ brand: 'Corteiz', gender: 'Women' });
    expect(of('Jordan 4 Military Black')).toMatchObject({ brand: 'Jordan', gender: null, isBestProduct: true });
    expect(of('Plain Heavyweight Tee')).toMatchObject({ brand: '', gender: 'Kids' });
    expect((await adminList('gender=Women')).total).toBe(3);
  });

  it('turns off: nothing derived, the buckets stay as they are', async () => {
    const preview = await previewFile('keyed-by-category.json', { derive: 'false' });
    expect(preview.derived).toEqual({ on: false, gender: 0, brand: 0, best: 0, buckets: 0 });
    expect(preview.newCategories).toEqual(expect.arrayContaining(['Women', 'Trending Now', 'Best Sellers']));
  });

  it('reads an object keyed by category: audience and merchandising keys become gender and Best, not categories', async () => {
    const preview = await previewFile('keyed-by-category.json');
    expect(preview.counts).toMatchObject({ new: 10, invalid: 0 });
    expect(preview.derived).toEqual({ on: true, gender: 3, brand: 8, best: 3, buckets: 6 });
    expect(preview.newCategories.sort()).toEqual(['coats', 'hoodies-sweatshirts']);
    await commit(preview.id, {});
    const products = (await adminList('')).items;
    const of = (title: string) => products.find((p) => p.title === title);
    expect(of("Women's Puffer Cream")).toMatchObject({ gender: 'Women', category: null, brand: '' });
    expect(of('Yeezy 350 V2 Zebra')).toMatchObject({ brand: 'Adidas', isBestProduct: true, category: null });
    expect(of('Nuptse 700 Black')).toMatchObject({ brand: 'The North Face', category: 'coats' });
  });

  it('reads brands with the list kept beside the synonyms, edited by an admin (audited)', async () => {
    const kept = await send(ctx.app, 'GET', '/api/admin/brand-aliases', { cookie: admin });
    expect(kept.json<{ isDefault: boolean }>().isDefault).toBe(true);
    const put = await send(ctx.app, 'PUT', '/api/admin/brand-aliases', {
      cookie: admin,
      body: { items: [{ alias: 'Plain', brand: 'Plain Goods' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const preview = await previewFindsExport();
    expect(preview.derived.brand).toBe(1);
    const [entry] = await ctx.database.rows<{ action: string }>(sql`select action from audit_log where action = 'brand-aliases-update'`);
    expect(entry?.action).toBe('brand-aliases-update');
    const refused = await send(ctx.app, 'PUT', '/api/admin/brand-aliases', {
      cookie: admin,
      body: { items: [{ alias: ' ', brand: 'X' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/needs a brand or model/);
    await ctx.database.db.execute(sql`delete from brand_aliases`);
  });
});

describe('categories at import', () => {
  it(
    'proposes existing categories for the new ones, maps them at the commit and remembers the choice for this source',
    { timeout: 90_000 },
    async () => {
      const preview = await previewFindsExport();
      const byName = Object.fromEntries(preview.categories.map((c) => [c.name, c]));
      expect(byName.sneakers).toMatchObject({ rows: 5, proposed: 'Shoes', reason: 'dictionary', newName: 'Sneakers' });
      expect(byName.tees).toMatchObject({ proposed: 'T-Shirts', reason: 'dictionary' });
      expect(byName['hoodies-sweatshirts']).toMatchObject({ proposed: 'Hoodies', newName: 'Hoodies Sweatshirts' });
      expect(byName.coats).toMatchObject({ proposed: 'Jackets' });
      expect(byName.knitwear).toMatchObject({ proposed: null, reason: null, newName: 'Knitwear' });

      const done = await commit(preview.id, {
        categories: { sneakers: 'Shoes', tees: 'T-Shirts', 'hoodies-sweatshirts': 'Hoodies', coats: 'Jackets', knitwear: 'Knitwear' },
      });
      expect(done.status).toBe('succeeded');
      const products = (await adminList('')).items;
      expect(products.find((p) => p.title === 'Air Force 1 Low White')?.category).toBe('Shoes');
      expect(products.find((p) => p.title === 'Ralph Lauren Cable Knit')?.category).toBe('Knitwear');
      const names = (await send(ctx.app, 'GET', '/api/categories')).json<{ items: Array<{ name: string }> }>().items.map((c) => c.name);
      expect(names.sort()).toEqual(['Hoodies', 'Jackets', 'Knitwear', 'Shoes', 'T-Shirts']);

      // The same file again: the remembered choices map its rows as the commit will, so a row whose category alone
      // differs is unchanged (ten of them counted as updated before). The one update left is the jacket whose picture
      // never came (its host cannot be reached): the import gives its address again.
      const same = await previewFindsExport();
      expect(same.categories.find((c) => c.name === 'coats')).toMatchObject({ proposed: 'Jackets', reason: 'remembered' });
      expect(same.counts).toMatchObject({ new: 0, updated: 1 });
      const updated = await ctx.database.rows<{ title: string }>(
        sql`select values->>'title' as title from import_rows where import_id = ${same.id}::uuid and action = 'update'`,
      );
      expect(updated.map((r) => r.title)).toEqual(['Carhartt Detroit Jacket']);
      // The next import of the same file: what was chosen is proposed again, even where the niche's words would not.
      await ctx.database.db.execute(sql`update import_category_choices set to_name = 'Jackets' where from_key = 'sneakers'`);
      const again = await previewFindsExport();
      expect(again.categories.find((c) => c.name === 'sneakers')).toMatchObject({ proposed: 'Jackets', reason: 'remembered' });
      expect(again.categories.map((c) => c.name)).not.toContain('knitwear');
    },
  );

  it("refuses a category that is not one of the preview's new ones", async () => {
    const preview = await previewFindsExport();
    const res = await send(ctx.app, 'POST', `/api/admin/imports/${preview.id}/commit`, {
      cookie: admin,
      body: { categories: { Shoes: 'Jackets' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('categories: "Shoes" is not one of this import\'s new categories.');
  });
});

describe('pictures given as paths on the site they came from', () => {
  it('are counted and a base address proposed; with one they resolve against it', async () => {
    const preview = await previewFindsExport();
    expect(preview.relativePictures).toEqual({ count: 14, example: '/uploads/2024/03/af1-white.jpg', propose: true, base: null });

    const based = await previewFile('finds-site-export.csv', { pictureBase: 'https://onlyfinds.example' });
    expect(based.relativePictures).toMatchObject({ count: 0, propose: false, base: 'https://onlyfinds.example' });
    expect(based.warnings.filter((w) => w.column === 'Image')).toEqual([]);
    const [staged] = await ctx.database.rows<{ image: string }>(
      sql`select values->>'image' as image from import_rows where import_id = ${based.id}::uuid order by row_number limit 1`,
    );
    expect(staged?.image).toBe('https://onlyfinds.example/uploads/2024/03/af1-white.jpg');
  });

  it('refuses a base address that is not http(s) with a sentence', async () => {
    const form = multipartBody([{ filename: 'a.csv', body: fixture('finds-site-export.csv'), field: 'file' }], { pictureBase: 'ftp://x' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: admin },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('pictureBase must be an http(s) address such as https://site.example');
  });
});

/** A preview of a main file with a second file joined to it (field joinFile). */
async function postJoined(main: string, second: { name: string; body: Buffer } | null, fields: Record<string, string> = {}) {
  const files = [
    ...(main ? [{ filename: main, body: fixture(main), field: 'file' }] : []),
    ...(second ? [{ filename: second.name, body: second.body, field: 'joinFile', contentType: 'text/csv' }] : []),
  ];
  const form = multipartBody(files, { rates: JSON.stringify({ CNY: 7.1 }), ...fields });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...form.headers, origin: TEST_ORIGIN, cookie: admin },
    payload: form.payload,
  });
}
const LINKS = 'keyed-by-category-links.csv';
const linksFile = (body: Buffer = fixture(LINKS)) => ({ name: LINKS, body });

describe('a second file joined by a key column', () => {
  it('imports the object keyed by category and its buy links kept apart by slug in one go', { timeout: 90_000 }, async () => {
    const res = await postJoined('keyed-by-category.json', linksFile());
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json<Import>();
    expect(preview.join).toMatchObject({
      file: LINKS,
      key: 'slug',
      joinKey: 'slug',
      columns: ['buy_link', 'agent'],
      matched: 10,
      unmatched: { count: 0, rows: [] },
      duplicates: { count: 0, keys: [] },
    });
    expect(preview.headers).toEqual(expect.arrayContaining(['slug', 'name', 'price', 'buy_link', 'agent']));
    expect(preview.mapping.buy_link).toBe('link');
    expect(preview.counts).toMatchObject({ new: 10, invalid: 0 });
    // The one slug whose link is blank in the links file is named as a row without a link.
    expect(preview.noLink).toEqual({ count: 1, rows: [{ row: expect.any(Number), title: "Women's Puffer Cream" }] });

    const done = await commit(preview.id, { noLink: 'hide' });
    expect(done.status, done.result?.message ?? '').toBe('succeeded');
    expect(done.result?.created).toBe(10);
    const products = (await adminList('')).items;
    const of = (title: string) => products.find((p) => p.title === title);
    expect(of('Moncler Maya Jacket')?.link).toBe('https://weidian.com/item.html?itemID=7300000008');
    expect(of('Yeezy 350 V2 Zebra')?.link).toBe('https://item.taobao.com/item.htm?id=690000000005');
    expect((await adminList('link=some')).total).toBe(9);
    expect((await adminList('link=none')).items.map((p) => p.title)).toEqual(["Women's Puffer Cream"]);
  });

  it('names the rows with no match and the keys the second file repeats, in sentences', async () => {
    const lines = fixture(LINKS).toString('utf8').trim().split('\n');
    // Moncler's row is gone, Jordan's given twice (a later price list appended).
    const edited = [
      ...lines.filter((l) => !l.startsWith('moncler-maya-jacket,')),
      'jordan-4-military-black,https://weidian.com/item.html?itemID=7300000099,cnfans',
    ];
    const res = await postJoined('keyed-by-category.json', linksFile(Buffer.from(edited.join('\n'))), {
      joinKey: 'slug',
      joinFileKey: 'slug',
    });
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json<Import>();
    expect(preview.join).toMatchObject({
      matched: 9,
      unmatched: { count: 1 },
      duplicates: { count: 1, keys: ['jordan-4-military-black'] },
    });
    const row = preview.join?.unmatched.rows[0];
    expect(preview.readWarnings).toEqual(
      expect.arrayContaining([
        `1 row of the main file has no match in ${LINKS} by slug (row ${row}): it is imported without that file's columns.`,
        `${LINKS} has the slug "jordan-4-military-black" on more than one row: the first of them is joined.`,
      ]),
    );
    expect(preview.noLink.rows.map((r) => r.title).sort()).toEqual(['Moncler Maya Jacket', "Women's Puffer Cream"]);
  });

  it('joins a second file to a catalogue read from an address (the form sends url in place of file)', { timeout: 90_000 }, async () => {
    // Another site's export, published at an address of its own (here a server on this machine).
    const site = http.createServer((req, res) => {
      if (req.url === '/export/products.json')
        res.writeHead(200, { 'content-type': 'application/json' }).end(fixture('keyed-by-category.json'));
      else res.writeHead(404).end('missing');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/export/products.json`;
      const res = await postJoined('', linksFile(), { url });
      expect(res.statusCode, res.body).toBe(201);
      const preview = res.json<Import>();
      expect(preview.source).toBe(url);
      expect(preview.join).toMatchObject({ file: LINKS, key: 'slug', matched: 10 });
      expect(preview.mapping.buy_link).toBe('link');
      expect(preview.counts).toMatchObject({ new: 10, invalid: 0 });
      // An address is one source: not beside a file, and alone it is sent as JSON.
      const both = await postJoined('keyed-by-category.json', linksFile(), { url });
      expect(both.statusCode).toBe(400);
      expect(both.json<{ message: string }>().message).toBe('Send a file or an address (url), not both.');
      const alone = await postJoined('', null, { url });
      expect(alone.statusCode).toBe(400);
      expect(alone.json<{ message: string }>().message).toMatch(/in a form it comes with joinFile/);
      const notHttp = await postJoined('', linksFile(), { url: 'ftp://example.com/x.csv' });
      expect(notHttp.statusCode).toBe(400);
      expect(notHttp.json<{ message: string }>().message).toMatch(/^url must be an http\(s\) address/);
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it('refuses bad input with a sentence', async () => {
    const expect400 = async (res: Awaited<ReturnType<typeof postJoined>>, message: RegExp) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    };
    await expect400(
      await postJoined('keyed-by-category.json', linksFile(), { joinKey: 'sku' }),
      /joinKey: the main file has no column "sku"/,
    );
    await expect400(
      await postJoined('keyed-by-category.json', linksFile(), { joinFileKey: 'handle' }),
      /joinFileKey: the second file \(keyed-by-category-links\.csv\) has no column "handle"/,
    );
    await expect400(await postJoined('keyed-by-category.json', null, { joinKey: 'slug' }), /send it as joinFile/);
    await expect400(await postJoined('', linksFile()), /Choose the main file too/);
    await expect400(
      await postJoined('keyed-by-category.json', linksFile(Buffer.alloc(0))),
      /The second file \(keyed-by-category-links\.csv\) is empty/,
    );
    await expect400(
      await postJoined('keyed-by-category.json', { name: 'links.xls', body: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]) }),
      /^The second file \(links\.xls\): Old Excel files/,
    );
    await expect400(
      await postJoined('keyed-by-category.json', linksFile(Buffer.from('code,buy\nx,https://weidian.com/item.html?itemID=1\n'))),
      /Choose the key column of each file/,
    );
  });

  it('holds the second file to the size limit of the first (413)', { timeout: 60_000 }, async () => {
    const res = await postJoined('keyed-by-category.json', linksFile(Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x61)));
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toBe(`The second file (joinFile) is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  });
});
