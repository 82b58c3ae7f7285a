// The storefront setting for products without a picture (issue 40): "Hide them" takes them out of the finder (its
// SQL pages and its search index), the facet counts, suggestions, brands, related lists and the sitemap, at once
// (kept answers dropped); "List them last" puts them after every other in each order, searching or not, across
// pages; "Show them as usual" brings them back. Audited; admins only; a bad value gets a sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail, ProductPage } from '../../../common/schemas/product';
import type { FinderFacets, Suggestions } from '../../../common/schemas/search';
import type { StorefrontSettings } from '../../../common/schemas/storefront-settings';
import { auditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { pagesSitemapPath, productsSitemapPath } from '../seo/seo.service';

let ctx: TestContext;
let admin = '';
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'storefront-admin@example.com', { isAdmin: true });
  await clearCatalogue(ctx.database);
  await insertCategories(ctx.database, [{ name: 'Shoes' }, { name: 'Jackets' }, { name: 'Hats' }]);
  await insertProducts(ctx.database, [
    { title: 'Nike Dunk Low Panda', brand: 'Nike', category: 'Shoes', image: '/media/dunk.webp' },
    { title: 'Nike Air Max 95 Neon', brand: 'Nike', category: 'Shoes', image: null },
    { title: 'Stone Island Crinkle Reps Jacket', brand: 'Stone Island', category: 'Jackets', image: '/media/si.webp', pictureBroken: true },
    { title: 'Arcteryx Beta LT Jacket', brand: 'Arcteryx', category: 'Jackets', image: '/media/beta.webp' },
    { title: 'Plain Cap', category: 'Hats', image: null },
  ]);
});
afterAll(() => ctx?.close());

const get = async <T>(url: string) => {
  const res = await send(ctx.app, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const titles = (items: Array<{ title: string }>) => items.map((p) => p.title).sort();
const setMode = (missingPictures: string, cookie = admin) =>
  send(ctx.app, 'PUT', '/api/admin/storefront-settings', { cookie, body: { missingPictures } });

/** What a visitor sees of the catalogue in each public list. */
async function storefront() {
  const newest = await get<ProductPage>('/api/products?sort=newest');
  const searched = await get<ProductPage>('/api/products?search=nike');
  const facets = await get<FinderFacets>('/api/products/facets');
  const suggestions = await get<Suggestions>('/api/search/suggestions?q=nike');
  const jackets = await get<Suggestions>('/api/search/suggestions?q=jackets');
  const brands = await get<{ items: Array<{ name: string; count: number }> }>('/api/brands');
  const first = newest.items.find((p) => p.title === 'Arcteryx Beta LT Jacket');
  const detail = await get<ProductDetail>(`/api/products/${first?.number}`);
  const sitemap = (await send(ctx.app, 'GET', productsSitemapPath('en', 1))).body;
  const pagesSitemap = (await send(ctx.app, 'GET', pagesSitemapPath('en'))).body;
  return {
    newest: titles(newest.items),
    searched: titles(searched.items),
    total: facets.total,
    categories: Object.fromEntries(facets.categories.map((c) => [c.name, c.count])),
    suggested: titles(suggestions.products),
    suggestedCategories: Object.fromEntries([...suggestions.categories, ...jackets.categories].map((c) => [c.name, c.count])),
    nike: brands.items.find((b) => b.name === 'Nike')?.count ?? 0,
    related: titles(detail.related),
    sitemapProducts: (sitemap.match(/\/products\//g) ?? []).length,
    sitemapCategories: [...new Set([...pagesSitemap.matchAll(/<loc>[^<]*category=(\w+)/g)].map((m) => m[1]))].sort(),
  };
}

describe('products without a picture', () => {
  it('are shown as usual by default, hidden from every public list with "Hide them", and back with "Show them"', async () => {
    expect((await send(ctx.app, 'GET', '/api/admin/storefront-settings', { cookie: admin })).json<StorefrontSettings>()).toEqual({
      missingPictures: 'show',
    });
    const all = await storefront();
    expect(all).toMatchObject({ total: 5, nike: 2, sitemapProducts: 5, sitemapCategories: ['Hats', 'Jackets', 'Shoes'] });
    expect(all.searched).toEqual(['Nike Air Max 95 Neon', 'Nike Dunk Low Panda']);

    const res = await setMode('hide');
    expect(res.statusCode, res.body).toBe(200);
    const hidden = await storefront();
    expect(hidden.newest).toEqual(['Arcteryx Beta LT Jacket', 'Nike Dunk Low Panda']);
    expect(hidden.searched).toEqual(['Nike Dunk Low Panda']);
    expect(hidden.total).toBe(2);
    expect(hidden.categories).toMatchObject({ Shoes: 1, Jackets: 1 });
    expect(hidden.suggested).toEqual(['Nike Dunk Low Panda']);
    expect(all.suggestedCategories).toEqual({ Jackets: 2 });
    expect(hidden.suggestedCategories).toEqual({ Jackets: 1 });
    expect(hidden.nike).toBe(1);
    expect(hidden.related).toEqual(['Nike Dunk Low Panda']);
    expect(hidden.sitemapProducts).toBe(2);
    expect(hidden.sitemapCategories).toEqual(['Jackets', 'Shoes']);
    const [entry] = await auditEntries(ctx.database, 'storefront-settings-update');
    expect(entry?.details).toMatchObject({ changes: { missingPictures: { from: 'show', to: 'hide' } }, products: 3 });

    expect((await setMode('show')).statusCode).toBe(200);
    expect(await storefront()).toEqual(all);
    expect(await auditEntries(ctx.database, 'storefront-settings-update')).toHaveLength(2);
  });

  it('are listed after every product with a picture with "List them last", in every order, across pages, searching or not', async () => {
    /** Every page of a listing, two products a page, by following its cursors. */
    const walk = async (query: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ProductPage = await get<ProductPage>(`/api/products?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((p) => p.title));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const withPicture = ['Nike Dunk Low Panda', 'Arcteryx Beta LT Jacket'];
    const orders = [
      'sort=newest',
      'sort=price-asc',
      'sort=price-desc',
      'sort=popular',
      'sort=recommended&seed=7',
      'search=jacket',
      'search=nike',
    ];
    const before = Object.fromEntries(await Promise.all(orders.map(async (o) => [o, await walk(o)] as const)));
    // Shown as usual, some of those without a picture come before some with one (by price always; in the other
    // orders as the random keys fall).
    const mixed = orders.filter((o) => {
      const list = before[o] ?? [];
      return list.findIndex((t) => !withPicture.includes(t)) < list.findLastIndex((t) => withPicture.includes(t));
    });
    expect(mixed).toEqual(expect.arrayContaining(['sort=price-asc', 'sort=price-desc']));
    expect((await setMode('last')).statusCode).toBe(200);
    for (const order of orders) {
      const listed = await walk(order);
      // The same products, each once; those with a picture first, each part in the order it had.
      expect(listed.slice().sort(), order).toEqual(before[order]?.slice().sort());
      const firsts = listed.filter((t) => withPicture.includes(t));
      expect(listed.slice(0, firsts.length), order).toEqual(firsts);
      expect(firsts, order).toEqual(before[order]?.filter((t) => withPicture.includes(t)));
      expect(listed.slice(firsts.length), order).toEqual(before[order]?.filter((t) => !withPicture.includes(t)));
    }
    expect(await walk('search=nike')).toEqual(['Nike Dunk Low Panda', 'Nike Air Max 95 Neon']);
    // The counts and the sitemap are as with "Show them": listed last, not hidden.
    const all = await storefront();
    expect(all).toMatchObject({ total: 5, nike: 2, sitemapProducts: 5 });
    expect((await setMode('show')).statusCode).toBe(200);
  });

  it('refuses a mode it does not know with a sentence, and callers who are not admins', async () => {
    const bad = await setMode('last-ish');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('missingPictures must be show, last or hide');
    expect((await setMode('hide', '')).statusCode).toBe(401);
  });
});
