import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminProductPage, Product } from '../../../common/schemas/product';
import { products } from '../../db/schema/index';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin = '';
let user = '';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'catalogue-admin@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'catalogue-user@example.com');
});
afterAll(async () => {
  await ctx?.close();
});

const productCount = async () => (await ctx.database.db.select({ n: count() }).from(products))[0]?.n ?? 0;
const list = async (query = '') => {
  const res = await send(ctx.app, 'GET', `/api/admin/products${query}`, { cookie: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminProductPage>();
};
const create = (body: unknown, cookie = admin) => send(ctx.app, 'POST', '/api/admin/products', { cookie, body });

const VALID = { title: 'Field Jacket', price: 59.9, category: 'Jackets', gender: 'Men', link: 'https://store.example/item/1' };

describe('GET /api/admin/products', () => {
  beforeAll(async () => {
    await clearCatalogue(ctx.database);
    await insertCategories(ctx.database, [{ name: 'Pants' }, { name: 'Shoes' }, { name: 'Jackets' }]);
    await insertProducts(ctx.database, [
      { title: 'Third', row: 3, category: 'Pants', gender: 'Women' },
      { title: 'First', row: 1, category: 'Shoes', isBestProduct: true },
      { title: 'Fourth', row: 4, category: 'Hats', description: 'a felt fedora' },
      { title: 'Second', row: 2, category: 'pants', gender: 'Kids', brand: 'Acme' },
    ]);
  });

  it('sorts by row, with the total', async () => {
    const page = await list();
    expect(page.items.map((p) => p.title)).toEqual(['First', 'Second', 'Third', 'Fourth']);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 25 });
  });

  it('pages by pageSize; a page past the end is empty but keeps the total', async () => {
    expect((await list('?pageSize=3&page=2')).items.map((p) => p.title)).toEqual(['Fourth']);
    expect(await list('?pageSize=3&page=9')).toMatchObject({ items: [], total: 4, page: 9 });
  });

  it('searches title, description, brand and category, case-insensitively', async () => {
    const titles = async (search: string) => (await list(`?search=${encodeURIComponent(search)}`)).items.map((p) => p.title);
    expect(await titles('FEDORA')).toEqual(['Fourth']);
    expect(await titles('acme')).toEqual(['Second']);
    expect(await titles('hats')).toEqual(['Fourth']);
    expect(await titles('pant')).toEqual(['Second', 'Third']);
    expect((await list('?search=pant')).total).toBe(2);
  });

  it('filters by category, gender and best, in any case; All means no filter', async () => {
    const titles = async (q: string) => (await list(q)).items.map((p) => p.title);
    expect(await titles('?category=PANTS')).toEqual(['Second', 'Third']);
    expect(await titles('?gender=kids')).toEqual(['Second']);
    expect(await titles('?best=true')).toEqual(['First']);
    expect(await titles('?best=false')).toEqual(['Second', 'Third', 'Fourth']);
    expect(await titles('?category=All&gender=All&best=all')).toHaveLength(4);
  });

  it.each([
    ['?page=0', /page must be at least 1/],
    ['?pageSize=101', /pageSize must be at most 100/],
    ['?best=maybe', /best must be all, true or false/],
    ['?gender=Robots', /gender must be one of/],
  ])('answers 400 for %s', async (query, message) => {
    const res = await send(ctx.app, 'GET', `/api/admin/products${query}`, { cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('refuses visitors and users without the admin role', async () => {
    expect((await send(ctx.app, 'GET', '/api/admin/products')).statusCode).toBe(401);
    expect((await send(ctx.app, 'GET', '/api/admin/products', { cookie: user })).statusCode).toBe(403);
  });
});

describe('POST /api/admin/products', () => {
  beforeEach(async () => {
    await clearCatalogue(ctx.database);
    await insertCategories(ctx.database, [{ name: 'Jackets' }, { name: 'T-Shirts' }]);
  });

  it('adds a product after the last row, with the category spelled as the list spells it', async () => {
    await insertProducts(ctx.database, [{ title: 'Existing', row: 41 }]);
    const res = await create({ ...VALID, category: 'jackets', gender: 'men', description: ' warm ', brand: ' Northfold ' });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json<Product>();
    expect(product).toMatchObject({
      title: 'Field Jacket',
      price: 59.9,
      category: 'Jackets',
      gender: 'Men',
      description: 'warm',
      brand: 'Northfold',
      link: 'https://store.example/item/1',
      row: 42,
      isBestProduct: false,
    });
    // The storefront lists it at once.
    const finder = await send(ctx.app, 'GET', '/api/products?search=Field%20Jacket');
    expect(finder.json().items.map((p: Product) => p.id)).toEqual([product.id]);
  });

  it('rounds the price to 2 decimals and accepts it as text', async () => {
    expect((await create({ ...VALID, price: 12.345 })).json().price).toBe(12.35);
    expect((await create({ ...VALID, price: '1.005' })).json().price).toBe(1.01);
    expect((await create({ ...VALID, price: ' 7.5 ' })).json().price).toBe(7.5);
  });

  it('takes the buy link from either spelling and the best flag as text', async () => {
    const { link: _link, ...rest } = VALID;
    expect((await create({ ...rest, cnFansLink: 'https://a.example/1' })).json().link).toBe('https://a.example/1');
    expect((await create({ ...rest, cnfansLink: 'http://b.example/2', isBestProduct: 'true' })).json()).toMatchObject({
      link: 'http://b.example/2',
      isBestProduct: true,
    });
  });

  it('accepts an uploaded image or an http(s) image address', async () => {
    expect((await create({ ...VALID, image: '/media/items/1700000000_abc_coat.jpg' })).statusCode).toBe(201);
    expect((await create({ ...VALID, image: 'https://cdn.example/coat.jpg' })).json().image).toBe('https://cdn.example/coat.jpg');
  });

  it('stores our own image given by its full address (what Copy URL gives) as its path, with its thumbnail', async () => {
    const product = (await create({ ...VALID, image: 'http://finder.test/media/items/1700000000_abc_coat.jpg' })).json<Product>();
    expect(product.image).toBe('/media/items/1700000000_abc_coat.jpg');
    expect(product.thumbnail).toBe('/media/thumbs/320/1700000000_abc_coat.webp');
  });

  it.each([
    [{ ...VALID, title: '' }, 'title: Item name is required!'],
    [{ ...VALID, title: '   ' }, 'title: Item name is required!'],
    [{ price: 5 }, 'title: Item name is required!'],
    [{ ...VALID, price: 0 }, 'price: Valid price is required!'],
    [{ ...VALID, price: -3 }, 'price: Valid price is required!'],
    [{ ...VALID, price: 0.004 }, 'price: Valid price is required!'],
    [{ ...VALID, price: 'abc' }, 'price: Valid price is required!'],
    [{ ...VALID, price: '12,50' }, 'price: Valid price is required!'],
    [{ ...VALID, price: 1e12 }, 'price: Valid price is required!'],
    [{ ...VALID, price: null }, 'price: Valid price is required!'],
    [{ title: 'x' }, 'price: Valid price is required!'],
    [{ ...VALID, gender: 'Robots' }, 'gender must be one of Men, Women, Kids, Unisex'],
    [{ ...VALID, link: 'javascript:alert(1)' }, 'link must be an http(s) address such as https://store.example/item'],
    [{ ...VALID, link: 'JaVaScRiPt:alert(1)' }, 'link must be an http(s) address'],
    [{ ...VALID, link: 'data:text/html,<script>alert(1)</script>' }, 'link must be an http(s) address'],
    [{ ...VALID, link: 'ftp://files.example/x' }, 'link must be an http(s) address'],
    [{ ...VALID, link: '//evil.example/x' }, 'link must be an http(s) address'],
    [{ title: 'x', price: 1, cnFansLink: 'javascript:alert(1)' }, 'link must be an http(s) address'],
    [{ ...VALID, image: 'javascript:alert(1)' }, 'image must be an http(s) address or an uploaded image'],
    [{ ...VALID, image: '/media/items/../../secret' }, 'image must be an http(s) address or an uploaded image'],
    [{ ...VALID, title: 'x'.repeat(201) }, 'title must be at most 200 characters'],
    [{ ...VALID, category: 'Spaceships' }, 'there is no category named "Spaceships"'],
  ])('refuses %j with 400 and a clear message, storing nothing', async (body, message) => {
    const before = await productCount();
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    expect(res.json().message).toContain(message);
    expect(await productCount()).toBe(before);
  });

  it('refuses a body that is not JSON, storing nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { cookie: admin, 'content-type': 'application/json', origin: 'http://finder.test' },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    expect(await productCount()).toBe(0);
  });

  it('stores markup in a title as text and returns it unchanged', async () => {
    const title = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const res = await create({ ...VALID, title });
    expect(res.statusCode).toBe(201);
    const page = await list();
    expect(page.items[0]?.title).toBe(title);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('refuses visitors, users without the role and other sites, storing nothing', async () => {
    expect((await send(ctx.app, 'POST', '/api/admin/products', { body: VALID })).statusCode).toBe(401);
    expect((await create(VALID, user)).statusCode).toBe(403);
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { cookie: admin, 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: JSON.stringify(VALID),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await productCount()).toBe(0);
  });
});

describe('PUT and DELETE /api/admin/products/:id', () => {
  let product: Product;
  beforeEach(async () => {
    await clearCatalogue(ctx.database);
    await insertCategories(ctx.database, [{ name: 'Jackets' }, { name: 'Pants' }]);
    product = (await create(VALID)).json<Product>();
  });

  it('replaces every field and moves updatedAt', async () => {
    const res = await send(ctx.app, 'PUT', `/api/admin/products/${product.id}`, {
      cookie: admin,
      body: {
        title: 'Cargo Pants',
        price: '30',
        category: 'Pants',
        gender: 'Unisex',
        link: 'https://store.example/2',
        isBestProduct: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Product>()).toMatchObject({
      id: product.id,
      title: 'Cargo Pants',
      price: 30,
      category: 'Pants',
      gender: 'Unisex',
      isBestProduct: true,
      row: product.row,
      description: '',
    });
    expect(Date.parse(res.json<Product>().updatedAt)).toBeGreaterThanOrEqual(Date.parse(product.updatedAt));
  });

  it('keeps a category the list does not have when the product already had it', async () => {
    const [legacy] = await insertProducts(ctx.database, [{ title: 'Imported', category: 'Vintage' }]);
    const body = { title: 'Imported again', price: 5, category: 'vintage' };
    const res = await send(ctx.app, 'PUT', `/api/admin/products/${legacy?.id}`, { cookie: admin, body });
    expect(res.statusCode, res.body).toBe(200);
    const other = await send(ctx.app, 'PUT', `/api/admin/products/${product.id}`, { cookie: admin, body });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('there is no category named "vintage"');
  });

  it('refuses a bad update and leaves the product as it was', async () => {
    const res = await send(ctx.app, 'PUT', `/api/admin/products/${product.id}`, {
      cookie: admin,
      body: { ...VALID, title: 'Changed', link: 'javascript:void(0)' },
    });
    expect(res.statusCode).toBe(400);
    expect((await list()).items[0]).toMatchObject({ title: 'Field Jacket', link: VALID.link });
  });

  it('answers 404 for a product that does not exist, and 400 for an id that is not one', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await send(ctx.app, 'PUT', `/api/admin/products/${missing}`, { cookie: admin, body: VALID })).statusCode).toBe(404);
    expect((await send(ctx.app, 'DELETE', `/api/admin/products/${missing}`, { cookie: admin })).statusCode).toBe(404);
    const bad = await send(ctx.app, 'DELETE', '/api/admin/products/not-a-uuid', { cookie: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id must be a UUID');
  });

  it('deletes a product once', async () => {
    const res = await send(ctx.app, 'DELETE', `/api/admin/products/${product.id}`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: product.id });
    expect(await productCount()).toBe(0);
    expect((await send(ctx.app, 'DELETE', `/api/admin/products/${product.id}`, { cookie: admin })).statusCode).toBe(404);
  });

  it('refuses users without the role', async () => {
    expect((await send(ctx.app, 'DELETE', `/api/admin/products/${product.id}`, { cookie: user })).statusCode).toBe(403);
    expect((await send(ctx.app, 'PUT', `/api/admin/products/${product.id}`, { cookie: user, body: VALID })).statusCode).toBe(403);
    expect(await productCount()).toBe(1);
  });
});

// Issue 13: a NUL in any of these answered 500 (PostgreSQL refuses it in text). Now a 400 naming the field.
describe('control characters in product fields and list filters', () => {
  const CONTROLS = ['\u0000', '\u001b', '\u007f'];

  it('refuses them in the category filter of both product lists, with a sentence', async () => {
    for (const c of CONTROLS) {
      for (const [url, cookie] of [
        ['/api/products', ''],
        ['/api/admin/products', admin],
      ] as const) {
        const res = await send(ctx.app, 'GET', `${url}?category=${encodeURIComponent(`Sh${c}oes`)}`, { cookie });
        expect(res.statusCode, `${url} ${JSON.stringify(c)}`).toBe(400);
        expect(res.json()).toMatchObject({
          statusCode: 400,
          code: 'VALIDATION',
          message: expect.stringContaining('category must not contain control characters'),
        });
      }
    }
  });

  it('refuses them in title, description, brand and link, storing nothing', async () => {
    const before = await productCount();
    for (const c of [...CONTROLS, '\ud800']) {
      for (const field of ['title', 'description', 'brand', 'link'] as const) {
        const value = field === 'link' ? `https://store.example/it${c}em` : `Field${c}Jacket`;
        const res = await create({ ...VALID, [field]: value });
        expect(res.statusCode, `${field} ${JSON.stringify(c)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({
          statusCode: 400,
          code: 'VALIDATION',
          message: expect.stringContaining(`${field} must not contain control characters`),
        });
      }
    }
    // Single-line fields take no line break or tab either.
    for (const field of ['title', 'brand'] as const)
      expect((await create({ ...VALID, [field]: 'two\nlines' })).statusCode, field).toBe(400);
    expect(await productCount()).toBe(before);
  });

  it('keeps line breaks and tabs in a description', async () => {
    const res = await create({ ...VALID, title: 'Multi-line', description: 'First line\n\tindented\r\nlast' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Product>().description).toBe('First line\n\tindented\r\nlast');
  });
});

// Issue 13: row was max(row) + 1 computed in the insert; concurrent creates shared numbers.
describe('row numbers of created products', () => {
  it('are distinct for 50 products created at once, after the rows already there', async () => {
    await clearCatalogue(ctx.database);
    await insertCategories(ctx.database, [{ name: 'Jackets' }]);
    await insertProducts(ctx.database, [{ title: 'Existing', row: 7 }]);
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => create({ ...VALID, title: `Concurrent ${i}` })));
    for (const res of responses) expect(res.statusCode, res.body).toBe(201);
    const rows = responses.map((res) => res.json<Product>().row);
    expect(new Set(rows).size).toBe(50);
    expect(Math.min(...(rows as number[]))).toBe(8);
    expect(Math.max(...(rows as number[]))).toBe(57);
  });

  it('refuses a duplicate row number in the database itself', async () => {
    await clearCatalogue(ctx.database);
    await insertProducts(ctx.database, [{ title: 'One', row: 3 }]);
    await expect(insertProducts(ctx.database, [{ title: 'Two', row: 3 }])).rejects.toThrow();
  });
});
