// "New since your last visit" (issue 42): the finder's `since` filter, on the listing (browsing and searching, from the
// search index and from the database's statement) and on the facets, whose total is the count the finder shows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '../../../common/schemas/product';
import type { FinderFacets } from '../../../common/schemas/search';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
const lastVisit = new Date(Date.now() - 2 * 24 * 3600_000);

beforeAll(async () => {
  ctx = await createTestApp();
  await clearCatalogue(ctx.database);
  const old = new Date(lastVisit.getTime() - 3 * 24 * 3600_000);
  const fresh = new Date(lastVisit.getTime() + 3600_000);
  await insertProducts(ctx.database, [
    { title: 'Old Cargo Pants', price: 40, createdAt: old, category: 'Pants' },
    { title: 'Old Linen Tee', price: 20, createdAt: old, category: 'Tops' },
    { title: 'Fresh Linen Tee', price: 25, createdAt: fresh, category: 'Tops' },
    { title: 'Fresh Court Sneakers', price: 90, createdAt: fresh, category: 'Shoes' },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const get = async <T>(url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const titles = (page: ProductPage) => page.items.map((p) => p.title).sort();
const since = encodeURIComponent(lastVisit.toISOString());

describe('new since the last visit', () => {
  it('counts and lists only the products added after the time given', async () => {
    expect((await get<FinderFacets>(`/api/products/facets?since=${since}`)).total).toBe(2);
    expect((await get<FinderFacets>('/api/products/facets')).total).toBe(4);
    expect(titles(await get<ProductPage>(`/api/products?since=${since}&sort=newest`))).toEqual(['Fresh Court Sneakers', 'Fresh Linen Tee']);
    // With the other filters and a search (the index's answer).
    expect(titles(await get<ProductPage>(`/api/products?since=${since}&search=linen`))).toEqual(['Fresh Linen Tee']);
    expect((await get<FinderFacets>(`/api/products/facets?since=${since}&search=linen`)).total).toBe(1);
    expect(titles(await get<ProductPage>(`/api/products?since=${since}&category=Shoes`))).toEqual(['Fresh Court Sneakers']);
    // Punctuation alone is the database's substring rule: the same filter there.
    await ctx.database.db.execute(
      sql`update products set title = title || ' %' where title like 'Fresh Linen%' or title like 'Old Linen%'`,
    );
    expect(titles(await get<ProductPage>(`/api/products?since=${since}&search=%25`))).toEqual(['Fresh Linen Tee %']);
    // Nothing new since now.
    expect((await get<FinderFacets>(`/api/products/facets?since=${encodeURIComponent(new Date().toISOString())}`)).total).toBe(0);
  });

  it('refuses a time that is not one with a clear sentence', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products?since=yesterday' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/since must be a date and time \(ISO 8601\)/);
  });
});
