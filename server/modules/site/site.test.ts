import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_SITE, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  // A minimal build, to prove how pages and assets are served.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<html><head><!--site-config--></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
  ctx = await createTestApp({ webDist });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('site routes', () => {
  it('answers the health check', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the public settings', async () => {
    const res = await ctx.app.inject('/api/site');
    expect(res.json()).toEqual({
      discountCode: TEST_SITE.discountCode,
      communityUrl: TEST_SITE.communityUrl,
      referralUrl: TEST_SITE.referralUrl,
      contactEmail: TEST_SITE.contactEmail,
      googleSignIn: false,
      googleRedirectUri: 'http://finder.test/api/auth/callback/google',
    });
  });

  it('publishes an OpenAPI 3 document listing every /api route', async () => {
    const res = await ctx.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.keys(doc.paths).sort();
    // Fastify writes path parameters ':id', OpenAPI '{id}'.
    const registered = ctx.app.registeredRoutes
      .map((r) => r.url.replace(/:(\w+)/g, '{$1}'))
      .filter((url) => url.startsWith('/api/'));
    // The auth library's catch-all route is documented endpoint by endpoint (auth.test.ts checks those).
    const own = documented.filter((p) => !p.startsWith('/api/auth/'));
    expect(own).toEqual([...new Set(registered)].filter((url) => url !== '/api/auth/*').sort());
    expect(registered).toContain('/api/auth/*');
    expect(documented).toEqual(expect.arrayContaining(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/sign-out']));
    expect(documented).toEqual(expect.arrayContaining(['/api/health', '/api/openapi.json', '/api/products', '/api/categories', '/api/site']));
    expect(doc.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['search', 'category', 'gender', 'best', 'limit', 'seed', 'cursor']),
    );
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No route matches GET /api/nope' });
  });

  it('sends index.html with the settings inlined for every page route', async () => {
    for (const url of ['/', '/products?gender=Men', '/privacy-policy', '/login', '/anything/else']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<script type="application/json" id="site-config">');
      expect(res.body).toContain(TEST_SITE.discountCode);
    }
  });

  it('caches hashed assets for a year and 404s missing ones', async () => {
    const res = await ctx.app.inject('/assets/main-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('sets security headers', async () => {
    const res = await ctx.app.inject('/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('errors from the framework', () => {
  it('answers a malformed JSON body with a 4xx, never a 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/products', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('message');
  });
});
