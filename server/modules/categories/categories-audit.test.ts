// Issue 13: every admin change to a category is in the audit log, written in the change's own transaction, with
// what it did to the products filed under it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from '../../../common/constants';
import type { Category } from '../../../common/schemas/category';
import { categories, products, users } from '../../db/schema/index';
import { auditEntries, refuseAuditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { DEFAULT_CATEGORIES_SUBJECT } from './categories.service';

let ctx: TestContext;
let admin = '';
let adminId = '';
const ADMIN_EMAIL = 'categories-auditor@example.com';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, ADMIN_EMAIL, { isAdmin: true });
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  adminId = row?.id ?? '';
});
afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  await clearCatalogue(ctx.database);
});

async function created(body: object): Promise<Category> {
  const res = await send(ctx.app, 'POST', '/api/admin/categories', { cookie: admin, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Category>();
}
const edit = (id: string, body: object) => send(ctx.app, 'PUT', `/api/admin/categories/${id}`, { cookie: admin, body });
const remove = (id: string, moveTo?: string) =>
  send(ctx.app, 'DELETE', `/api/admin/categories/${id}${moveTo ? `?moveTo=${moveTo}` : ''}`, { cookie: admin });
const categoryOf = async (title: string) =>
  (await ctx.database.db.select({ category: products.category }).from(products).where(eq(products.title, title)))[0]?.category;

describe('category changes in the audit log', () => {
  it('records a new category with who added it', async () => {
    const category = await created({ name: ' Boots ', relevance: 4, description: 'Ankle and up' });
    expect((await auditEntries(ctx.database, 'category-create')).at(-1)).toMatchObject({
      subject: 'Boots',
      status: 'succeeded',
      actorId: adminId,
      actorEmail: ADMIN_EMAIL,
      details: { categoryId: category.id, values: { name: 'Boots', relevance: 4, description: 'Ankle and up' } },
    });
  });

  it('records a rename with the products it renamed, and only the fields that changed', async () => {
    const category = await created({ name: 'Shoes', relevance: 1, description: 'All shoes' });
    await insertProducts(ctx.database, [
      { title: 'Runner', category: 'Shoes' },
      { title: 'Loafer', category: 'shoes' },
      { title: 'Parka', category: 'Jackets' },
    ]);
    const res = await edit(category.id, { name: 'Sneakers', relevance: 2, description: 'All shoes' });
    expect(res.statusCode, res.body).toBe(200);
    const entry = (await auditEntries(ctx.database, 'category-update')).at(-1);
    expect(entry).toMatchObject({ subject: 'Sneakers', actorId: adminId, actorEmail: ADMIN_EMAIL });
    expect(entry?.details).toEqual({
      categoryId: category.id,
      changes: { name: { from: 'Shoes', to: 'Sneakers' }, relevance: { from: 1, to: 2 } },
      productsRenamed: 2,
    });
  });

  it('records an edit that keeps the name without a product count, and nothing for an edit that changes nothing', async () => {
    const category = await created({ name: 'Hats', relevance: 1, description: '' });
    expect((await edit(category.id, { name: 'Hats', relevance: 1, description: 'Caps too' })).statusCode).toBe(200);
    const entries = await auditEntries(ctx.database, 'category-update');
    expect(entries.at(-1)?.details).toEqual({ categoryId: category.id, changes: { description: { from: '', to: 'Caps too' } } });

    expect((await edit(category.id, { name: ' Hats ', relevance: 1, description: 'Caps too' })).statusCode).toBe(200);
    expect(await auditEntries(ctx.database, 'category-update')).toHaveLength(entries.length);
  });

  it('records a deletion with what the category was and where its products went', async () => {
    const [shoes, boots] = await insertCategories(ctx.database, [{ name: 'Shoes', relevance: 3, description: 'x' }, { name: 'Boots' }]);
    await insertProducts(ctx.database, [
      { title: 'Runner', category: 'Shoes' },
      { title: 'Loafer', category: 'SHOES' },
    ]);
    expect((await remove(shoes!.id, boots!.id)).statusCode).toBe(200);
    expect((await auditEntries(ctx.database, 'category-delete')).at(-1)).toMatchObject({
      subject: 'Shoes',
      actorId: adminId,
      actorEmail: ADMIN_EMAIL,
      details: { categoryId: shoes!.id, deleted: { name: 'Shoes', relevance: 3, description: 'x' }, productsMoved: 2, movedTo: 'Boots' },
    });

    expect((await remove(boots!.id)).statusCode).toBe(200);
    expect((await auditEntries(ctx.database, 'category-delete')).at(-1)?.details).toMatchObject({ productsMoved: 2, movedTo: null });
  });

  it('records the default categories the dashboard seeds, once', async () => {
    const before = (await auditEntries(ctx.database, 'category-create')).length;
    const seed = () => send(ctx.app, 'POST', '/api/admin/categories/defaults', { cookie: admin });
    expect((await seed()).json()).toEqual({ seeded: true });
    expect((await seed()).json()).toEqual({ seeded: false });
    const entries = await auditEntries(ctx.database, 'category-create');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      subject: DEFAULT_CATEGORIES_SUBJECT,
      actorId: adminId,
      details: { defaults: true, names: DEFAULT_CATEGORIES.map((c) => c.name) },
    });
  });

  it('records nothing for a refused change', async () => {
    await insertCategories(ctx.database, [{ name: 'Shoes' }]);
    const kinds = ['category-create', 'category-update', 'category-delete'] as const;
    const counts = () => Promise.all(kinds.map(async (a) => (await auditEntries(ctx.database, a)).length));
    const before = await counts();
    expect((await send(ctx.app, 'POST', '/api/admin/categories', { cookie: admin, body: { name: 'SHOES' } })).statusCode).toBe(409);
    expect((await edit('00000000-0000-4000-8000-000000000000', { name: 'Boots' })).statusCode).toBe(404);
    expect((await remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe('a category change whose audit entry cannot be written', () => {
  it('rolls back the change and what it did to products, and answers an error', async () => {
    const [shoes] = await insertCategories(ctx.database, [{ name: 'Shoes' }]);
    await insertProducts(ctx.database, [{ title: 'Runner', category: 'Shoes' }]);

    let allow = await refuseAuditEntries(ctx.database, 'category-create');
    expect((await send(ctx.app, 'POST', '/api/admin/categories', { cookie: admin, body: { name: 'Boots' } })).statusCode).toBe(500);
    expect(await ctx.database.db.select().from(categories).where(eq(categories.name, 'Boots'))).toEqual([]);
    await allow();

    allow = await refuseAuditEntries(ctx.database, 'category-update');
    expect((await edit(shoes!.id, { name: 'Sneakers' })).statusCode).toBe(500);
    expect((await ctx.database.db.select().from(categories).where(eq(categories.id, shoes!.id)))[0]?.name).toBe('Shoes');
    expect(await categoryOf('Runner')).toBe('Shoes');
    await allow();

    allow = await refuseAuditEntries(ctx.database, 'category-delete');
    expect((await remove(shoes!.id)).statusCode).toBe(500);
    expect(await ctx.database.db.select().from(categories).where(eq(categories.id, shoes!.id))).toHaveLength(1);
    expect(await categoryOf('Runner')).toBe('Shoes');
    await allow();

    expect((await edit(shoes!.id, { name: 'Sneakers' })).statusCode).toBe(200);
    expect(await categoryOf('Runner')).toBe('Sneakers');
  });
});
