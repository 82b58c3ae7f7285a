import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '../../../common/schemas/product';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema/index';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { encodeCursor } from './cursor';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function getPage(query: Record<string, string | number>) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/products',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  return res;
}

/** Follows nextCursor to the end and returns every item in order. */
async function walk(query: Record<string, string | number>): Promise<Product[]> {
  const all: Product[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const res = await getPage(cursor ? { ...query, cursor } : query);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ProductPage>();
    all.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return all;
  }
  throw new Error('did not reach the end');
}

describe('GET /api/products filters', () => {
  beforeAll(async () => {
    await clearCatalogue(ctx.database);
    await insertProducts(ctx.database, [
      { title: 'Relaxed Cargo Pants', category: 'Pants', gender: 'Men', brand: 'Northfold' },
      { title: 'Wide Leg Jeans', category: 'pants', gender: 'Women', brand: 'Atelier Rue', isBestProduct: true },
      { title: 'Retro High-Top Sneaker', category: 'Shoes', gender: 'Men', brand: 'Kinetic Lab', isBestProduct: true },
      { title: 'Canvas Tote', category: 'Accessories', gender: 'Unisex', description: 'Holds a 100% cotton towel_set', brand: 'Mono' },
      { title: 'Kids Rain Boot', category: 'Shoes', gender: 'Kids', description: 'Waterproof rubber boot' },
      { title: 'Uncategorised Thing', category: null, gender: null },
    ]);
  });

  it('lists everything with no filter, and All means no filter', async () => {
    expect((await walk({ limit: 4 })).length).toBe(6);
    expect((await walk({ limit: 4, gender: 'All', category: 'all' })).length).toBe(6);
  });

  it('searches title, description and brand, case-insensitively, as a substring', async () => {
    const titles = async (search: string) => (await walk({ search })).map((p) => p.title).sort();
    expect(await titles('CARGO')).toEqual(['Relaxed Cargo Pants']);
    expect(await titles('rubber')).toEqual(['Kids Rain Boot']);
    expect(await titles('kinetic')).toEqual(['Retro High-Top Sneaker']);
    expect(await titles('AK')).toEqual(['Retro High-Top Sneaker']);
    // No product has every word: a partial answer (issue 27) says which words it left out. (Stop words such as
    // "like" or "this" never make one alone, issue 40: two real words do.)
    const partial = (await ctx.app.inject({ method: 'GET', url: '/api/products?search=cargo%20rubber' })).json<ProductPage>();
    expect(partial.partial?.dropped.length ?? 0).toBeGreaterThan(0);
  });

  it('never matches across two fields', async () => {
    await insertProducts(ctx.database, [{ title: 'Alpha', description: 'Beta', brand: 'Gamma', gender: null, category: null }]);
    expect(await walk({ search: 'alphabeta' })).toHaveLength(0);
    expect(await walk({ search: 'alpha\u001fbeta' })).toHaveLength(0);
    expect(await walk({ search: 'betagamma' })).toHaveLength(0);
    expect((await walk({ search: 'gamm' })).map((p) => p.title)).toEqual(['Alpha']);
    await ctx.database.db.delete(products).where(eq(products.title, 'Alpha'));
  });

  it('matches LIKE wildcards literally', async () => {
    expect((await walk({ search: '100%' })).map((p) => p.title)).toEqual(['Canvas Tote']);
    expect((await walk({ search: 'l_set' })).map((p) => p.title)).toEqual(['Canvas Tote']);
    expect(await walk({ search: '%' })).toHaveLength(1);
    expect(await walk({ search: '_' })).toHaveLength(1);
  });

  it('compares category and gender case-insensitively', async () => {
    expect((await walk({ category: 'PANTS' })).map((p) => p.title).sort()).toEqual(['Relaxed Cargo Pants', 'Wide Leg Jeans']);
    // Unisex products are listed under Men and under Women (issue 14).
    expect((await walk({ gender: 'women' })).map((p) => p.title).sort()).toEqual(['Canvas Tote', 'Wide Leg Jeans']);
    expect((await walk({ gender: 'Unisex' })).map((p) => p.title)).toEqual(['Canvas Tote']);
    expect((await walk({ gender: 'Kids' })).map((p) => p.title)).toEqual(['Kids Rain Boot']);
    expect((await walk({ gender: 'MEN', category: 'shoes' })).map((p) => p.title)).toEqual(['Retro High-Top Sneaker']);
  });

  it('filters best products with true or the string true', async () => {
    const best = (await walk({ best: 'true' })).map((p) => p.title).sort();
    expect(best).toEqual(['Retro High-Top Sneaker', 'Wide Leg Jeans']);
    expect((await walk({ best: 'TRUE' })).length).toBe(2);
    expect((await walk({ best: 'false' })).length).toBe(6);
  });

  it('combines every filter', async () => {
    const items = await walk({ search: 'jeans', category: 'Pants', gender: 'Women', best: 'true' });
    expect(items.map((p) => p.title)).toEqual(['Wide Leg Jeans']);
  });

  it('returns the product fields of the specification, with one link field', async () => {
    const [item] = await walk({ search: 'Wide Leg' });
    expect(item).toMatchObject({
      title: 'Wide Leg Jeans',
      brand: 'Atelier Rue',
      category: 'pants',
      gender: 'Women',
      isBestProduct: true,
      link: expect.stringMatching(/^https:\/\//),
      thumbnail: null,
    });
    expect(typeof item?.price).toBe('number');
    expect(item).not.toHaveProperty('shuffleKey');
    expect(item).not.toHaveProperty('cnFansLink');
  });
});

describe('GET /api/products order and paging', () => {
  beforeAll(async () => {
    await clearCatalogue(ctx.database);
    await insertProducts(
      ctx.database,
      Array.from({ length: 53 }, (_, i) => ({ title: `Item ${i}`, gender: i % 2 ? 'Men' : 'Women', category: i % 3 ? 'Shoes' : 'Pants' })),
    );
  });

  it.each([0, 1, 12345, 2147483647])('walks every item exactly once with seed %i', async (seed) => {
    for (const limit of [4, 6, 7]) {
      const items = await walk({ seed, limit });
      expect(items).toHaveLength(53);
      expect(new Set(items.map((p) => p.id)).size).toBe(53);
    }
  });

  it('keeps one order for one seed and varies it between seeds', async () => {
    const a = (await walk({ seed: 99, limit: 6 })).map((p) => p.id);
    const b = (await walk({ seed: 99, limit: 4 })).map((p) => p.id);
    expect(b).toEqual(a);
    const firstPages = new Set<string>();
    for (const seed of [1, 500_000_000, 1_000_000_000, 1_500_000_000, 2_000_000_000]) {
      firstPages.add(
        (await getPage({ seed, limit: 6 }))
          .json<ProductPage>()
          .items.map((p) => p.id)
          .join(),
      );
    }
    expect(firstPages.size).toBeGreaterThan(1);
  });

  it('pages a filtered query without repeats or gaps', async () => {
    const men = await walk({ gender: 'Men', limit: 4, seed: 777 });
    expect(men).toHaveLength(26);
    expect(new Set(men.map((p) => p.id)).size).toBe(26);
    expect(men.every((p) => p.gender === 'Men')).toBe(true);
  });

  it('does not repeat or skip when products are added between pages', async () => {
    const first = (await getPage({ seed: 4242, limit: 6 })).json<ProductPage>();
    await insertProducts(
      ctx.database,
      Array.from({ length: 5 }, (_, i) => ({ title: `Late ${i}` })),
    );
    const rest: Product[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await getPage({ seed: 4242, limit: 6, cursor })).json<ProductPage>();
      rest.push(...page.items);
      cursor = page.nextCursor;
    }
    const ids = [...first.items, ...rest].map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const original = ids.filter((_, i) => ![...first.items, ...rest][i]?.title.startsWith('Late'));
    expect(original).toHaveLength(53);
  });

  it('ends with a null cursor', async () => {
    const res = await getPage({ limit: 48, search: 'Item 1' });
    expect(res.json<ProductPage>().nextCursor).toBeNull();
  });
});

describe('GET /api/products bad input', () => {
  beforeEach(() => undefined);
  it.each([
    [{ gender: 'Aliens' }, /gender must be one of All, Men, Women, Kids, Unisex/],
    [{ limit: '0' }, /limit must be at least 1/],
    [{ limit: '1000' }, /limit must be at most 48/],
    [{ limit: 'abc' }, /limit must be a whole number/],
    [{ limit: '2.5' }, /limit must be a whole number/],
    [{ seed: '-1' }, /seed must be between/],
    [{ best: 'maybe' }, /best must be true or false/],
    [{ search: 'x'.repeat(101) }, /search must be at most 100 characters/],
    [{ cursor: 'not-a-cursor' }, /cursor is not valid/],
    [
      { cursor: encodeCursor({ sort: 'shuffle', phase: 0, key: 1, id: '00000000-0000-4000-8000-000000000000' }).slice(0, -3) },
      /cursor is not valid/,
    ],
  ])('answers 400 with a clear message for %j', async (query, message) => {
    const res = await getPage(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION', message: expect.stringMatching(message) });
  });

  it('answers 400 for a repeated parameter', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products?gender=Men&gender=Women' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });

  it('accepts a cursor from other filters of the same order without failing', async () => {
    const cursor = encodeCursor({ sort: 'shuffle', phase: 1, key: 5, id: '00000000-0000-4000-8000-000000000000' });
    const res = await getPage({ cursor, category: "'; drop table products; --" });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a cursor of another order with a clear message', async () => {
    const cursor = encodeCursor({ sort: 'shuffle', phase: 1, key: 5, id: '00000000-0000-4000-8000-000000000000' });
    for (const query of [
      { cursor, search: 'tee' },
      { cursor, sort: 'price-asc' },
    ] as Array<Record<string, string>>) {
      const res = await getPage(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/cursor is not valid: pass the nextCursor of the previous page \(it belongs to another order\)/);
    }
  });
});

describe('GET /api/products/:number', () => {
  type Detail = { product: Product; related: Product[] };
  type Missing = { statusCode: number; code: string; message: string; category: string | null; similar: Product[] };
  let jacket: Product;

  beforeAll(async () => {
    await clearCatalogue(ctx.database);
    await insertProducts(ctx.database, [
      { title: 'Corduroy Trucker Jacket', category: 'Jackets', gender: 'Men' },
      ...Array.from({ length: 10 }, (_, i) => ({ title: `Field Jacket ${i}`, category: 'jackets' })),
      ...Array.from({ length: 5 }, (_, i) => ({ title: `Loafer ${i}`, category: 'Shoes' })),
    ]);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.title, 'Corduroy Trucker Jacket'));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${row?.number}` });
    expect(res.statusCode, res.body).toBe(200);
    jacket = res.json<Detail>().product;
  });

  it('answers the product with its address and 8 related products of its category, never itself', async () => {
    expect(jacket.path).toBe(`/products/corduroy-trucker-jacket-${jacket.number}`);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${jacket.number}` });
    const { related } = res.json<Detail>();
    expect(related).toHaveLength(8);
    expect(related.every((p) => p.category?.toLowerCase() === 'jackets')).toBe(true);
    expect(related.map((p) => p.id)).not.toContain(jacket.id);
    expect(new Set(related.map((p) => p.id)).size).toBe(8);
    // The same every time: a page's related products do not reshuffle.
    const again = await ctx.app.inject({ method: 'GET', url: `/api/products/${jacket.number}` });
    expect(again.json<Detail>().related.map((p) => p.id)).toEqual(related.map((p) => p.id));
  });

  it('tops up related products from other categories when its own has too few', async () => {
    const [loafer] = await ctx.database.db.select().from(products).where(eq(products.title, 'Loafer 0'));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${loafer?.number}` });
    const { related } = res.json<Detail>();
    expect(related).toHaveLength(8);
    expect(related.filter((p) => p.category === 'Shoes')).toHaveLength(4);
    // Its own category comes first.
    expect(related.slice(0, 4).every((p) => p.category === 'Shoes')).toBe(true);
  });

  it('answers 410 with the category for a deleted product, and 404 for a number never used', async () => {
    const [victim] = await insertProducts(ctx.database, [{ title: 'Gone Jacket', category: 'Jackets' }]);
    await ctx.database.db.delete(products).where(eq(products.id, victim?.id ?? ''));
    const gone = await ctx.app.inject({ method: 'GET', url: `/api/products/${victim?.number}` });
    expect(gone.statusCode).toBe(410);
    const body = gone.json<Missing>();
    expect(body).toMatchObject({ statusCode: 410, code: 'GONE', category: 'Jackets' });
    expect(body.similar.length).toBeGreaterThan(0);
    expect(body.similar.every((p) => p.category?.toLowerCase() === 'jackets')).toBe(true);

    for (const number of [2000000000, 0]) {
      const missing = await ctx.app.inject({ method: 'GET', url: `/api/products/${number}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<Missing>()).toMatchObject({ code: 'NOT_FOUND', category: null });
      expect(missing.json<Missing>().similar).toHaveLength(8);
    }
  });

  it('gives new products the next number and never reuses one', async () => {
    const [a] = await insertProducts(ctx.database, [{ title: 'Numbered A' }]);
    await ctx.database.db.delete(products).where(eq(products.id, a?.id ?? ''));
    const [b] = await insertProducts(ctx.database, [{ title: 'Numbered B' }]);
    expect(b?.number).toBeGreaterThan(a?.number ?? Infinity);
  });

  it('refuses a number that is not one', async () => {
    for (const bad of ['abc', '-3', '1.5', '99999999999']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/number must be/);
    }
  });
});
