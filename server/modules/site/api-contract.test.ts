// The contract test (issue 25): every documented GET route, and sign-up, sign-in and /api/me, called as anonymous,
// a signed-in user, an admin and a developer; each real answer must be one the OpenAPI document lists, with a body
// its schema accepts. A route that answers something undocumented fails here.
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_OPERATIONS } from '../../../common/bulk-op-rules';
import { contractChecker, type ApiDocument } from '../../test/api-contract';
import { cookieHeader, post, send, signedInAs, TEST_PASSWORD } from '../../test/auth-helpers';
import { insertCategories, insertProducts } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let doc: ApiDocument;
let check: ReturnType<typeof contractChecker>;
const callers: Record<string, string> = { anonymous: '' };
/** The value of each path parameter, by documented path. */
let pathValues: Record<string, Record<string, string>>;
/** Query parameters a route needs to answer anything but 400, by documented path. */
let queries: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: TEST_ORIGIN });
  const app = ctx.app;
  await insertCategories(ctx.database, [{ name: 'Shoes' }, { name: 'Jackets' }]);
  const [shoe, jacket, gone] = await insertProducts(ctx.database, [
    {
      title: 'Contract Runner',
      brand: 'Contract Brand',
      link: 'https://weidian.com/item.html?itemID=7232290099',
      image: '/media/uploads/a.webp',
    },
    { title: 'Contract Parka', category: 'Jackets', brand: '', description: '' },
    { title: 'Contract Gone' },
  ]);
  callers.user = await signedInAs(app, 'contract-user@example.com');
  callers.admin = await signedInAs(app, 'contract-admin@example.com', { isAdmin: true });
  callers.developer = await signedInAs(app, 'contract-dev@example.com', { isAdmin: true, isDev: true });

  const removed = await send(app, 'DELETE', `/api/admin/products/${gone!.id}`, { cookie: callers.admin });
  expect(removed.statusCode).toBe(200);
  expect((await send(app, 'PUT', `/api/favorites/${shoe!.id}`, { cookie: callers.user, body: {} })).statusCode).toBe(200);
  const share = await send(app, 'POST', '/api/favorites/share', { cookie: callers.user, body: {} });
  expect(share.statusCode).toBe(200);
  expect((await post(app, '/api/requests', { query: 'contract boots', link: null })).statusCode).toBe(201);
  expect((await post(app, `/api/products/${shoe!.id}/link-reports`, { note: 'gone' })).statusCode).toBe(201);
  const csv = 'title,price,category,link\nImported Boot,20,Shoes,https://item.taobao.com/item.htm?id=123\n,oops,,\n';
  const form = multipartBody([{ filename: 'sheet.csv', body: Buffer.from(csv), field: 'file' }]);
  const preview = await app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...form.headers, origin: TEST_ORIGIN, cookie: callers.admin },
    payload: form.payload,
  });
  expect(preview.statusCode, preview.body).toBe(201);
  const importId = (preview.json() as { id: string }).id;

  const guide = await send(app, 'POST', '/api/admin/guides', {
    cookie: callers.admin,
    body: {
      guide: {
        title: 'Contract guide',
        description: 'A guide.',
        topic: 'Buying',
        body: `{{product:${shoe!.number}}}`,
        status: 'published',
      },
    },
  });
  expect(guide.statusCode, guide.body).toBe(201);
  const guideId = (guide.json() as { guide: { id: string } }).guide.id;

  pathValues = {
    '/api/guides/{slug}': { slug: 'contract-guide' },
    '/api/admin/guides/{id}': { id: guideId },
    '/api/admin/guides/{id}/revisions': { id: guideId },
    '/api/brands/{slug}': { slug: 'contract-brand' },
    '/api/products/{number}': { number: String(shoe!.number) },
    '/api/guides/featuring/{number}': { number: String(shoe!.number) },
    '/api/favorites/shared/{token}': { token: (share.json() as { token: string }).token },
    '/api/admin/products/{id}/qc-photos': { id: shoe!.id },
    '/api/admin/imports/{id}': { id: importId },
    '/api/admin/imports/{id}/errors': { id: importId },
    '/api/admin/link-reports/product/{productId}': { productId: shoe!.id },
    '/api/admin/bulk-ops/{operation}/preview': { operation: BULK_OPERATIONS[0] },
    '/api/auth/callback/{id}': { id: 'google' },
  };
  queries = {
    '/api/search/suggestions': 'q=contract',
    '/api/products/by-ids': `ids=${shoe!.id},${jacket!.id},${gone!.id}`,
    '/api/admin/products/link-matches': `link=${encodeURIComponent('https://weidian.com/item.html?itemID=7232290099')}`,
    '/api/account/email/confirm': 'token=unknown',
    '/api/products': 'search=contract',
  };

  const res = await app.inject('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json() as ApiDocument;
  check = contractChecker(doc);
});
afterAll(async () => {
  await ctx?.close();
});

/** The address of a documented path, its parameters filled in. */
function addressOf(path: string): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = pathValues[path]?.[name];
    if (value === undefined) throw new Error(`no value for {${name}} of ${path}: add one to pathValues in this test`);
    return encodeURIComponent(value);
  });
  const query = queries[path];
  return query ? `${filled}?${query}` : filled;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.openapi).toBe('3.1.0');
  });

  it("passes Redocly's recommended lint with the project's redocly.yaml", async () => {
    const config = await loadConfig({ configPath: path.resolve(import.meta.dirname, '../../../redocly.yaml') });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`)).toEqual([]);
  });

  it('uses no OpenAPI 3.0 keyword that 3.1 ignores', () => {
    const found: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'nullable' || (key === 'exclusiveMinimum' && typeof value === 'boolean')) found.push(`${at}/${key}`);
        walk(value, `${at}/${key}`);
      }
    };
    walk(doc, '#');
    expect(found).toEqual([]);
  });

  it('documents a success answer for every operation', () => {
    const without = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !Object.keys(op.responses ?? {}).some((s) => /^[23]/.test(s)))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(without).toEqual([]);
  });
});

describe('every documented GET answers as documented', () => {
  it('for anonymous visitors, users, admins and developers', async () => {
    const problems: string[] = [];
    let calls = 0;
    const gets = Object.entries(doc.paths).filter(([, ops]) => ops.get);
    expect(gets.length).toBeGreaterThan(30);
    for (const [path] of gets) {
      for (const [who, cookie] of Object.entries(callers)) {
        const res = await ctx.app.inject({ method: 'GET', url: addressOf(path), headers: cookie ? { cookie } : {} });
        calls += 1;
        problems.push(...check(path, 'get', res).map((p) => `${who}: ${p}`));
      }
    }
    expect(calls).toBe(gets.length * 4);
    expect(problems).toEqual([]);
  });

  it('including the answers of a product that is gone and an unknown one', async () => {
    const problems = [
      ...check('/api/products/{number}', 'get', await ctx.app.inject('/api/products/999999')),
      ...check('/api/brands/{slug}', 'get', await ctx.app.inject('/api/brands/nobody-makes-this')),
      ...check('/api/products', 'get', await ctx.app.inject('/api/products?limit=oops')),
    ];
    const deleted = await ctx.app.inject(`/api/products?limit=24`);
    problems.push(...check('/api/products', 'get', deleted));
    expect(problems).toEqual([]);
  });
});

describe('signing up and in answers as documented', () => {
  it('sign-up, sign-in (right and wrong password), get-session, /api/me and sign-out', async () => {
    const email = 'contract-new@example.com';
    const up = await post(ctx.app, '/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: 'Vera' });
    const again = await post(ctx.app, '/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: 'Vera' });
    const weak = await post(ctx.app, '/api/auth/sign-up/email', { email: 'weak@example.com', password: 'password1234', name: '' });
    const wrong = await post(ctx.app, '/api/auth/sign-in/email', { email, password: 'not the password at all' });
    const inRes = await post(ctx.app, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    const cookie = cookieHeader(inRes);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    const noSession = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    const meIn = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    const meOut = await ctx.app.inject({ method: 'GET', url: '/api/me' });
    const out = await post(ctx.app, '/api/auth/sign-out', {}, cookie);
    expect([up.statusCode, again.statusCode, weak.statusCode, wrong.statusCode, inRes.statusCode]).toEqual([200, 409, 400, 401, 200]);
    // What the document marks required must be there: the token is removed by the bridge, so it is not promised.
    expect(inRes.json()).not.toHaveProperty('token');
    expect([
      ...check('/api/auth/sign-up/email', 'post', up),
      ...check('/api/auth/sign-up/email', 'post', again),
      ...check('/api/auth/sign-up/email', 'post', weak),
      ...check('/api/auth/sign-in/email', 'post', wrong),
      ...check('/api/auth/sign-in/email', 'post', inRes),
      ...check('/api/auth/get-session', 'get', session),
      ...check('/api/auth/get-session', 'get', noSession),
      ...check('/api/me', 'get', meIn),
      ...check('/api/me', 'get', meOut),
      ...check('/api/auth/sign-out', 'post', out),
    ]).toEqual([]);
  });
});
