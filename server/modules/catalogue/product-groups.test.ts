import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminProductPage, ProductDetail } from '../../../common/schemas/product';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { sourceFrontEnd } from '../../test/front-end';
import { createTestApp, type TestContext } from '../../test/test-app';

// Issue 26: products on one seller item form a group (its colourways): a product page lists the group's other
// products, the admin list filters by group and says how many each card's group holds.

let ctx: TestContext;
let admin = '';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'groups-admin@example.com', { isAdmin: true });
});
afterAll(async () => {
  await ctx?.close();
});

const ITEM = { sourcePlatform: 'weidian', sourceItemId: '7234567890' };
let numbers: Record<string, number> = {};

beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await insertCategories(ctx.database, [{ name: 'Jackets', relevance: 1 }]);
  const rows = await insertProducts(ctx.database, [
    { title: 'Jacket Black', category: 'Jackets', link: 'https://weidian.com/item.html?itemID=7234567890', ...ITEM },
    { title: 'Jacket White', category: 'Jackets', link: 'https://cnfans.com/product/?shop_type=weidian&id=7234567890&ref=1', ...ITEM },
    {
      title: 'Jacket Green',
      category: 'Jackets',
      link: 'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7234567890',
      ...ITEM,
    },
    { title: 'Cap', category: 'Jackets', link: 'https://store.example/cap' },
    { title: 'No link', category: 'Jackets', link: null },
  ]);
  numbers = Object.fromEntries(rows.map((r) => [r.title, r.number]));
});

describe('product groups', () => {
  it("lists a product's other colours on its page, and none for a product alone on its link", async () => {
    const page = await send(ctx.app, 'GET', `/api/products/${numbers['Jacket White']}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<ProductDetail>().colours.map((p) => p.title)).toEqual(['Jacket Black', 'Jacket Green']);
    expect((await send(ctx.app, 'GET', `/api/products/${numbers.Cap}`)).json<ProductDetail>().colours).toEqual([]);
    expect((await send(ctx.app, 'GET', `/api/products/${numbers['No link']}`)).json<ProductDetail>().colours).toEqual([]);
  });

  it('renders "Also in N other colours" on the server as a list under a heading', async () => {
    const site = await createTestApp({}, { frontEnd: sourceFrontEnd() });
    try {
      const [black] = await insertProducts(site.database, [
        { title: 'Rendered Black', link: 'https://weidian.com/item.html?itemID=7234567890', ...ITEM },
        { title: 'Rendered White', link: 'https://weidian.com/item.html?itemID=7234567890', ...ITEM },
        { title: 'Rendered Green', link: 'https://weidian.com/item.html?itemID=7234567890', ...ITEM },
      ]);
      const path = (await send(site.app, 'GET', `/api/products/${black?.number ?? 0}`)).json<ProductDetail>().product.path;
      const html = await site.app.inject({ method: 'GET', url: path });
      expect(html.statusCode).toBe(200);
      const section = /<section[^>]*aria-labelledby="colours-title"[^>]*>([\s\S]*?)<\/section>/.exec(html.body)?.[1] ?? '';
      expect(section).toMatch(/<h2 id="colours-title">Also in (<!-- -->)?2(<!-- -->)? other colours<\/h2>/);
      expect(section).toMatch(/<ul[^>]*aria-labelledby="colours-title"/);
      expect(section).toContain('Rendered White');
      expect(section).toContain('Rendered Green');
      expect(section).not.toContain('Rendered Black');
    } finally {
      await site.close();
    }
  });

  it('gives each admin product its group and group size, and filters the list by group', async () => {
    const all = (await send(ctx.app, 'GET', '/api/admin/products', { cookie: admin })).json<AdminProductPage>();
    const sizes = Object.fromEntries(all.items.map((p) => [p.title, [p.groupKey, p.groupSize]]));
    expect(sizes).toEqual({
      'Jacket Black': ['weidian:7234567890', 3],
      'Jacket White': ['weidian:7234567890', 3],
      'Jacket Green': ['weidian:7234567890', 3],
      Cap: ['link:https://store.example/cap', 1],
      'No link': [null, 1],
    });
    const group = await send(ctx.app, 'GET', `/api/admin/products?group=${encodeURIComponent('weidian:7234567890')}`, { cookie: admin });
    expect(group.statusCode).toBe(200);
    expect(group.json<AdminProductPage>()).toMatchObject({ total: 3 });
    expect(group.json<AdminProductPage>().items.map((p) => p.title)).toEqual(['Jacket Black', 'Jacket White', 'Jacket Green']);
    const none = await send(ctx.app, 'GET', '/api/admin/products?group=taobao%3A1', { cookie: admin });
    expect(none.json<AdminProductPage>()).toMatchObject({ total: 0, items: [] });
    const tooLong = await send(ctx.app, 'GET', `/api/admin/products?group=${'x'.repeat(3000)}`, { cookie: admin });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toMatch(/group must be at most/);
  });
});
