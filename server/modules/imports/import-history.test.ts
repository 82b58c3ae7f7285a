import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Import, ImportList } from '../../../common/schemas/imports';
import { auditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';

// Issue 26: the import history (every import, paged, with Undo after a reload) and Undo removing the categories an
// import added once they are empty again.

let ctx: TestContext;
let admin = '';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'history-admin@example.com', { isAdmin: true });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await ctx.database.db.execute(sql`delete from imports`);
  await ctx.database.db.execute(sql`delete from catalogue_changes`);
  await ctx.database.db.execute(sql`delete from categories`);
  await insertCategories(ctx.database, [{ name: 'Jackets', relevance: 1 }]);
});

const csv = (rows: Array<[string, number, string, string]>) =>
  Buffer.from(['title,price,link,category', ...rows.map((r) => r.map((c) => `"${c}"`).join(','))].join('\n'));

async function imported(name: string, body: Buffer): Promise<Import> {
  const form = multipartBody([{ filename: name, body, field: 'file' }], {});
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...form.headers, origin: TEST_ORIGIN, cookie: admin },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<Import>().id;
  expect((await send(ctx.app, 'POST', `/api/admin/imports/${id}/commit`, { cookie: admin, body: {} })).statusCode).toBe(202);
  for (let i = 0; i < 400; i++) {
    const state = (await send(ctx.app, 'GET', `/api/admin/imports/${id}`, { cookie: admin })).json<Import>();
    if (state.status !== 'running') return state;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}
const history = async (query = '') => {
  const res = await send(ctx.app, 'GET', `/api/admin/imports${query}`, { cookie: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportList>();
};
const categoryNames = async () =>
  (await ctx.database.rows<{ name: string }>(sql`select name from categories order by name`)).map((r) => r.name);

describe('import history', () => {
  it('lists every import newest first, a page at a time, with who, counts and whether Undo is offered', async () => {
    await imported('first.csv', csv([['Coat', 80, 'https://store.example/coat', 'Jackets']]));
    await imported(
      'second.csv',
      csv([
        ['Hat', 9, 'https://store.example/hat', 'Jackets'],
        ['Cap', 7, 'https://store.example/cap', 'Jackets'],
      ]),
    );
    const first = await history('?page=1&pageSize=1');
    expect(first).toMatchObject({ page: 1, pageSize: 1, total: 2 });
    expect(first.items).toEqual([
      expect.objectContaining({
        source: 'second.csv',
        status: 'succeeded',
        actorEmail: 'history-admin@example.com',
        counts: expect.objectContaining({ new: 2 }),
        canUndo: true,
        undoReason: null,
      }),
    ]);
    expect((await history('?page=2&pageSize=1')).items.map((i) => i.source)).toEqual(['first.csv']);
    expect((await history('?page=3&pageSize=1')).items).toEqual([]);
    expect((await history()).pageSize).toBe(20);
    const bad = await send(ctx.app, 'GET', '/api/admin/imports?page=0', { cookie: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/page must be at least 1/);
  });

  it('offers Undo after a reload, and says why not once every product it wrote was changed since', async () => {
    const done = await imported('one.csv', csv([['Coat', 80, 'https://store.example/coat', 'Jackets']]));
    await ctx.database.db.execute(sql`update products set price = 99, updated_at = now() + interval '1 second'`);
    const [listed] = (await history()).items;
    expect(listed).toMatchObject({ id: done.id, canUndo: false, undoReason: 'Every product it wrote was changed or deleted since.' });
    const single = (await send(ctx.app, 'GET', `/api/admin/imports/${done.id}`, { cookie: admin })).json<Import>();
    expect(single.undoReason).toBe('Every product it wrote was changed or deleted since.');
  });

  it('undoes an import found in the history (a fresh GET, as after a reload) and removes the categories it added once empty', async () => {
    const done = await imported(
      'sets.csv',
      csv([
        ['Set A', 20, 'https://store.example/a', 'Sets'],
        ['Set B', 20, 'https://store.example/b', 'Sets'],
        ['Bag', 30, 'https://store.example/bag', 'Bags'],
        ['Coat', 80, 'https://store.example/coat', 'Jackets'],
      ]),
    );
    expect(done.newCategories.sort()).toEqual(['Bags', 'Sets']);
    expect(await categoryNames()).toEqual(['Bags', 'Jackets', 'Sets']);
    // Someone files a product of their own under Bags: that category is no longer the import's alone.
    await insertProducts(ctx.database, [{ title: 'Own bag', category: 'Bags', link: 'https://store.example/own' }]);
    const [listed] = (await history()).items;
    expect(listed).toMatchObject({ id: done.id, canUndo: true });
    const undone = await send(ctx.app, 'POST', `/api/admin/imports/${listed?.id ?? ''}/undo`, { cookie: admin });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<Import>()).toMatchObject({
      status: 'undone',
      canUndo: false,
      undoReason: 'Undone already.',
      result: { categoriesRemoved: ['Sets'], undo: { restored: 4, skipped: 0 } },
    });
    expect(await categoryNames()).toEqual(['Bags', 'Jackets']);
    const [entry] = (await auditEntries(ctx.database, 'change-undo')).slice(-1);
    expect(entry?.details).toMatchObject({ importId: done.id, categoriesRemoved: ['Sets'] });
    expect((await history()).items[0]).toMatchObject({
      status: 'undone',
      result: expect.objectContaining({ categoriesRemoved: ['Sets'] }),
    });
  });
});
