import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BulkEditResult, BulkEditPreview, LinkMatches, UndoResult } from '../../../common/schemas/changes';
import type { Import } from '../../../common/schemas/imports';
import type { AdminProductPage } from '../../../common/schemas/product';
import { auditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { readImport } from '../imports/read-import';

let ctx: TestContext;
let admin = '';
let user = '';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'bulk-admin@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'bulk-user@example.com');
});
afterAll(async () => {
  await ctx?.close();
});

const FIXTURE = [
  { title: 'Zip Hoodie', category: 'Hoodies', gender: 'Men', price: 30, link: 'https://s.example/hoodie' },
  { title: 'Puffer Hoodie', category: 'Hoodies', gender: 'Women', price: 45, link: 'https://s.example/puffer' },
  {
    title: 'Graphic Tee',
    category: 'T-Shirts',
    gender: null,
    price: 12,
    link: 'https://s.example/tee',
    description: 'Line one\nline "two", three',
  },
  { title: '=cmd|calc', category: 'T-Shirts', gender: 'Kids', price: 9.5, link: 'https://s.example/tee', isBestProduct: true },
  { title: 'Trail Boot', category: 'Shoes', gender: 'Men', price: 80, link: null, brand: 'Fjäll' },
];

beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await ctx.database.db.execute(sql`delete from catalogue_changes`);
  await insertCategories(
    ctx.database,
    ['Hoodies', 'Jackets', 'T-Shirts', 'Shoes'].map((name, i) => ({ name, relevance: i + 1 })),
  );
  await insertProducts(ctx.database, FIXTURE);
});

const rows = () =>
  ctx.database.rows<{
    id: string;
    title: string;
    category: string | null;
    gender: string | null;
    is_best_product: boolean;
    number: number;
    row: number;
  }>(sql`select id, title, category, gender, is_best_product, number, row from products order by row`);
const bulk = (body: unknown, cookie = admin) => send(ctx.app, 'POST', '/api/admin/products/bulk', { cookie, body });
const undo = (id: string, cookie = admin) => send(ctx.app, 'POST', `/api/admin/products/changes/${id}/undo`, { cookie });

describe('bulk item actions', () => {
  it('sets the category of the ticked items and undoes it', async () => {
    const before = await rows();
    const ids = before.filter((r) => r.category === 'Hoodies').map((r) => r.id);
    const res = await bulk({ selection: { ids }, action: { type: 'set-category', category: 'jackets' } });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<BulkEditResult>();
    expect(result).toMatchObject({ selected: 2, changed: 2, summary: 'Set category to Jackets' });
    expect((await rows()).filter((r) => r.category === 'Jackets').map((r) => r.title)).toEqual(['Zip Hoodie', 'Puffer Hoodie']);
    expect((await auditEntries(ctx.database, 'products-bulk-edit')).at(-1)).toMatchObject({
      subject: 'Set category to Jackets',
      details: expect.objectContaining({ changed: 2 }),
    });
    const undone = await undo(result.changeId ?? '');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<UndoResult>()).toEqual({ restored: 2, skipped: 0 });
    expect((await rows()).map((r) => r.category)).toEqual(before.map((r) => r.category));
    expect((await undo(result.changeId ?? '')).statusCode).toBe(409);
  });

  it('acts on every item matching the filters only when the count is still the one confirmed', async () => {
    const stale = await bulk({
      selection: { filter: { search: 'hoodie' }, expectedCount: 3 },
      action: { type: 'set-best', isBestProduct: true },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/now match 2 items, not 3/);
    const ok = await bulk({
      selection: { filter: { search: 'hoodie' }, expectedCount: 2 },
      action: { type: 'set-best', isBestProduct: true },
    });
    expect(ok.json<BulkEditResult>()).toMatchObject({ selected: 2, changed: 2 });
    const gender = await bulk({
      selection: { filter: { category: 'T-Shirts' }, expectedCount: 2 },
      action: { type: 'set-gender', gender: 'Kids' },
    });
    expect(gender.json<BulkEditResult>()).toMatchObject({ selected: 2, changed: 1, summary: 'Set gender to Kids' });
    const none = await bulk({
      selection: { filter: { category: 'T-Shirts' }, expectedCount: 2 },
      action: { type: 'set-gender', gender: 'Kids' },
    });
    expect(none.json<BulkEditResult>()).toMatchObject({ changeId: null, changed: 0 });
  });

  it('deletes items and brings them back with their id, number and row; their addresses work again', async () => {
    const before = await rows();
    const ids = before.slice(0, 2).map((r) => r.id);
    const res = await bulk({ selection: { ids }, action: { type: 'delete' } });
    expect(res.json<BulkEditResult>()).toMatchObject({ selected: 2, changed: 2, summary: 'Deleted' });
    expect((await send(ctx.app, 'GET', `/api/products/${before[0]?.number}`)).statusCode).toBe(410);
    expect((await undo(res.json<BulkEditResult>().changeId ?? '')).json<UndoResult>()).toEqual({ restored: 2, skipped: 0 });
    expect(await rows()).toEqual(before);
    expect((await send(ctx.app, 'GET', `/api/products/${before[0]?.number}`)).statusCode).toBe(200);
  });

  it('refuses an unknown category, bad bodies, anonymous callers and users', async () => {
    const ids = (await rows()).map((r) => r.id);
    const unknown = await bulk({ selection: { ids }, action: { type: 'set-category', category: 'Capes' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/no category named "Capes"/);
    expect((await bulk({ selection: { ids: [] }, action: { type: 'delete' } })).statusCode).toBe(400);
    expect((await bulk({ selection: { ids }, action: { type: 'explode' } })).statusCode).toBe(400);
    expect((await bulk({ selection: { ids }, action: { type: 'delete' } }, '')).statusCode).toBe(401);
    expect((await bulk({ selection: { ids }, action: { type: 'delete' } }, user)).statusCode).toBe(403);
    expect((await undo('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await rows()).length).toBe(FIXTURE.length);
  });
});

describe('bulk edits of what operators change (issue 28)', () => {
  const products = () =>
    ctx.database.rows<{ title: string; price: string; brand: string; description: string }>(
      sql`select title, price::text as price, brand, description from products order by row`,
    );
  const preview = (body: unknown, cookie = admin) => send(ctx.app, 'POST', '/api/admin/products/bulk/preview', { cookie, body });

  it('raises prices by 10%, rounded to cents as prices are, and Undo restores them', async () => {
    await ctx.database.db.execute(sql`update products set price = 19.99 where title = 'Zip Hoodie'`);
    const before = await products();
    const ids = (await rows()).map((r) => r.id);
    const res = await bulk({ selection: { ids }, action: { type: 'adjust-price', percent: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<BulkEditResult>();
    expect(result).toMatchObject({ selected: 5, changed: 5, summary: 'Raised prices by 10%' });
    // 19.99 → 21.989 → 21.99; 45 → 49.5; 12 → 13.2; 9.5 → 10.45; 80 → 88
    expect((await products()).map((p) => p.price)).toEqual(['21.99', '49.50', '13.20', '10.45', '88.00']);
    expect((await auditEntries(ctx.database, 'products-bulk-edit')).at(-1)).toMatchObject({ subject: 'Raised prices by 10%' });
    const undone = await undo(result.changeId ?? '');
    expect(undone.json<UndoResult>()).toEqual({ restored: 5, skipped: 0 });
    expect(await products()).toEqual(before);
  });

  it('lowers prices by a percentage, never below a cent, and sets one price', async () => {
    const ids = (await rows()).map((r) => r.id);
    expect((await bulk({ selection: { ids }, action: { type: 'adjust-price', percent: -15 } })).json<BulkEditResult>().summary).toBe(
      'Lowered prices by 15%',
    );
    expect((await products()).map((p) => p.price)).toEqual(['25.50', '38.25', '10.20', '8.08', '68.00']);
    const set = await bulk({
      selection: { filter: { category: 'Hoodies' }, expectedCount: 2 },
      action: { type: 'set-price', price: 29.999 },
    });
    expect(set.json<BulkEditResult>()).toMatchObject({ changed: 2, summary: 'Set price to 30.00' });
    expect((await products()).map((p) => p.price).slice(0, 2)).toEqual(['30.00', '30.00']);
    expect((await bulk({ selection: { ids }, action: { type: 'adjust-price', percent: -95 } })).statusCode).toBe(400);
    expect((await bulk({ selection: { ids }, action: { type: 'adjust-price', percent: 0 } })).statusCode).toBe(400);
    expect((await bulk({ selection: { ids }, action: { type: 'set-price', price: 0 } })).statusCode).toBe(400);
  });

  it('previews a title find-and-replace (letter case aside, special characters as text), then applies it; Undo restores the titles', async () => {
    const ids = (await rows()).map((r) => r.id);
    const body = { selection: { ids }, action: { type: 'replace-title', find: 'HOODIE', replace: 'Hoodie (2026)' } };
    const before = await products();
    const shown = await preview(body);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<BulkEditPreview>()).toEqual({
      selected: 5,
      changed: 2,
      samples: [
        { number: expect.any(Number), title: 'Zip Hoodie', from: 'Zip Hoodie', to: 'Zip Hoodie (2026)' },
        { number: expect.any(Number), title: 'Puffer Hoodie', from: 'Puffer Hoodie', to: 'Puffer Hoodie (2026)' },
      ],
    });
    // The preview changed nothing.
    expect(await products()).toEqual(before);
    const res = await bulk(body);
    expect(res.json<BulkEditResult>()).toMatchObject({ changed: 2, summary: 'Replaced "HOODIE" with "Hoodie (2026)" in titles' });
    expect((await products()).map((p) => p.title).slice(0, 2)).toEqual(['Zip Hoodie (2026)', 'Puffer Hoodie (2026)']);
    // A pattern character is text: '|' finds only itself; a title left empty stays as it was.
    expect(
      (await preview({ selection: { ids }, action: { type: 'replace-title', find: '=cmd|', replace: '' } })).json<BulkEditPreview>()
        .samples,
    ).toEqual([{ number: expect.any(Number), title: '=cmd|calc', from: '=cmd|calc', to: 'calc' }]);
    expect(
      (await preview({ selection: { ids }, action: { type: 'replace-title', find: 'Trail Boot', replace: ' ' } })).json<BulkEditPreview>()
        .changed,
    ).toBe(0);
    expect((await undo(res.json<BulkEditResult>().changeId ?? '')).json<UndoResult>()).toEqual({ restored: 2, skipped: 0 });
    expect(await products()).toEqual(before);
  });

  it('sets the brand and the description, and removes them', async () => {
    const ids = (await rows()).slice(0, 2).map((r) => r.id);
    expect((await bulk({ selection: { ids }, action: { type: 'set-brand', brand: ' Acme ' } })).json<BulkEditResult>()).toMatchObject({
      changed: 2,
      summary: 'Set brand to Acme',
    });
    expect(
      (await bulk({ selection: { ids }, action: { type: 'set-description', description: 'Soft fleece.' } })).json<BulkEditResult>().changed,
    ).toBe(2);
    expect((await products()).slice(0, 2).map((p) => [p.brand, p.description])).toEqual([
      ['Acme', 'Soft fleece.'],
      ['Acme', 'Soft fleece.'],
    ]);
    expect((await bulk({ selection: { ids }, action: { type: 'set-brand', brand: '' } })).json<BulkEditResult>().summary).toBe(
      'Removed the brand',
    );
  });

  it('refuses the new actions and their preview to anonymous callers and users (403)', async () => {
    const ids = (await rows()).map((r) => r.id);
    const body = { selection: { ids }, action: { type: 'adjust-price', percent: 10 } };
    expect((await bulk(body, user)).statusCode).toBe(403);
    expect((await bulk(body, '')).statusCode).toBe(401);
    expect((await preview(body, user)).statusCode).toBe(403);
    expect((await preview(body, '')).statusCode).toBe(401);
    expect((await products()).map((p) => p.price)).toEqual(['30.00', '45.00', '12.00', '9.50', '80.00']);
  });
});

describe('the admin list at scale', () => {
  it('sorts by title, price and last change, in pages of 25, 50 or 100', async () => {
    const list = async (query: string) =>
      (await send(ctx.app, 'GET', `/api/admin/products?${query}`, { cookie: admin })).json<AdminProductPage>().items.map((p) => p.title);
    expect(await list('sort=title')).toEqual(['=cmd|calc', 'Graphic Tee', 'Puffer Hoodie', 'Trail Boot', 'Zip Hoodie']);
    expect(await list('sort=price')).toEqual(['=cmd|calc', 'Graphic Tee', 'Zip Hoodie', 'Puffer Hoodie', 'Trail Boot']);
    expect(await list('sort=price-desc&pageSize=2')).toEqual(['Trail Boot', 'Puffer Hoodie']);
    await ctx.database.db.execute(sql`update products set updated_at = now() + interval '1 minute' where title = 'Graphic Tee'`);
    expect((await list('sort=updated'))[0]).toBe('Graphic Tee');
    expect((await send(ctx.app, 'GET', '/api/admin/products?sort=colour', { cookie: admin })).statusCode).toBe(400);
  });

  it('names the other items with the same buy link', async () => {
    const [tee] = (await rows()).filter((r) => r.title === 'Graphic Tee');
    const res = await send(
      ctx.app,
      'GET',
      `/api/admin/products/link-matches?link=${encodeURIComponent('https://s.example/tee')}&excludeId=${tee?.id}`,
      { cookie: admin },
    );
    expect(res.json<LinkMatches>().items.map((i) => i.title)).toEqual(['=cmd|calc']);
  });
});

describe('export', () => {
  const exported = (query: string, cookie = admin) => send(ctx.app, 'GET', `/api/admin/products/export?${query}`, { cookie });

  async function reimport(name: string, body: Buffer): Promise<Import> {
    const form = multipartBody([{ filename: name, body, field: 'file' }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: admin },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Import>();
  }

  it('downloads CSV, XLSX and JSON, and importing any of them again changes nothing', async () => {
    for (const format of ['csv', 'xlsx', 'json'] as const) {
      const res = await exported(`format=${format}`);
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`attachment; filename="finder-products-\\d{4}-\\d{2}-\\d{2}\\.${format}"`),
      );
      const preview = await reimport(`back.${format}`, res.rawPayload);
      expect(preview.counts, format).toEqual({ new: 0, updated: 0, unchanged: FIXTURE.length, invalid: 0 });
    }
  });

  it('writes a header and one line per product, guarding formula-like text, in row order', async () => {
    const text = (await exported('format=csv')).body;
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'id,sourceId,title,price,category,gender,brand,description,isBestProduct,link,image,' +
        'title_de,description_de,title_fr,description_fr,title_es,description_es,title_it,description_it,' +
        'title_pt_br,description_pt_br,title_pl,description_pl,title_ar,description_ar,number,row,createdAt,updatedAt',
    );
    expect(text).toContain(`"Line one\nline ""two"", three"`);
    expect(text).toContain(",'=cmd|calc,9.5,");
    const sheet = await readImport((await exported('format=xlsx')).rawPayload, 'export.xlsx', '');
    expect(sheet.headers[2]).toBe('title');
    expect(sheet.records.map((r) => r.values.title)).toEqual(FIXTURE.map((p) => p.title));
  });

  it("exports only what the admin list's filters match", async () => {
    const json = (await exported('format=json&category=hoodies&gender=Women')).json<Array<{ title: string }>>();
    expect(json.map((p) => p.title)).toEqual(['Puffer Hoodie']);
    expect((await exported('format=pdf')).statusCode).toBe(400);
    expect((await exported('format=csv', user)).statusCode).toBe(403);
    expect((await exported('format=csv', '')).statusCode).toBe(401);
  });
});
