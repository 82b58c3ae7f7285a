// The storefront setting for products without a picture (issue 40): "Hide them" takes them out of the finder (its
// SQL pages and its search index), the facet counts, suggestions, brands, related lists and the sitemap, at once
// (kept answers dropped); "Show them as usual" brings them back. Audited; admins only; a bad value gets a sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail, ProductPage } from '../../../common/schemas/product';
import type { FinderFacets, Suggestions } from '../../../common/schemas/search';
import type { StorefrontSettings } from '../../../common/schemas/storefront-settings';
import { auditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { productsSitemapPath } from '../seo/seo.service';

let ctx: TestContext;
let admin = '';
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'storefront-admin@example.com', { isAdmin: true });
  await clearCatalogue(ctx.database);
  await insertCategories(ctx.database, [{ name: 'Shoes' }, { name: 'Jackets' }]);
  await insertProducts(ctx.database, [
    { title: 'Nike Dunk Low Panda', brand: 'Nike', category: 'Shoes', image: '/media/dunk.webp' },
    { title: 'Nike Air Max 95 Neon', brand: 'Nike', category: 'Shoes', image: null },
    { title: 'Stone Island Crinkle Reps Jacket', brand: 'Stone Island', category: 'Jackets', image: '/media/si.webp', pictureBroken: true },
    { title: 'Arcteryx Beta LT Jacket', brand: 'Arcteryx', category: 'Jackets', image: '/media/beta.webp' },
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
  const brands = await get<{ items: Array<{ name: string; count: number }> }>('/api/brands');
  const first = newest.items.find((p) => p.title === 'Arcteryx Beta LT Jacket');
  const detail = await get<ProductDetail>(`/api/products/${first?.number}`);
  const sitemap = (await send(ctx.app, 'GET', productsSitemapPath('en', 1))).body;
  return {
    newest: titles(newest.items),
    searched: titles(searched.items),
    total: facets.total,
    categories: Object.fromEntries(facets.categories.map((c) => [c.name, c.count])),
    suggested: titles(suggestions.products),
    nike: brands.items.find((b) => b.name === 'Nike')?.count ?? 0,
    related: titles(detail.related),
    sitemapProducts: (sitemap.match(/\/products\//g) ?? []).length,
  };
}

describe('products without a picture', () => {
  it('are shown as usual by default, hidden from every public list with "Hide them", and back with "Show them"', async () => {
    expect((await send(ctx.app, 'GET', '/api/admin/storefront-settings', { cookie: admin })).json<StorefrontSettings>()).toEqual({
      missingPictures: 'show',
    });
    const all = await storefront();
    expect(all).toMatchObject({ total: 4, nike: 2, sitemapProducts: 4 });
    expect(all.searched).toEqual(['Nike Air Max 95 Neon', 'Nike Dunk Low Panda']);

    const res = await setMode('hide');
    expect(res.statusCode, res.body).toBe(200);
    const hidden = await storefront();
    expect(hidden.newest).toEqual(['Arcteryx Beta LT Jacket', 'Nike Dunk Low Panda']);
    expect(hidden.searched).toEqual(['Nike Dunk Low Panda']);
    expect(hidden.total).toBe(2);
    expect(hidden.categories).toMatchObject({ Shoes: 1, Jackets: 1 });
    expect(hidden.suggested).toEqual(['Nike Dunk Low Panda']);
    expect(hidden.nike).toBe(1);
    expect(hidden.related).toEqual(['Nike Dunk Low Panda']);
    expect(hidden.sitemapProducts).toBe(2);
    const [entry] = await auditEntries(ctx.database, 'storefront-settings-update');
    expect(entry?.details).toMatchObject({ changes: { missingPictures: { from: 'show', to: 'hide' } }, products: 2 });

    expect((await setMode('show')).statusCode).toBe(200);
    expect(await storefront()).toEqual(all);
    expect(await auditEntries(ctx.database, 'storefront-settings-update')).toHaveLength(2);
  });

  it('refuses a mode it does not know with a sentence, and callers who are not admins', async () => {
    const bad = await setMode('last-ish');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('missingPictures must be show or hide');
    expect((await setMode('hide', '')).statusCode).toBe(401);
  });
});
