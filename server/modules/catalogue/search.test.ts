// The finder's search, orders, facets, suggestions and brands (issue 14), through the API.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '../../../common/schemas/product';
import type { BrandList, BrandSummary, FinderFacets, Suggestions } from '../../../common/schemas/search';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const asQuery = (query: Record<string, string | number>) => Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));

async function get<T>(url: string, query: Record<string, string | number> = {}): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, query: asQuery(query) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/** Follows nextCursor to the end; `between` runs after each page (to insert products while paging). */
async function walk(query: Record<string, string | number>, between?: () => Promise<void>): Promise<Product[]> {
  const all: Product[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 500; guard++) {
    const page: ProductPage = await get<ProductPage>('/api/products', cursor ? { ...query, cursor } : query);
    all.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return all;
    await between?.();
  }
  throw new Error('did not reach the end');
}
const titles = async (query: Record<string, string | number>) => (await walk(query)).map((p) => p.title);

const FIXTURE = [
  { title: 'Classic Hoodie', brand: 'Northfold', gender: 'Men', price: 40, category: 'Hoodies' },
  { title: 'Zip Hoodie', brand: 'Kinetic Lab', gender: 'Women', price: 60, category: 'Hoodies' },
  { title: 'Denim Jacket', brand: 'Atelier Rue', gender: 'Unisex', price: 90, category: 'Jackets' },
  { title: 'Bomber Jacket', brand: 'NORTHFOLD', gender: 'Men', price: 120, category: 'Jackets', description: 'Warm, hoodie-lined bomber.' },
  { title: 'Leather Belt', brand: 'Hoodie Club', gender: 'Unisex', price: 25, category: 'Accessories' },
  { title: 'Travel Accessory Pouch', brand: 'Mono', gender: 'Kids', price: 15, category: 'Accessories' },
  { title: 'Black T-Shirt', brand: 'Soft Static', gender: 'Men', price: 20, category: 'T-Shirts', isBestProduct: true },
  { title: 'Cream Cardigan', brand: 'Quiet Form', gender: 'Women', price: 75, category: 'Sweaters' },
];

describe('forgiving search', () => {
  beforeAll(async () => {
    await clearCatalogue(ctx.database);
    await insertCategories(
      ctx.database,
      ['Shoes', 'Hoodies', 'Jackets', 'Accessories', 'T-Shirts', 'Sweaters'].map((name, i) => ({ name, relevance: i })),
    );
    await insertProducts(ctx.database, FIXTURE.map((p) => ({ description: 'A plain item.', ...p })) as never);
  });

  it('matches plurals and other word forms', async () => {
    expect((await titles({ search: 'jackets' })).sort()).toEqual(['Bomber Jacket', 'Denim Jacket']);
    expect((await titles({ search: 'JACKET' })).sort()).toEqual(['Bomber Jacket', 'Denim Jacket']);
    expect(await titles({ search: 'accessories' })).toEqual(['Travel Accessory Pouch']);
    expect(await titles({ search: 'cardigans' })).toEqual(['Cream Cardigan']);
  });

  it('still matches any substring, as the specification says', async () => {
    expect(await titles({ search: 'ardi' })).toEqual(['Cream Cardigan']);
    expect(await titles({ search: 'T-SHIRT' })).toEqual(['Black T-Shirt']);
  });

  it('reads a small typo as the word the catalogue has, and says so', async () => {
    const page = await get<ProductPage>('/api/products', { search: 'hodie' });
    expect(page.correction).toBe('hoodie');
    expect(page.items.map((p) => p.title).sort()).toEqual(['Bomber Jacket', 'Classic Hoodie', 'Leather Belt', 'Zip Hoodie']);
    expect((await get<ProductPage>('/api/products', { search: 'cardigna' })).items.map((p) => p.title)).toEqual(['Cream Cardigan']);
    expect((await get<ProductPage>('/api/products', { search: 'hoodie' })).correction).toBeNull();
  });

  it('matches several words in any order, each anywhere', async () => {
    expect(await titles({ search: 'hoodie zip' })).toEqual(['Zip Hoodie']);
    expect(await titles({ search: 'northfold jacket' })).toEqual(['Bomber Jacket']);
    expect(await titles({ search: 'jacket northfold hoodie' })).toEqual(['Bomber Jacket']);
    // No product has both: the products with the earlier word, and the answer says which word was left out.
    const partial = await get<ProductPage>('/api/products', { search: 'zip jacket' });
    expect(partial.items.map((p) => p.title)).toEqual(['Zip Hoodie']);
    expect(partial.partial).toEqual({ used: ['zip'], dropped: ['jacket'] });
    expect(partial.total).toBe(1);
  });

  it('ranks title before brand before description, the shuffle breaking ties', async () => {
    const ranked = await titles({ search: 'hoodie', limit: 2 });
    expect(ranked.slice(0, 2).sort()).toEqual(['Classic Hoodie', 'Zip Hoodie']);
    expect(ranked.slice(2)).toEqual(['Leather Belt', 'Bomber Jacket']);
    // A search reads the same for every visitor (decision 0043): the seed changes nothing, ties included.
    for (const seed of [1, 99, 123456]) expect(await titles({ search: 'hoodie', limit: 2, seed })).toEqual(ranked);
  });

  it('keeps the vocabulary in step with every write', async () => {
    const [made] = await insertProducts(ctx.database, [{ title: 'Quilted Gilet', brand: 'Mono', category: 'Jackets' }]);
    const vocabulary = async (term: string) =>
      (await ctx.database.rows<{ products: number }>(sql`select products from search_terms where term = ${term}`))[0]?.products ?? 0;
    expect(await vocabulary('gilet')).toBe(1);
    expect(await vocabulary('mono')).toBe(2);
    expect((await get<ProductPage>('/api/products', { search: 'gillet' })).items.map((p) => p.title)).toEqual(['Quilted Gilet']);
    await ctx.database.db.execute(sql`update products set title = 'Quilted Vest' where id = ${made!.id}::uuid`);
    expect(await vocabulary('gilet')).toBe(0);
    expect(await vocabulary('vest')).toBe(1);
    // A write that leaves title and brand alone leaves the words alone.
    await ctx.database.db.execute(sql`update products set updated_at = updated_at`);
    expect(await vocabulary('mono')).toBe(2);
    // One statement over every product that moves one brand: only that product's words move.
    await ctx.database.db.execute(
      sql`update products set brand = case when id = ${made!.id}::uuid then 'Ribbon' else brand end, updated_at = now()`,
    );
    expect(await vocabulary('mono')).toBe(1);
    expect(await vocabulary('ribbon')).toBe(1);
    expect(await vocabulary('vest')).toBe(1);
    await ctx.database.db.execute(sql`update products set brand = 'Mono' where id = ${made!.id}::uuid`);
    await ctx.database.db.execute(sql`delete from products where id = ${made!.id}::uuid`);
    expect(await vocabulary('vest')).toBe(0);
    expect(await vocabulary('mono')).toBe(1);
    expect(await vocabulary('ribbon')).toBe(0);
    expect((await get<ProductPage>('/api/products', { search: 'gillet' })).items).toEqual([]);
  });

  it("follows a search's cursor from before decision 0043, which carried the visitor's phase, as today's", async () => {
    const first = await get<ProductPage>('/api/products', { search: 'hoodie', limit: 2 });
    const raw = JSON.parse(Buffer.from(first.nextCursor ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(raw).not.toHaveProperty('p');
    const old = Buffer.from(JSON.stringify({ ...raw, p: 1 })).toString('base64url');
    const next = await get<ProductPage>('/api/products', { search: 'hoodie', limit: 2, cursor: first.nextCursor ?? '' });
    expect(next.items.length).toBeGreaterThan(0);
    expect(await get<ProductPage>('/api/products', { search: 'hoodie', limit: 2, cursor: old })).toEqual(next);
  });

  it('offers ways out of an empty result, each with its count', async () => {
    const typo = await get<ProductPage>('/api/products', { search: 'hoodxx' });
    expect(typo.items).toEqual([]);
    expect(typo.rescue).toEqual({ didYouMean: { search: 'hoodie', count: 4 }, allCategories: null, clearFilters: 8 });

    const narrowed = await get<ProductPage>('/api/products', { search: 'hoodie', category: 'Shoes' });
    expect(narrowed.rescue).toEqual({ didYouMean: null, allCategories: 4, clearFilters: 8 });

    const filtersOnly = await get<ProductPage>('/api/products', { category: 'Shoes' });
    expect(filtersOnly.rescue).toEqual({ didYouMean: null, allCategories: null, clearFilters: 8 });
    expect((await get<ProductPage>('/api/products', {})).rescue).toBeUndefined();
  });

  it('counts in "clear filters" only the products the storefront shows, not one hidden for its dead link', async () => {
    const [hidden] = await ctx.database.rows<{ id: string }>(
      sql`update products set link_state = 'hidden' where id = (select id from products order by title limit 1) returning id`,
    );
    try {
      const shown = (await walk({})).length;
      expect(shown).toBe(7);
      // Answered from the search index, and from the database (filters alone): the same number.
      expect((await get<ProductPage>('/api/products', { search: 'hoodxx' })).rescue?.clearFilters).toBe(shown);
      expect((await get<ProductPage>('/api/products', { category: 'Shoes' })).rescue?.clearFilters).toBe(shown);
    } finally {
      await ctx.database.db.execute(sql`update products set link_state = 'ok' where id = ${hidden!.id}::uuid`);
    }
  });

  it('suggests products, brands and categories as one types', async () => {
    const s = await get<Suggestions>('/api/search/suggestions', { q: 'hood' });
    expect(
      s.products
        .slice(0, 2)
        .map((p) => p.title)
        .sort(),
    ).toEqual(['Classic Hoodie', 'Zip Hoodie']);
    expect(s.products[0]).toMatchObject({
      path: expect.stringMatching(/^\/products\/.+-\d+$/),
      brand: expect.any(String),
      price: expect.any(Number),
    });
    expect(s.brands).toEqual([{ slug: 'hoodie-club', name: 'Hoodie Club', count: 1 }]);
    expect(s.categories).toEqual([{ name: 'Hoodies', count: 2 }]);
    const short = await get<Suggestions>('/api/search/suggestions', { q: 'ho' });
    expect(short.products).toEqual([]);
    expect(short.categories).toEqual([{ name: 'Hoodies', count: 2 }]);
    const typo = await get<Suggestions>('/api/search/suggestions', { q: 'kinetc' });
    expect(typo.correction).toBe('kinetic');
    expect(typo.brands.map((b) => b.slug)).toEqual(['kinetic-lab']);
    expect(await get<Suggestions>('/api/search/suggestions', { q: '  ' })).toEqual({
      query: '',
      correction: null,
      products: [],
      brands: [],
      categories: [],
      guides: [],
    });
  });
});

describe('brands', () => {
  it('gives every product its brand slug; spellings in other cases are one brand', async () => {
    const all = await walk({});
    expect(all.find((p) => p.title === 'Bomber Jacket')?.brandSlug).toBe('northfold');
    expect(all.find((p) => p.title === 'Leather Belt')?.brandSlug).toBe('hoodie-club');
    const list = await get<BrandList>('/api/brands');
    expect(list.items[0]).toEqual({ slug: 'northfold', name: expect.stringMatching(/^(Northfold|NORTHFOLD)$/), count: 2 });
    expect(list.items.map((b) => b.slug)).toContain('soft-static');
  });

  it('answers one brand by its slug, and 404 for a brand no product has', async () => {
    expect(await get<BrandSummary>('/api/brands/kinetic-lab')).toEqual({ slug: 'kinetic-lab', name: 'Kinetic Lab', count: 1 });
    expect(await get<BrandSummary>('/api/brands/Kinetic-Lab')).toMatchObject({ slug: 'kinetic-lab' });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/brands/no-such-brand' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No product has this brand.' });
  });

  it('refuses control characters in a brand address, and drops them from the filter', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/brands/mono%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/slug must not contain control characters/);
    expect(await titles({ brand: 'mo\u0000no' })).toEqual(['Travel Accessory Pouch']);
  });

  it('filters by one or several brands', async () => {
    expect((await titles({ brand: 'northfold' })).sort()).toEqual(['Bomber Jacket', 'Classic Hoodie']);
    expect((await titles({ brand: 'mono,soft-static' })).sort()).toEqual(['Black T-Shirt', 'Travel Accessory Pouch']);
    expect((await titles({ brand: 'northfold', search: 'hoodie' })).sort()).toEqual(['Bomber Jacket', 'Classic Hoodie']);
  });
});

describe('price range', () => {
  it('keeps products from the lowest to the highest price, both included', async () => {
    expect(await titles({ minPrice: 40, maxPrice: 75, sort: 'price-asc' })).toEqual(['Classic Hoodie', 'Zip Hoodie', 'Cream Cardigan']);
    expect(await titles({ maxPrice: '15.00' })).toEqual(['Travel Accessory Pouch']);
  });

  it.each([
    [{ minPrice: '50', maxPrice: '10' }, /minPrice must not be above maxPrice/],
    [{ minPrice: '-1' }, /minPrice must be a number from 0 with at most 2 decimals/],
    [{ maxPrice: '1.005' }, /maxPrice must be a number from 0 with at most 2 decimals/],
    [{ sort: 'cheapest' }, /sort must be one of recommended, newest, price-asc, price-desc, popular/],
    [{ brand: Array.from({ length: 21 }, (_, i) => `b${i}`).join(',') }, /brand may name at most 20 brands/],
  ])('answers 400 with a clear message for %j', async (query, message) => {
    for (const url of ['/api/products', '/api/products/facets']) {
      if (url.endsWith('facets') && 'sort' in query) continue;
      const res = await ctx.app.inject({ method: 'GET', url, query });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe('facet counts', () => {
  /** What each choice gives, counted by listing it. */
  async function bruteForce(filters: Record<string, string>) {
    const { category: _category, gender: _gender, brand: _brand, ...rest } = filters;
    const categories: Record<string, number> = {};
    for (const name of ['Shoes', 'Hoodies', 'Jackets', 'Accessories', 'T-Shirts', 'Sweaters']) {
      categories[name] = (await walk({ ...filters, category: name, limit: 48 })).length;
    }
    const genders: Record<string, number> = {};
    for (const g of ['All', 'Men', 'Women'])
      genders[g] = (
        await walk({
          ...rest,
          ...(filters.category ? { category: filters.category } : {}),
          ...(filters.brand ? { brand: filters.brand } : {}),
          gender: g,
          limit: 48,
        })
      ).length;
    const withoutBrand = await walk({
      ...rest,
      ...(filters.category ? { category: filters.category } : {}),
      ...(filters.gender ? { gender: filters.gender } : {}),
      limit: 48,
    });
    const brands: Record<string, number> = {};
    for (const p of withoutBrand) if (p.brandSlug) brands[p.brandSlug] = (brands[p.brandSlug] ?? 0) + 1;
    const allCategories = (
      await walk({
        ...rest,
        ...(filters.gender ? { gender: filters.gender } : {}),
        ...(filters.brand ? { brand: filters.brand } : {}),
        limit: 48,
      })
    ).length;
    return { total: (await walk({ ...filters, limit: 48 })).length, categories, genders, brands, allCategories };
  }

  it.each([
    [{}],
    [{ search: 'hoodie' }],
    [{ gender: 'Men' }],
    [{ gender: 'Women', search: 'a' }],
    [{ category: 'Jackets', brand: 'northfold' }],
    [{ search: 'jacket', minPrice: '50', best: 'false' }],
    [{ best: 'true' }],
  ])('agree with a count of the listing for %j', async (filters) => {
    const facets = await get<FinderFacets>('/api/products/facets', filters);
    const expected = await bruteForce(filters as Record<string, string>);
    expect(facets.total).toBe(expected.total);
    expect(Object.fromEntries(facets.categories.map((c) => [c.name, c.count]))).toEqual(expected.categories);
    expect(Object.fromEntries(facets.genders.map((g) => [g.gender, g.count]))).toEqual(expected.genders);
    expect(Object.fromEntries(facets.brands.map((b) => [b.slug, b.count]))).toEqual(expected.brands);
    expect(facets.allCategories).toBe(expected.allCategories);
  });

  it('gives the price range of the matches, whatever the range asked', async () => {
    const facets = await get<FinderFacets>('/api/products/facets', { search: 'jacket', maxPrice: '10' });
    expect(facets.total).toBe(0);
    expect(facets.price).toEqual({ min: 90, max: 120 });
  });

  it('lists a chosen brand even when nothing else matches it', async () => {
    const facets = await get<FinderFacets>('/api/products/facets', { brand: 'mono', category: 'Hoodies' });
    expect(facets.brands.find((b) => b.slug === 'mono')).toEqual({ slug: 'mono', name: 'Mono', count: 0 });
  });
});

describe('orders', () => {
  const SORTS = ['recommended', 'newest', 'price-asc', 'price-desc', 'popular'] as const;

  beforeAll(async () => {
    await clearCatalogue(ctx.database);
    await insertProducts(
      ctx.database,
      Array.from({ length: 30 }, (_, i) => ({
        title: `Item ${i} ${i % 3 === 0 ? 'hoodie' : 'tee'}`,
        // Equal prices and times, so ties must be broken by id.
        price: 10 + (i % 7),
        createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 5))),
        popularity: i % 4,
      })),
    );
  });

  /** Whether the listing is in `sort` order (ties by id, or by the shuffle for Popular). */
  function inOrder(items: Product[], sort: (typeof SORTS)[number]) {
    const key = (p: Product) =>
      sort === 'newest' ? -Date.parse(p.createdAt) : sort === 'price-asc' ? p.price : sort === 'price-desc' ? -p.price : 0;
    return items.every((p, i) => i === 0 || key(items[i - 1]!) <= key(p));
  }

  it.each(SORTS)('%s pages through everything once, with products added between pages', async (sort) => {
    for (const search of ['', 'hoodie']) {
      const before = await walk({ sort, search, limit: 48 });
      let added = 0;
      const seen = await walk({ sort, search, limit: 4, seed: 777 }, async () => {
        added += 1;
        await insertProducts(ctx.database, [{ title: `Added ${sort} ${added} hoodie`, price: 10 + (added % 7), popularity: added % 4 }]);
      });
      const ids = seen.map((p) => p.id);
      expect(new Set(ids).size, 'no repeats').toBe(ids.length);
      for (const p of before) expect(ids, `no skips: ${p.title}`).toContain(p.id);
      expect(
        inOrder(
          seen.filter((p) => before.some((b) => b.id === p.id)),
          sort,
        ),
      ).toBe(true);
      await ctx.database.db.execute(sql`delete from products where title like 'Added %'`);
    }
  });

  it('orders Popular by clicks, most first', async () => {
    const items = await walk({ sort: 'popular', limit: 48 });
    const popularity = await ctx.database.rows<{ id: string; popularity: number }>(sql`select id, popularity from products`);
    const of = new Map(popularity.map((r) => [r.id, r.popularity]));
    const values = items.map((p) => of.get(p.id) ?? -1);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('orders by price in either direction', async () => {
    const up = (await walk({ sort: 'price-asc', limit: 5 })).map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await walk({ sort: 'price-desc', limit: 5 })).map((p) => p.price);
    expect(down).toEqual([...up].reverse());
  });
});

describe('relevance order at scale', () => {
  it('pages in exactly (score, shuffled) order for every seed, whether a page comes from the shuffled walk or from ranking every match', async () => {
    await clearCatalogue(ctx.database);
    // 'tee' in many titles (6), some brands (4) and some descriptions (2): the first pages are found by walking the
    // shuffled index, the later ones by ranking every match.
    await insertProducts(
      ctx.database,
      Array.from({ length: 150 }, (_, i) => ({
        title: i % 3 === 0 ? `Plain Tee ${i}` : `Shirt ${i}`,
        brand: i % 3 === 1 && i % 2 === 0 ? 'Teeworks' : 'Other',
        description: i % 3 === 2 ? 'Worn like a tee.' : 'Cotton.',
      })),
    );
    const rows = await ctx.database.rows<{ id: string; k: number; t: string; b: string; d: string }>(
      sql`select id, shuffle_key as k, title as t, brand as b, description as d from products`,
    );
    const wordScore = (word: string, r: (typeof rows)[number]) =>
      r.t.toLowerCase().includes(word) ? 6 : r.b.toLowerCase().includes(word) ? 4 : r.d.toLowerCase().includes(word) ? 2 : 0;
    // A word in titles, a word only in brands, and each with another word.
    for (const search of ['tee', 'teeworks', 'shirt teeworks', 'worn tee']) {
      const words = search.split(' ');
      const score = (r: (typeof rows)[number]) =>
        words.every((w) => wordScore(w, r) > 0) ? words.reduce((n, w) => n + wordScore(w, r), 0) : 0;
      const expected = rows
        .filter((r) => score(r) > 0)
        .sort((a, b) => score(b) - score(a) || a.k - b.k || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((r) => r.id);
      for (const seed of [0, 1_000_000_000, 2_000_000_000]) {
        expect(
          (await walk({ search, seed, limit: 6 })).map((p) => p.id),
          `${search} from ${seed}`,
        ).toEqual(expected);
      }
    }
  });
});
