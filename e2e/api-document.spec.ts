// The API document on the built, server-rendered site: rendering /admin loads a second copy of common/ (the admin
// chunk's), which once made /api/openapi.json answer 500 for good. The document must then still answer, validate as
// OpenAPI 3.1, and describe what the built server really sends. API only: one browser size is enough.
import SwaggerParser from '@apidevtools/swagger-parser';
import { expect, test } from '@playwright/test';
import { contractChecker, type ApiDocument } from '../server/test/api-contract';

test.skip(({ isMobile }) => isMobile, 'the API answers the same whatever the screen');

test('the API document answers after /admin was rendered, valid and true to public answers', async ({ request }) => {
  const admin = await request.get('/admin');
  expect(admin.status()).toBe(200);
  expect(await admin.text()).toContain('<div id="root">');

  const res = await request.get('/api/openapi.json');
  expect(res.status(), await res.text()).toBe(200);
  const doc = (await res.json()) as ApiDocument;
  await SwaggerParser.validate(structuredClone(doc) as never);
  expect((await request.get('/api/openapi.json')).status()).toBe(200);

  // Every public GET that needs no parameter, as an anonymous visitor: answered as documented.
  const check = contractChecker(doc);
  const problems: string[] = [];
  const paths = Object.entries(doc.paths)
    .filter(([path, item]) => item.get && !path.includes('{') && !path.startsWith('/api/admin/') && !path.startsWith('/api/auth/'))
    .map(([path]) => path);
  expect(paths).toEqual(expect.arrayContaining(['/api/products', '/api/site', '/api/categories', '/api/me']));
  for (const path of paths) {
    const answer = await request.get(path, { maxRedirects: 0 });
    problems.push(...check(path, 'get', { statusCode: answer.status(), headers: answer.headers(), body: await answer.text() }));
  }
  expect(problems).toEqual([]);
});
