// The one visibility condition (visibility.ts): a product out of the finder (its link gone too often, issue 29) is
// out of every public list too: the finder's page, another product's related products and other colours.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail, ProductPage } from '../../../common/schemas/product';
import { send } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await clearCatalogue(ctx.database);
  await insertCategories(ctx.database, [{ name: 'Shoes' }]);
});
afterAll(() => ctx?.close());

describe('a hidden product', () => {
  it('is in no public list: the finder, related products, other colours', async () => {
    const link = 'https://weidian.com/item.html?itemID=7301';
    const [shown, hidden, other] = await insertProducts(ctx.database, [
      { title: 'Jordan 4 Black Cat', category: 'Shoes', link },
      { title: 'Jordan 4 White Cement', category: 'Shoes', link },
      { title: 'Nike Dunk Low Panda', category: 'Shoes' },
    ]);
    const detail = async () => (await send(ctx.app, 'GET', `/api/products/${shown!.number}`)).json<ProductDetail>();
    const titles = (list: Array<{ title: string }>) => list.map((p) => p.title).sort();

    const before = await detail();
    expect(titles(before.colours)).toEqual(['Jordan 4 White Cement']);
    expect(titles(before.related)).toEqual(['Jordan 4 White Cement', 'Nike Dunk Low Panda']);

    await ctx.database.db.execute(sql`update products set link_state = 'hidden' where id = ${hidden!.id}::uuid`);
    const after = await detail();
    expect(after.colours).toEqual([]);
    expect(titles(after.related)).toEqual([other!.title]);
    const page = (await send(ctx.app, 'GET', '/api/products?sort=newest')).json<ProductPage>();
    expect(titles(page.items)).toEqual(['Jordan 4 Black Cat', 'Nike Dunk Low Panda']);
  });
});
