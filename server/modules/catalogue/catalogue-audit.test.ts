// Issue 13: every admin change to a product is in the audit log, written in the change's own transaction.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_TEXT_LIMIT } from '../../../common/schemas/audit';
import type { Product } from '../../../common/schemas/product';
import { products, users } from '../../db/schema/index';
import { auditEntries, refuseAuditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin = '';
let adminId = '';
const ADMIN_EMAIL = 'catalogue-auditor@example.com';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, ADMIN_EMAIL, { isAdmin: true });
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  adminId = row?.id ?? '';
});
afterAll(async () => {
  await ctx?.close();
});

const VALID = {
  title: 'Field Jacket',
  description: 'Waxed cotton.',
  brand: 'Northfold',
  price: 12,
  category: 'Shoes',
  gender: 'Men',
  link: 'https://store.example/item/1',
};

async function created(body: object = VALID): Promise<Product> {
  const res = await send(ctx.app, 'POST', '/api/admin/products', { cookie: admin, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>();
}

const edit = (id: string, body: object) => send(ctx.app, 'PUT', `/api/admin/products/${id}`, { cookie: admin, body });
const productCount = async () => (await ctx.database.db.select({ n: count() }).from(products))[0]?.n ?? 0;

beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await insertCategories(ctx.database, [{ name: 'Shoes' }, { name: 'Sneakers' }]);
});

describe('product changes in the audit log', () => {
  it('records a new product with who added it and its values', async () => {
    const before = (await auditEntries(ctx.database, 'product-create')).length;
    const product = await created();
    const entries = await auditEntries(ctx.database, 'product-create');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      action: 'product-create',
      subject: `Field Jacket (#${product.number})`,
      status: 'succeeded',
      actorId: adminId,
      actorEmail: ADMIN_EMAIL,
      details: {
        productId: product.id,
        number: product.number,
        values: { ...VALID, image: null, isBestProduct: false },
      },
    });
  });

  it('records exactly the two fields an edit changed, each from and to', async () => {
    const product = await created();
    const res = await edit(product.id, { ...VALID, price: '15', category: 'sneakers' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry, ...more] = (await auditEntries(ctx.database, 'product-update')).filter((e) => e.subject.endsWith(`(#${product.number})`));
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorId: adminId, actorEmail: ADMIN_EMAIL, subject: `Field Jacket (#${product.number})` });
    expect(entry?.details).toEqual({
      productId: product.id,
      number: product.number,
      changes: { price: { from: 12, to: 15 }, category: { from: 'Shoes', to: 'Sneakers' } },
    });
  });

  it('names the product by its new title after a rename, and records no entry for an edit that changes nothing', async () => {
    const product = await created();
    expect((await edit(product.id, { ...VALID, title: 'Field Coat' })).statusCode).toBe(200);
    const renamed = (await auditEntries(ctx.database, 'product-update')).at(-1);
    expect(renamed?.subject).toBe(`Field Coat (#${product.number})`);
    expect(renamed?.details).toMatchObject({ changes: { title: { from: 'Field Jacket', to: 'Field Coat' } } });

    const entries = (await auditEntries(ctx.database, 'product-update')).length;
    // The same values again, spelled differently: the category's case and the price as text change nothing stored.
    const res = await edit(product.id, { ...VALID, title: 'Field Coat', category: 'SHOES', price: '12.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditEntries(ctx.database, 'product-update')).toHaveLength(entries);
  });

  it('keeps long descriptions short in the log, while comparing them whole', async () => {
    const long = 'a'.repeat(AUDIT_TEXT_LIMIT + 300);
    const product = await created({ ...VALID, description: long });
    const create = (await auditEntries(ctx.database, 'product-create')).at(-1);
    const kept = (create?.details as { values: { description: string } }).values.description;
    expect(kept).toHaveLength(AUDIT_TEXT_LIMIT);
    expect(kept.endsWith('…')).toBe(true);

    // A change past the clipped part is still a change.
    expect((await edit(product.id, { ...VALID, description: `${long}b` })).statusCode).toBe(200);
    const update = (await auditEntries(ctx.database, 'product-update')).at(-1);
    expect(update?.details).toMatchObject({ productId: product.id, changes: { description: { from: kept, to: kept } } });
    expect(JSON.stringify(update?.details).length).toBeLessThan(3 * AUDIT_TEXT_LIMIT);
  });

  it('records a deletion with what the product was', async () => {
    const product = await created();
    const res = await send(ctx.app, 'DELETE', `/api/admin/products/${product.id}`, { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect((await auditEntries(ctx.database, 'product-delete')).at(-1)).toMatchObject({
      subject: `Field Jacket (#${product.number})`,
      actorId: adminId,
      actorEmail: ADMIN_EMAIL,
      details: {
        productId: product.id,
        number: product.number,
        deleted: { title: 'Field Jacket', link: VALID.link, category: 'Shoes', price: 12 },
      },
    });
  });

  it('records nothing for a refused change', async () => {
    const counts = async () =>
      Promise.all(
        (['product-create', 'product-update', 'product-delete'] as const).map(async (a) => (await auditEntries(ctx.database, a)).length),
      );
    const before = await counts();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await send(ctx.app, 'POST', '/api/admin/products', { cookie: admin, body: { ...VALID, category: 'Hats' } })).statusCode).toBe(
      400,
    );
    expect((await edit(missing, VALID)).statusCode).toBe(404);
    expect((await send(ctx.app, 'DELETE', `/api/admin/products/${missing}`, { cookie: admin })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('shows the entries in GET /api/admin/audit-log, filtered by kind', async () => {
    const product = await created();
    const res = await send(ctx.app, 'GET', '/api/admin/audit-log?action=product-create', { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ items: Array<{ action: string; subject: string; actorEmail: string }> }>();
    expect(page.items.every((e) => e.action === 'product-create')).toBe(true);
    expect(page.items[0]).toMatchObject({ subject: `Field Jacket (#${product.number})`, actorEmail: ADMIN_EMAIL });
  });
});

describe('a product change whose audit entry cannot be written', () => {
  it('rolls the change back and answers an error: create, edit and delete', async () => {
    const product = await created();

    let allow = await refuseAuditEntries(ctx.database, 'product-create');
    const count = await productCount();
    const refusedCreate = await send(ctx.app, 'POST', '/api/admin/products', { cookie: admin, body: { ...VALID, title: 'Never' } });
    expect(refusedCreate.statusCode).toBe(500);
    expect(await productCount()).toBe(count);
    await allow();

    allow = await refuseAuditEntries(ctx.database, 'product-update');
    expect((await edit(product.id, { ...VALID, price: 99 })).statusCode).toBe(500);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ price: 12, title: 'Field Jacket' });
    await allow();

    allow = await refuseAuditEntries(ctx.database, 'product-delete');
    expect((await send(ctx.app, 'DELETE', `/api/admin/products/${product.id}`, { cookie: admin })).statusCode).toBe(500);
    expect(await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.id, product.id))).toHaveLength(1);
    await allow();

    // With the log writable again, the same change goes through.
    expect((await edit(product.id, { ...VALID, price: 99 })).statusCode).toBe(200);
  });
});
