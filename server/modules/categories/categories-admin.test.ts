import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminCategoryList, Category, CategoryDeleteResult } from '../../../common/schemas/category';
import type { Product, ProductPage } from '../../../common/schemas/product';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin = '';
let user = '';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'categories-admin@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'categories-user@example.com');
});
afterAll(async () => {
  await ctx?.close();
});

const adminList = async () => {
  const res = await send(ctx.app, 'GET', '/api/admin/categories', { cookie: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminCategoryList>().items;
};
const names = async () => (await adminList()).map((c) => c.name);
const create = (body: unknown, cookie = admin) => send(ctx.app, 'POST', '/api/admin/categories', { cookie, body });
const finder = async (query: string) => (await send(ctx.app, 'GET', `/api/products?limit=48&${query}`)).json<ProductPage>().items;

beforeEach(async () => {
  await clearCatalogue(ctx.database);
});

describe('GET /api/admin/categories', () => {
  it('lists in the storefront order with the number of products in each, in any case', async () => {
    await insertCategories(ctx.database, [
      { name: 'Pants', relevance: 2 },
      { name: 'Shoes', relevance: 1 },
      { name: 'Empty', relevance: 3 },
    ]);
    await insertProducts(ctx.database, [{ category: 'Pants' }, { category: 'pants' }, { category: 'SHOES' }, { category: null }]);
    const list = await adminList();
    expect(list.map((c) => [c.name, c.productCount])).toEqual([
      ['Shoes', 1],
      ['Pants', 2],
      ['Empty', 0],
    ]);
  });

  it('refuses visitors and users without the admin role', async () => {
    expect((await send(ctx.app, 'GET', '/api/admin/categories')).statusCode).toBe(401);
    expect((await send(ctx.app, 'GET', '/api/admin/categories', { cookie: user })).statusCode).toBe(403);
  });
});

describe('POST /api/admin/categories', () => {
  it('adds a category with its name trimmed; the storefront lists it', async () => {
    const res = await create({ name: '  Scarves  ', relevance: '4', description: ' Warm ones ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Category>()).toMatchObject({ name: 'Scarves', relevance: 4, description: 'Warm ones' });
    const publicList = (await send(ctx.app, 'GET', '/api/categories')).json<{ items: Category[] }>().items;
    expect(publicList.map((c) => c.name)).toEqual(['Scarves']);
  });

  it('defaults the sort number to 0 and the description to empty', async () => {
    expect((await create({ name: 'Socks' })).json<Category>()).toMatchObject({ relevance: 0, description: '' });
  });

  it.each([
    [{ name: '' }, 'Category name is required!'],
    [{ name: '    ' }, 'Category name is required!'],
    [{}, 'Category name is required!'],
    [{ name: 'x'.repeat(101) }, 'Category name must be at most 100 characters'],
    [{ name: 'Bags', relevance: -1 }, 'Sort number must be a whole number from 0 to 1000000'],
    [{ name: 'Bags', relevance: 1.5 }, 'Sort number must be a whole number'],
    [{ name: 'Bags', relevance: 'first' }, 'Sort number must be a whole number'],
    [{ name: 'Bags', description: 'x'.repeat(501) }, 'Description must be at most 500 characters'],
  ])('refuses %j with 400 and a clear message, storing nothing', async (body, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await names()).toEqual([]);
  });

  it('refuses a name that exists in any case with 409, naming the existing one', async () => {
    await insertCategories(ctx.database, [{ name: 'Hoodies' }]);
    const res = await create({ name: ' HOODIES ' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'A category named "Hoodies" already exists.' });
    expect(await names()).toEqual(['Hoodies']);
  });

  it('keeps markup in a name as text', async () => {
    const name = '<b onmouseover="alert(1)">Bold</b>';
    expect((await create({ name })).json<Category>().name).toBe(name);
  });

  it('refuses users without the role, storing nothing', async () => {
    expect((await send(ctx.app, 'POST', '/api/admin/categories', { body: { name: 'X' } })).statusCode).toBe(401);
    expect((await create({ name: 'X' }, user)).statusCode).toBe(403);
    expect(await names()).toEqual([]);
  });
});

describe('PUT /api/admin/categories/:id', () => {
  it('renames a category and its products follow, so the storefront filter still finds them', async () => {
    const [pants] = await insertCategories(ctx.database, [{ name: 'Pants', relevance: 2 }]);
    await insertProducts(ctx.database, [
      { title: 'Cargo', category: 'pants' },
      { title: 'Jeans', category: 'Pants' },
      { title: 'Tee', category: 'Shirts' },
    ]);
    const res = await send(ctx.app, 'PUT', `/api/admin/categories/${pants?.id}`, {
      cookie: admin,
      body: { name: 'Trousers', relevance: 5, description: 'Long legs' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Category>()).toMatchObject({ name: 'Trousers', relevance: 5, description: 'Long legs' });
    expect((await finder('category=Trousers')).map((p) => p.title).sort()).toEqual(['Cargo', 'Jeans']);
    expect(await finder('category=Pants')).toEqual([]);
    expect((await adminList()).find((c) => c.name === 'Trousers')?.productCount).toBe(2);
  });

  it('allows changing only the case of a name', async () => {
    const [c] = await insertCategories(ctx.database, [{ name: 'tshirts' }]);
    const res = await send(ctx.app, 'PUT', `/api/admin/categories/${c?.id}`, { cookie: admin, body: { name: 'TShirts' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Category>().name).toBe('TShirts');
  });

  it('refuses a name another category has, changing nothing', async () => {
    const [a] = await insertCategories(ctx.database, [{ name: 'Bags' }, { name: 'Belts' }]);
    await insertProducts(ctx.database, [{ title: 'Tote', category: 'Bags' }]);
    const res = await send(ctx.app, 'PUT', `/api/admin/categories/${a?.id}`, { cookie: admin, body: { name: 'belts' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A category named "Belts" already exists.');
    expect((await finder('category=Bags')).map((p) => p.title)).toEqual(['Tote']);
    expect(await names()).toEqual(['Bags', 'Belts']);
  });

  it('answers 400 for a blank name and 404 for a category that does not exist', async () => {
    const [c] = await insertCategories(ctx.database, [{ name: 'Caps' }]);
    const blank = await send(ctx.app, 'PUT', `/api/admin/categories/${c?.id}`, { cookie: admin, body: { name: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Category name is required!');
    const missing = await send(ctx.app, 'PUT', '/api/admin/categories/00000000-0000-4000-8000-000000000000', {
      cookie: admin,
      body: { name: 'Y' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/categories/:id', () => {
  it('deletes a category in use: its products keep no category and stay on the storefront', async () => {
    const [shorts] = await insertCategories(ctx.database, [{ name: 'Shorts' }]);
    await insertProducts(ctx.database, [
      { title: 'Mesh Shorts', category: 'shorts' },
      { title: 'Other', category: 'Shoes' },
    ]);
    const res = await send(ctx.app, 'DELETE', `/api/admin/categories/${shorts?.id}`, { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CategoryDeleteResult>()).toEqual({ id: shorts?.id, name: 'Shorts', productsMoved: 1, movedTo: null });
    const all = await finder('');
    expect(all.map((p) => p.title).sort()).toEqual(['Mesh Shorts', 'Other']);
    expect(all.find((p: Product) => p.title === 'Mesh Shorts')?.category).toBeNull();
    expect(await names()).toEqual([]);
  });

  it('moves the products to another category when asked', async () => {
    const [sneakers, shoes] = await insertCategories(ctx.database, [{ name: 'Sneakers' }, { name: 'Shoes' }]);
    await insertProducts(ctx.database, [
      { title: 'Runner', category: 'Sneakers' },
      { title: 'Court', category: 'SNEAKERS' },
    ]);
    const res = await send(ctx.app, 'DELETE', `/api/admin/categories/${sneakers?.id}?moveTo=${shoes?.id}`, { cookie: admin });
    expect(res.json<CategoryDeleteResult>()).toMatchObject({ productsMoved: 2, movedTo: 'Shoes' });
    expect((await finder('category=Shoes')).map((p) => p.title).sort()).toEqual(['Court', 'Runner']);
    expect(await names()).toEqual(['Shoes']);
  });

  it('refuses to move products into the deleted category or a missing one, changing nothing', async () => {
    const [bags] = await insertCategories(ctx.database, [{ name: 'Bags' }]);
    await insertProducts(ctx.database, [{ title: 'Tote', category: 'Bags' }]);
    const self = await send(ctx.app, 'DELETE', `/api/admin/categories/${bags?.id}?moveTo=${bags?.id}`, { cookie: admin });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toContain('cannot move into the category being deleted');
    const missing = await send(ctx.app, 'DELETE', `/api/admin/categories/${bags?.id}?moveTo=00000000-0000-4000-8000-000000000000`, {
      cookie: admin,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('does not exist');
    const notUuid = await send(ctx.app, 'DELETE', `/api/admin/categories/${bags?.id}?moveTo=Shoes`, { cookie: admin });
    expect(notUuid.statusCode).toBe(400);
    expect(await names()).toEqual(['Bags']);
    expect((await finder('category=Bags')).map((p) => p.title)).toEqual(['Tote']);
  });

  it('answers 404 the second time', async () => {
    const [c] = await insertCategories(ctx.database, [{ name: 'Gone' }]);
    expect((await send(ctx.app, 'DELETE', `/api/admin/categories/${c?.id}`, { cookie: admin })).statusCode).toBe(200);
    expect((await send(ctx.app, 'DELETE', `/api/admin/categories/${c?.id}`, { cookie: admin })).statusCode).toBe(404);
  });

  it('refuses users without the role, deleting nothing', async () => {
    const [c] = await insertCategories(ctx.database, [{ name: 'Kept' }]);
    expect((await send(ctx.app, 'DELETE', `/api/admin/categories/${c?.id}`)).statusCode).toBe(401);
    expect((await send(ctx.app, 'DELETE', `/api/admin/categories/${c?.id}`, { cookie: user })).statusCode).toBe(403);
    expect(await names()).toEqual(['Kept']);
  });
});

describe('POST /api/admin/categories/defaults', () => {
  it('adds the eight defaults when none exist, and nothing otherwise', async () => {
    const first = await send(ctx.app, 'POST', '/api/admin/categories/defaults', { cookie: admin, body: {} });
    expect(first.json()).toEqual({ seeded: true });
    expect(await names()).toHaveLength(8);
    const second = await send(ctx.app, 'POST', '/api/admin/categories/defaults', { cookie: admin, body: {} });
    expect(second.json()).toEqual({ seeded: false });
    expect((await send(ctx.app, 'POST', '/api/admin/categories/defaults', { cookie: user, body: {} })).statusCode).toBe(403);
  });
});

// Issue 13: a NUL in a category's name or description answered 500.
describe('control characters in a category', () => {
  it('are refused in the name and the description with a sentence, storing nothing', async () => {
    const before = (await names()).length;
    for (const c of ['\u0000', '\u0007', '\u007f']) {
      const name = await create({ name: `Bad${c}name` });
      expect(name.statusCode, name.body).toBe(400);
      expect(name.json()).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION',
        message: expect.stringContaining('Category name must not contain control characters'),
      });
      const description = await create({ name: 'Fine name', description: `bad${c}description` });
      expect(description.statusCode, description.body).toBe(400);
      expect(description.json()).toMatchObject({ message: expect.stringContaining('Description must not contain control characters') });
    }
    expect((await names()).length).toBe(before);
    const multiLine = await create({ name: 'Multi line', description: 'one\n\ttwo' });
    expect(multiLine.statusCode, multiLine.body).toBe(201);
  });
});
