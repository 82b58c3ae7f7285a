// The admin list's kept total (migration 0009) and its remembered filter counts, against counts over the table.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminProductPage } from '../../../common/schemas/product';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createCatalogueRepo } from './catalogue.repo';
import { createCountMemo } from './catalogue.service';

let ctx: TestContext;
let admin = '';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'totals-admin@example.com', { isAdmin: true });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await insertCategories(ctx.database, [{ name: 'Jackets' }, { name: 'Pants' }]);
});

const counted = async () => (await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from products`))[0]?.n;
const kept = async () => (await createCatalogueRepo(ctx.database).totals()).products;
const list = async (query = '') => {
  const res = await send(ctx.app, 'GET', `/api/admin/products${query}`, { cookie: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminProductPage>();
};

describe('the kept product total', () => {
  it('follows inserts, deletes, updates and truncation, one statement or many rows at a time', async () => {
    expect(await kept()).toBe(0);
    await insertProducts(ctx.database, [{ title: 'A' }, { title: 'B' }, { title: 'C' }]);
    expect(await kept()).toBe(3);
    await ctx.database.db.execute(sql`delete from products where title in ('A', 'B')`);
    expect(await kept()).toBe(1);
    await ctx.database.db.execute(sql`update products set title = 'D'`);
    expect(await kept()).toBe(1);
    await ctx.database.db.execute(sql`truncate products cascade`);
    expect(await kept()).toBe(0);
    expect(await counted()).toBe(0);
  });

  it('leaves out what a rolled-back transaction inserted or deleted', async () => {
    await insertProducts(ctx.database, [{ title: 'Kept' }]);
    const rollBack = new Error('roll back');
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into products (title, price) select 'Gone ' || i, 1 from generate_series(1, 5) i`);
        await tx.execute(sql`delete from products where title = 'Kept'`);
        throw rollBack;
      }),
    ).rejects.toBe(rollBack);
    expect(await kept()).toBe(1);
    expect(await counted()).toBe(1);
  });

  it('is the admin list total without filters; API creates and deletes move it', async () => {
    await insertProducts(ctx.database, [{ title: 'One' }, { title: 'Two' }]);
    expect((await list()).total).toBe(2);
    const created = await send(ctx.app, 'POST', '/api/admin/products', {
      cookie: admin,
      body: { title: 'Three', price: 5, link: 'https://store.example/3' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await list()).total).toBe(3);
    const removed = await send(ctx.app, 'DELETE', `/api/admin/products/${created.json<{ id: string }>().id}`, { cookie: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list()).total).toBe(2);
  });

  // PGlite has one connection, so nothing there runs concurrently.
  it.runIf(process.env.FINDER_TEST_DB === 'postgres')(
    'adds up concurrent inserts from two connections, the second waiting for the first to commit',
    async () => {
      const [{ name } = { name: '' }] = await ctx.database.rows<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.FINDER_TEST_PG_URL ?? '');
      url.pathname = `/${name}`;
      const clients = [new pg.Client({ connectionString: url.toString() }), new pg.Client({ connectionString: url.toString() })];
      await Promise.all(clients.map((c) => c.connect()));
      try {
        const [a, b] = clients as [pg.Client, pg.Client];
        await a.query('begin');
        await b.query('begin');
        await a.query(`insert into products (title, price) select 'A' || i, 1 from generate_series(1, 3) i`);
        // b waits on a's lock of the totals row, then adds to what a committed.
        const waiting = b.query(`insert into products (title, price) select 'B' || i, 1 from generate_series(1, 4) i`);
        await a.query('commit');
        await waiting;
        await b.query('commit');
      } finally {
        await Promise.all(clients.map((c) => c.end()));
      }
      expect(await kept()).toBe(7);
      expect(await counted()).toBe(7);
    },
  );
});

describe('remembered filter counts', () => {
  it('are counted again once any statement has written products', async () => {
    await insertProducts(ctx.database, [
      { title: 'Cargo Pants', category: 'Pants' },
      { title: 'Field Jacket', category: 'Jackets' },
    ]);
    expect((await list('?search=cargo')).total).toBe(1);
    expect((await list('?search=cargo&page=2')).total).toBe(1);
    // Written behind the app's back (another process, say): the count still moves.
    await insertProducts(ctx.database, [{ title: 'Cargo Shorts' }]);
    expect((await list('?search=cargo')).total).toBe(2);
    await ctx.database.db.execute(sql`update products set title = 'Loose Trousers' where title = 'Cargo Pants'`);
    expect((await list('?search=cargo')).total).toBe(1);
    // The category matches too: "pants" is only in Loose Trousers' category.
    expect((await list('?search=pants')).total).toBe(1);
    expect((await list('?category=Jackets')).total).toBe(1);
  });

  it('keep the most recently used, up to their limit', () => {
    const memo = createCountMemo(2);
    memo.remember('a', { total: 1, changes: 1 });
    memo.remember('b', { total: 2, changes: 1 });
    expect(memo.get('a')).toEqual({ total: 1, changes: 1 });
    memo.remember('c', { total: 3, changes: 1 });
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')).toBeDefined();
    expect(memo.size).toBe(2);
  });
});
