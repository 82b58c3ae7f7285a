import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { sourceFrontEnd } from '../../test/front-end';
import { createTestApp, type TestContext } from '../../test/test-app';

// Issue 25: a NUL or a broken % escape in a public address is the visitor's mistake, never the database's. Before,
// /brands/a%00 and /products?category=a%00 reached PostgreSQL (which refuses a NUL in text) and answered 503, and
// /brands/a%FF answered in Fastify's own shape. Each address here answers a 4xx (or what it answers for any
// other unknown value), on PGlite and on PostgreSQL alike.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, { frontEnd: sourceFrontEnd() });
  await clearCatalogue(ctx.database);
  await insertProducts(ctx.database, [{ title: 'Corduroy Jacket', brand: 'Northfold', category: 'Jackets' }]);
});
afterAll(async () => {
  await ctx?.close();
});

type Expect = { status: number; html?: true; message?: string };

const ADDRESSES: Array<[string, Expect]> = [
  // Pages
  ['/brands/a%00', { status: 404, html: true }],
  ['/brands/north%00fold', { status: 404, html: true }],
  ['/brands/a%0Ab', { status: 404, html: true }],
  ['/brands/a%FF', { status: 400, message: 'This address is not valid' }],
  ['/brands/a%C3%28', { status: 400, message: 'This address is not valid' }],
  ['/products/a%FF-1', { status: 400, message: 'This address is not valid' }],
  ['/products/1-a%00', { status: 404, html: true }],
  ['/products?category=a%00', { status: 400, html: true }],
  ['/products?category=Jac%0Akets', { status: 400, html: true }],
  ['/?category=a%00', { status: 400, html: true }],
  ['/brands/northfold?category=a%00', { status: 400, html: true }],
  ['/products?q=a%00&brand=a%00&sort=a%00&gender=a%00', { status: 200, html: true }],
  ['/favorites/shared/a%00', { status: 404, html: true }],
  // API
  ['/api/brands/a%00', { status: 400, message: 'slug must not contain control characters' }],
  ['/api/brands/a%FF', { status: 400, message: 'This address is not valid' }],
  ['/api/products?category=a%00', { status: 400, message: 'category must not contain control characters' }],
  ['/api/products/facets?category=a%00', { status: 400, message: 'category must not contain control characters' }],
  ['/api/products?search=a%00&brand=a%00', { status: 200 }],
  ['/api/search/suggestions?q=a%00', { status: 200 }],
  ['/api/products/a%00', { status: 400, message: 'number must be a whole number' }],
  ['/api/favorites/shared/a%00', { status: 400, message: 'token' }],
  ['/api/products/by-ids?ids=a%00', { status: 400, message: 'ids' }],
  ['/media/items/a%00.jpg', { status: 404, message: 'Image not found' }],
  ['/sitemaps/a%00.xml', { status: 404 }],
];

describe('addresses with a NUL or broken escapes', () => {
  it.each(ADDRESSES)('GET %s answers %j', async (url, expected) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(expected.status);
    if (expected.html) {
      expect(res.headers['content-type']).toContain('text/html');
      // Nor is the refused text echoed raw into the page (its title, description, data).
      expect(res.body).not.toContain('\u0000');
      return;
    }
    if (expected.status >= 400) {
      expect(res.json()).toEqual({
        statusCode: expected.status,
        code: expect.any(String),
        message: expect.stringContaining(expected.message ?? ''),
      });
    }
  });
});
