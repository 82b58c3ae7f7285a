import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BulkEditResult } from '../../../common/schemas/changes';
import type { FavoriteList } from '../../../common/schemas/favorite';
import type { Import } from '../../../common/schemas/imports';
import type { SyncedSheet } from '../../../common/schemas/import-sources';
import type { AdminProduct, ProductDetail } from '../../../common/schemas/product';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { startPublishedSheets } from '../../test/published-sheets';
import { TEST_ORIGIN } from '../../test/test-app';
import { withAdminApp } from '../../test/admin-app';

// Every path that changes a price is recorded with its cause (issue 29, decision 0066): the item form, bulk item
// actions, imports (new and updated rows), synced sheets and the Undo of each.

const t = withAdminApp({ name: 'prices', config: { importAllowPrivateHosts: true } });
let adminId = '';
let sheets: Awaited<ReturnType<typeof startPublishedSheets>> | undefined;
let sheetsUrl = '';
const published = new Map<string, string>();

beforeAll(async () => {
  adminId = (await t.ctx.database.rows<{ id: string }>(sql`select id from users where email = 'prices-admin@example.com'`))[0]?.id ?? '';
  sheets = await startPublishedSheets(published);
  sheetsUrl = sheets.url;
});
afterAll(async () => {
  await sheets?.close();
});
beforeEach(async () => {
  published.clear();
  await clearCatalogue(t.ctx.database);
  await t.ctx.database.db.execute(sql`delete from import_sources`);
  await t.ctx.database.db.execute(sql`delete from imports`);
  await t.ctx.database.db.execute(sql`delete from catalogue_changes`);
  await t.ctx.database.db.execute(sql`delete from price_history`);
  await insertCategories(t.ctx.database, [{ name: 'Jackets' }]);
});

type HistoryRow = {
  title: string;
  old: number | null;
  price: number;
  cause: string;
  actorId: string | null;
  changeId: string | null;
  importId: string | null;
};
async function history(): Promise<HistoryRow[]> {
  const rows = await t.ctx.database.rows<{
    title: string;
    old: string | number | null;
    price: string | number;
    cause: string;
    actorId: string | null;
    changeId: string | null;
    importId: string | null;
  }>(sql`
    select p.title, h.old_price as old, h.price, h.cause, h.actor_id as "actorId", h.change_id as "changeId", h.import_id as "importId"
    from price_history h join products p on p.id = h.product_id order by h.id`);
  return rows.map((r) => ({ ...r, old: r.old === null ? null : Number(r.old), price: Number(r.price) }));
}
const since = async (count: number) => (await history()).slice(count);

async function importDone(id: string): Promise<Import> {
  for (let i = 0; i < 400; i++) {
    const state = (await send(t.ctx.app, 'GET', `/api/admin/imports/${id}`, { cookie: t.admin })).json<Import>();
    if (state.status !== 'running') return state;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}

describe('recording every price change with its cause', () => {
  it('the item form: a new item and an edit of its price (not an edit of another field)', async () => {
    const body = { title: 'Field Jacket', price: 59.9, category: 'Jackets', gender: 'Men', link: 'https://store.example/item/1' };
    const created = await send(t.ctx.app, 'POST', '/api/admin/products', { cookie: t.admin, body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<AdminProduct>().id;
    expect(await history()).toEqual([
      { title: 'Field Jacket', old: null, price: 59.9, cause: 'create', actorId: adminId, changeId: null, importId: null },
    ]);
    const edited = await send(t.ctx.app, 'PUT', `/api/admin/products/${id}`, { cookie: t.admin, body: { ...body, price: 49.5 } });
    expect(edited.statusCode, edited.body).toBe(200);
    const renamed = await send(t.ctx.app, 'PUT', `/api/admin/products/${id}`, {
      cookie: t.admin,
      body: { ...body, price: 49.5, title: 'Field Jacket 2' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await since(1)).toEqual([
      { title: 'Field Jacket 2', old: 59.9, price: 49.5, cause: 'edit', actorId: adminId, changeId: null, importId: null },
    ]);
  });

  it('bulk item actions (set price, raise by a percentage) and their Undo', async () => {
    await insertProducts(t.ctx.database, [
      { title: 'A', price: 10 },
      { title: 'B', price: 20 },
    ]);
    const start = (await history()).length;
    const ids = (await t.ctx.database.rows<{ id: string }>(sql`select id from products order by title`)).map((r) => r.id);
    const bulk = (action: unknown) =>
      send(t.ctx.app, 'POST', '/api/admin/products/bulk', { cookie: t.admin, body: { selection: { ids }, action } });

    const set = (await bulk({ type: 'set-price', price: 15 })).json<BulkEditResult>();
    expect(await since(start)).toEqual([
      { title: 'A', old: 10, price: 15, cause: 'bulk-edit', actorId: adminId, changeId: set.changeId, importId: null },
      { title: 'B', old: 20, price: 15, cause: 'bulk-edit', actorId: adminId, changeId: set.changeId, importId: null },
    ]);
    const raised = (await bulk({ type: 'adjust-price', percent: 10 })).json<BulkEditResult>();
    expect((await since(start + 2)).map((r) => [r.title, r.old, r.price, r.cause, r.changeId])).toEqual([
      ['A', 15, 16.5, 'bulk-edit', raised.changeId],
      ['B', 15, 16.5, 'bulk-edit', raised.changeId],
    ]);
    const undo = await send(t.ctx.app, 'POST', `/api/admin/products/changes/${raised.changeId}/undo`, { cookie: t.admin });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await since(start + 4)).map((r) => [r.title, r.old, r.price, r.cause, r.changeId, r.actorId])).toEqual([
      ['A', 16.5, 15, 'undo', raised.changeId, adminId],
      ['B', 16.5, 15, 'undo', raised.changeId, adminId],
    ]);
    // A bulk action on another field records no price.
    await bulk({ type: 'set-brand', brand: 'Acme' });
    expect(await since(start + 6)).toEqual([]);
  });

  it('an import (new and updated rows) and its Undo name the import', async () => {
    await insertProducts(t.ctx.database, [{ title: 'Old Tee', price: 30, link: 'https://store.example/old-tee' }]);
    const start = (await history()).length;
    const file = 'title,price,link\r\nOld Tee,25,https://store.example/old-tee\r\nNew Tee,12,https://store.example/new-tee\r\n';
    const form = multipartBody([{ filename: 'prices.csv', body: Buffer.from(file), field: 'file' }], {});
    const previewed = await t.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: t.admin },
      payload: form.payload,
    });
    expect(previewed.statusCode, previewed.body).toBe(201);
    const id = previewed.json<Import>().id;
    expect((await send(t.ctx.app, 'POST', `/api/admin/imports/${id}/commit`, { cookie: t.admin, body: {} })).statusCode).toBe(202);
    expect((await importDone(id)).status).toBe('succeeded');
    const [change] = await t.ctx.database.rows<{ changeId: string }>(
      sql`select change_id as "changeId" from imports where id = ${id}::uuid`,
    );
    const written = await since(start);
    expect(written.map((r) => [r.title, r.old, r.price, r.cause, r.importId, r.changeId, r.actorId]).sort()).toEqual([
      ['New Tee', null, 12, 'import', id, change?.changeId, adminId],
      ['Old Tee', 30, 25, 'import', id, change?.changeId, adminId],
    ]);
    expect((await send(t.ctx.app, 'POST', `/api/admin/imports/${id}/undo`, { cookie: t.admin })).statusCode).toBe(200);
    // The created product is gone with its history; the updated one's price went back.
    expect((await since(start)).filter((r) => r.cause === 'undo').map((r) => [r.title, r.old, r.price, r.changeId])).toEqual([
      ['Old Tee', 25, 30, change?.changeId],
    ]);
  });

  it("a synced sheet's run says sync", async () => {
    await insertProducts(t.ctx.database, [{ title: 'Sheet Tee', price: 40, link: 'https://store.example/sheet-tee' }]);
    const start = (await history()).length;
    published.set('/sheet.csv', 'title,price,link\r\nSheet Tee,35,https://store.example/sheet-tee\r\n');
    const saved = await send(t.ctx.app, 'POST', '/api/admin/import-sources', {
      cookie: t.admin,
      body: { url: `${sheetsUrl}/sheet.csv`, maxChangedPercent: 100 },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const ran = await send(t.ctx.app, 'POST', `/api/admin/import-sources/${saved.json<SyncedSheet>().id}/run`, { cookie: t.admin });
    const importId = ran.json<SyncedSheet>().lastImportId ?? '';
    await importDone(importId);
    expect((await since(start)).map((r) => [r.title, r.old, r.price, r.cause, r.importId])).toEqual([
      ['Sheet Tee', 40, 35, 'sync', importId],
    ]);
  });

  it('a write that names no cause is still recorded, as other', async () => {
    await insertProducts(t.ctx.database, [{ title: 'Hand', price: 8 }]);
    await t.ctx.database.db.execute(sql`update products set price = 7 where title = 'Hand'`);
    expect((await history()).map((r) => [r.old, r.price, r.cause])).toEqual([
      [null, 8, 'other'],
      [8, 7, 'other'],
    ]);
  });
});

describe('showing the history', () => {
  it("a product's answer carries its prices and the lowest, none while it has had one price", async () => {
    await insertProducts(t.ctx.database, [{ title: 'Chart Tee', price: 30 }]);
    const [row] = await t.ctx.database.rows<{ number: number }>(sql`select number from products where title = 'Chart Tee'`);
    const detail = async () => (await send(t.ctx.app, 'GET', `/api/products/${row?.number}`)).json<ProductDetail>();
    expect((await detail()).priceHistory).toBeNull();
    await t.ctx.database.db.execute(sql`update products set price = 20 where title = 'Chart Tee'`);
    await t.ctx.database.db.execute(sql`update products set price = 25 where title = 'Chart Tee'`);
    const shown = (await detail()).priceHistory;
    expect(shown?.points.map((p) => p.price)).toEqual([30, 20, 25]);
    expect(shown?.lowest.price).toBe(20);
    expect(shown?.lowest.at).toBe(shown?.points[1]?.at);
  });

  it('the favourites list has each find’s lowest price', async () => {
    const cookie = await signedInAs(t.ctx.app, `fav-${Date.now()}@example.com`);
    await insertProducts(t.ctx.database, [{ title: 'Fav Tee', price: 30 }]);
    const [row] = await t.ctx.database.rows<{ id: string }>(sql`select id from products where title = 'Fav Tee'`);
    expect((await send(t.ctx.app, 'PUT', `/api/favorites/${row?.id}`, { cookie })).statusCode).toBe(200);
    await t.ctx.database.db.execute(sql`update products set price = 18 where title = 'Fav Tee'`);
    await t.ctx.database.db.execute(sql`update products set price = 26 where title = 'Fav Tee'`);
    const list = (await send(t.ctx.app, 'GET', '/api/favorites', { cookie })).json<FavoriteList>();
    expect(list.items[0]).toMatchObject({ savedPrice: 30, lowestPrice: 18, priceAlert: false });
    expect(list.priceAlerts).toEqual({ available: false, all: false });
  });
});
