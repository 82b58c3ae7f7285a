import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBuiltFrontEnd, manifestTags } from '../pages/front-end';
import { createTestApp, TEST_SITE, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let dist: string;

/** A minimal build (dist/web, its manifest, a server entry), to prove how the built front end is served. */
function writeBuild(dir: string) {
  const web = path.join(dir, 'web');
  fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(web, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<html><head><!--app-head--><!--site-config--><script type="module" src="/assets/main-abc123.js"></script><link rel="stylesheet" crossorigin href="/assets/main-1.css"></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
  );
  fs.writeFileSync(path.join(web, 'assets', 'main-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(web, 'assets', 'main-1.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(web, 'assets', 'legal-3.css'), '.legal{color:red}');
  fs.writeFileSync(
    path.join(web, '.vite', 'manifest.json'),
    JSON.stringify({
      'main.tsx': { file: 'assets/main-abc123.js', isEntry: true, css: ['assets/main-1.css'] },
      'features/legal/privacy-policy-page.tsx': { file: 'assets/privacy-2.js', imports: ['_legal.js'], css: ['assets/legal-3.css'] },
      '_legal.js': { file: 'assets/legal-4.js', css: ['assets/main-1.css'] },
    }),
  );
  fs.writeFileSync(
    path.join(dir, 'server', 'entry-server.js'),
    [
      // The markup and the compiled messages the render read (none here), as web/entry-server.tsx answers.
      'export async function render(url) { return { html: `<p>rendered ${url}</p>`, messages: {} }; }',
      // A streamed page: the markup arrives in two writes, as React's renderer may write it.
      'export async function renderStream(url, lang, data, site, target) {',
      '  target.onShell({ pipe: (out) => { out.write(`<p>rendered `); out.end(`${url}</p>`); }, messages: () => ({}) });',
      '}',
    ].join('\n'),
  );
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-dist-'));
  writeBuild(dist);
  ctx = await createTestApp({}, { frontEnd: await loadBuiltFrontEnd(dist) });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
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
      passwordReset: false,
      googleRedirectUri: 'http://finder.test/api/auth/callback/google',
      https: false,
      baseCurrency: 'USD',
    });
  });

  it('publishes an OpenAPI 3 document listing every /api route', async () => {
    const res = await ctx.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.keys(doc.paths).sort();
    // Fastify writes path parameters ':id', OpenAPI '{id}'.
    const registered = ctx.app.registeredRoutes.map((r) => r.url.replace(/:(\w+)/g, '{$1}')).filter((url) => url.startsWith('/api/'));
    // The auth library's catch-all route is documented endpoint by endpoint (auth.test.ts checks those).
    const own = documented.filter((p) => !p.startsWith('/api/auth/'));
    expect(own).toEqual([...new Set(registered)].filter((url) => url !== '/api/auth/*').sort());
    expect(registered).toContain('/api/auth/*');
    expect(documented).toEqual(expect.arrayContaining(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/sign-out']));
    expect(documented).toEqual(
      expect.arrayContaining(['/api/health', '/api/openapi.json', '/api/products', '/api/categories', '/api/site']),
    );
    expect(doc.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['search', 'category', 'gender', 'best', 'limit', 'seed', 'cursor']),
    );
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No route matches GET /api/nope' });
  });

  it('renders every page with the built server entry, the settings inlined', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/products?gender=Men', 200],
      ['/privacy-policy', 200],
      ['/login', 200],
      ['/anything/else', 404],
    ] as const) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toContain('text/html');
      // Pages that are the same for everyone may be kept by shared caches; the login screen and a 404 may not.
      expect(res.headers['cache-control']).toBe(
        url === '/privacy-policy'
          ? 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400'
          : status === 200 && url !== '/login'
            ? 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'
            : 'private, no-cache',
      );
      expect(res.body).toContain(`<div id="root"><p>rendered ${url}</p></div>`);
      expect(res.body).toContain('<script type="application/json" id="site-config">');
      expect(res.body).toContain(TEST_SITE.discountCode);
    }
  });

  it("inlines the styles and links a page's own chunks from the build manifest, not what the entry already brings", async () => {
    const res = await ctx.app.inject('/privacy-policy');
    // Each inlined stylesheet beside a disabled link to its file (fetched by no browser), so the loader of on-demand
    // chunks knows the page has it.
    expect(res.body).toContain(
      '<style>.legal{color:red}</style><link rel="stylesheet" href="/assets/legal-3.css" disabled>' +
        '<link rel="modulepreload" href="/assets/privacy-2.js"><link rel="modulepreload" href="/assets/legal-4.js">',
    );
    expect(res.body).toContain('<style>body{margin:0}</style><link rel="stylesheet" href="/assets/main-1.css" disabled>');
    expect(res.body.match(/main-1\.css/g)).toHaveLength(1);
  });

  it('never serves the template itself', async () => {
    const res = await ctx.app.inject('/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<!--app-html-->');
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
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('message');
  });
});

describe('the build manifest', () => {
  it('gives prefetch links for modules a page will probably need next', () => {
    const manifest = { 'main.tsx': { file: 'assets/m.js', isEntry: true }, 'p.tsx': { file: 'assets/p.js', css: ['assets/p.css'] } };
    expect(manifestTags(manifest, ['p.tsx'], 'prefetch')).toBe(
      '<link rel="prefetch" href="/assets/p.css"><link rel="prefetch" href="/assets/p.js">',
    );
    expect(manifestTags(manifest, ['unknown.tsx'], 'prefetch')).toBe('');
  });

  it('is needed: without a build there is no front end', async () => {
    expect(await loadBuiltFrontEnd(path.join(dist, 'nowhere'))).toBeNull();
  });
});
