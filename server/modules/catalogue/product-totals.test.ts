// The admin list's kept total (migration 0009) and its remembered filter counts, against counts over the table.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminProductPage } from '../../../common/schemas/product';
import { rowsOf } from '../../db/sql';
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

describe('the kept counts per category (migration 0014)', () => {
  const keptByCategory = async () =>
    Object.fromEntries(
      (
        await ctx.database.rows<{ key: string; products: number }>(
          sql`select key, products from category_totals where products <> 0 order by key`,
        )
      ).map((r) => [r.key, Number(r.products)]),
    );
  const countedByCategory = async () =>
    Object.fromEntries(
      (
        await ctx.database.rows<{ key: string; n: number }>(
          sql`select lower(category) as key, count(*)::int as n from products where category is not null group by 1 order by 1`,
        )
      ).map((r) => [r.key, Number(r.n)]),
    );

  it('follow every write, in any spelling, with a plan made for one row first', async () => {
    // The triggers' statements are planned on their first call in a connection: a one-product edit first.
    const [one] = await insertProducts(ctx.database, [{ title: 'One', category: 'Jackets' }]);
    await ctx.database.db.execute(sql`update products set category = 'Pants' where id = ${one!.id}::uuid`);
    expect(await keptByCategory()).toEqual({ pants: 1 });
    await ctx.database.db.execute(
      sql`insert into products (title, price, category) select 'P' || i, 1, case when i % 3 = 0 then 'jackets' when i % 3 = 1 then 'Pants' else null end from generate_series(1, 300) i`,
    );
    expect(await keptByCategory()).toEqual(await countedByCategory());
    // Many at once, some changing, some not, some losing their category.
    await ctx.database.db.execute(
      sql`update products set category = case when title like '%5' then null when category ilike 'pants' then 'JACKETS' else category end, updated_at = now()`,
    );
    expect(await keptByCategory()).toEqual(await countedByCategory());
    await ctx.database.db.execute(sql`delete from products where title like '%7'`);
    expect(await keptByCategory()).toEqual(await countedByCategory());
    await ctx.database.db.execute(sql`truncate products cascade`);
    expect(await keptByCategory()).toEqual({});
  });

  it('leave every index of products without the category, so re-filing products rewrites them in place', async () => {
    const indexed = await ctx.database.rows<{ name: string }>(sql`
      select indexrelid::regclass::text as name from pg_index
      where indrelid = 'products'::regclass and pg_get_indexdef(indexrelid) ~* 'category'`);
    expect(indexed).toEqual([]);
    const [table] = await ctx.database.rows<{ options: string[] | null }>(
      sql`select reloptions as options from pg_class where oid = 'products'::regclass`,
    );
    expect(table?.options).toContain('fillfactor=80');
    // A tenth of them move, as Update Shirt Category moves about an eighth of the bench's catalogue.
    await insertProducts(
      ctx.database,
      Array.from({ length: 40 }, (_, i) => ({ title: `Tee ${i}`, category: 'Jackets' })),
    );
    // The counters of the connection's pending statistics, before and after the update, in one transaction.
    const hot = await ctx.database.db.transaction(async (tx) => {
      const read = async () =>
        (
          await rowsOf<{ updated: number; hot: number }>(
            tx,
            sql`select n_tup_upd::int as updated, n_tup_hot_upd::int as hot from pg_stat_xact_user_tables where relid = 'products'::regclass`,
          )
        )[0] ?? { updated: 0, hot: 0 };
      const before = await read();
      await tx.execute(sql`update products set category = 'Pants', updated_at = now() where title like '%0'`);
      const after = await read();
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(hot).toEqual({ updated: 4, hot: 4 });
  });
});
