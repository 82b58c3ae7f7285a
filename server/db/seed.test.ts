import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from '../../common/constants';
import type { CategoryList } from '../../common/schemas/category';
import type { ProductPage } from '../../common/schemas/product';
import { createTestApp, type TestContext } from '../test/test-app';
import { images, products } from './schema/index';
import { seedOnFirstStart } from './seed';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('first start', () => {
  it('seeds the default categories and the demo catalogue once', async () => {
    const first = await seedOnFirstStart(ctx.database, ctx.storage, { demo: true });
    expect(first).toEqual({ categories: true, products: 72 });

    const cats = (await ctx.app.inject('/api/categories')).json<CategoryList>().items;
    expect(cats.map((c) => c.name)).toEqual(DEFAULT_CATEGORIES.map((c) => c.name));
    expect(cats.every((c) => c.description.length > 10)).toBe(true);

    const [n] = await ctx.database.db.select({ n: count() }).from(products);
    expect(n?.n).toBe(72);
    const [m] = await ctx.database.db.select({ n: count() }).from(images);
    expect(m?.n).toBe(72);
    const genders = await ctx.database.rows<{ gender: string }>(sql`select distinct gender from products order by 1`);
    expect(genders.map((g) => g.gender)).toEqual(['Kids', 'Men', 'Unisex', 'Women']);

    const again = await seedOnFirstStart(ctx.database, ctx.storage, { demo: true });
    expect(again).toEqual({ categories: false, products: 0 });
  });

  it('serves every demo image and its thumbnail from our own storage', async () => {
    const page = (await ctx.app.inject('/api/products?limit=6')).json<ProductPage>();
    for (const item of page.items) {
      expect(item.image).toMatch(/^\/media\/items\/\d+_demo_[a-z0-9-]+\.jpg$/);
      expect(item.thumbnail).toMatch(/^\/media\/thumbs\/320\/.+\.webp$/);
      expect((await ctx.app.inject(item.image ?? '')).statusCode).toBe(200);
      expect((await ctx.app.inject(item.thumbnail ?? '')).statusCode).toBe(200);
    }
  });

  it('adds no demo products when SEED_DEMO is false', async () => {
    const other = await createTestApp();
    try {
      expect(await seedOnFirstStart(other.database, other.storage, { demo: false })).toEqual({ categories: true, products: 0 });
      const [n] = await other.database.db.select({ n: count() }).from(products);
      expect(n?.n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
