import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product, ProductDetail } from '../../../common/schemas/product';
import { products } from '../../db/schema/index';
import { createUnitOfWork } from '../../db/unit-of-work';
import { auditEntries } from '../../test/audit-helpers';
import { send } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { withAdminApp } from '../../test/admin-app';
import { createAuditRepo } from '../audit/audit.repo';
import { columnsOf } from '../../../common/import-mapping';
import { checkRecord } from '../imports/import-rows';
import { backfillProductSources } from './product-sources';
import { createProductSourcesRepo } from './product-sources.repo';

const t = withAdminApp({ name: 'sources' });
beforeEach(async () => {
  await clearCatalogue(t.ctx.database);
  await insertCategories(t.ctx.database, [{ name: 'Jackets' }]);
});

const KAKOBUY = 'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7231813762&affcode=x';
const sourceOf = async (id: string) => {
  const [row] = await t.ctx.database.db
    .select({ platform: products.sourcePlatform, itemId: products.sourceItemId })
    .from(products)
    .where(eq(products.id, id));
  return row;
};

describe("a product's source", () => {
  it('is read from the link when an t.admin saves the item, agent links included, and cleared with it', async () => {
    const res = await send(t.ctx.app, 'POST', '/api/admin/products', {
      cookie: t.admin,
      body: { title: 'Field Jacket', price: 59.9, category: 'Jackets', link: KAKOBUY },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<Product>();
    expect(made).toMatchObject({ sourcePlatform: 'weidian', sourceItemId: '7231813762' });
    expect(await sourceOf(made.id)).toEqual({ platform: 'weidian', itemId: '7231813762' });

    // The storefront's product carries it.
    const page = await send(t.ctx.app, 'GET', `/api/products/${made.number}`);
    expect(page.json<ProductDetail>().product).toMatchObject({ sourcePlatform: 'weidian', sourceItemId: '7231813762' });

    const body = { title: 'Field Jacket', price: 59.9, category: 'Jackets', link: 'https://store.example/item/1' };
    const plain = await send(t.ctx.app, 'PUT', `/api/admin/products/${made.id}`, { cookie: t.admin, body });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json<Product>()).toMatchObject({ sourcePlatform: null, sourceItemId: null });
    expect(await sourceOf(made.id)).toEqual({ platform: null, itemId: null });
  });

  it("is read from an imported row's link", () => {
    const columns = columnsOf({ title: 'title', price: 'price', link: 'link' });
    const checked = checkRecord(
      { row: 2, values: { title: 'Tee', price: '9.99', link: 'https://hoobuy.com/product/1/692787834585' } },
      columns,
    );
    expect(checked.ok && checked.values).toMatchObject({ sourcePlatform: 'taobao', sourceItemId: '692787834585' });
    const plain = checkRecord({ row: 3, values: { title: 'Tee', price: '9.99', link: 'https://store.example/x' } }, columns);
    expect(plain.ok && plain.values).toMatchObject({ sourcePlatform: null, sourceItemId: null });
  });
});

describe('reading the sources of products saved before (once, at start)', () => {
  it('fills in what it can read, records the run, and does not run again', async () => {
    const repo = createProductSourcesRepo(t.ctx.database);
    const { transaction } = createUnitOfWork(t.ctx.database, (db) => ({
      productSources: createProductSourcesRepo(db),
      audit: createAuditRepo(db),
    }));
    const [readable, plain, none, already] = await insertProducts(t.ctx.database, [
      { link: 'https://item.taobao.com/item.htm?id=675330231400' },
      { link: 'https://store.example/item/2' },
      { link: null },
      { link: 'https://detail.1688.com/offer/641649880094.html', sourcePlatform: 'tmall', sourceItemId: '1' },
    ]);
    expect(await backfillProductSources(repo, transaction)).toEqual({ read: 1, unread: 1 });
    expect(await sourceOf(readable?.id ?? '')).toEqual({ platform: 'taobao', itemId: '675330231400' });
    expect(await sourceOf(plain?.id ?? '')).toEqual({ platform: null, itemId: null });
    expect(await sourceOf(none?.id ?? '')).toEqual({ platform: null, itemId: null });
    // A source already there is the product's own.
    expect(await sourceOf(already?.id ?? '')).toEqual({ platform: 'tmall', itemId: '1' });
    const entries = await auditEntries(t.ctx.database, 'products-source');
    expect(entries.map((e) => e.details)).toEqual([{ read: 1, unread: 1 }]);

    // Done: the next start reads nothing again, not even the link that names no item.
    await insertProducts(t.ctx.database, [{ link: 'https://weidian.com/item.html?itemID=7231813762' }]);
    expect(await backfillProductSources(repo, transaction)).toBeNull();
    expect(await auditEntries(t.ctx.database, 'products-source')).toHaveLength(1);
  });
});
