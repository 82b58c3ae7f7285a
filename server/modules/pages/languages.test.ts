// The site in other languages (issue 41): addresses under /{lang}/, <html lang dir>, canonical, hreflang that every
// version returns, og:locale, the sitemaps' alternates, and prices in the page's language.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/i18n';
import { productPath } from '../../../common/product-urls';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { sourceFrontEnd } from '../../test/front-end';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let productUrl = '';

beforeAll(async () => {
  ctx = await createTestApp({}, { frontEnd: sourceFrontEnd() });
  await clearCatalogue(ctx.database);
  await insertCategories(ctx.database, [{ name: 'Jackets' }]);
  const [jacket] = await insertProducts(ctx.database, [
    { title: 'Corduroy Trucker Jacket', category: 'Jackets', brand: 'Northfold', price: 1234.5 },
    { title: 'Field Jacket', category: 'Jackets' },
  ]);
  productUrl = productPath(jacket!);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** Every `<link rel="alternate" hreflang>` of a page: language → address. */
function alternates(html: string): Map<string, string> {
  return new Map([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]));
}

describe('pages in other languages', () => {
  it('answer at /{lang}/ with the language and direction on <html>, a self-canonical and og:locale', async () => {
    for (const { code, prefix, dir, ogLocale } of LANGUAGES.filter((l) => l.prefix)) {
      const res = await get(`/${prefix}/`);
      expect(res.statusCode, prefix).toBe(200);
      expect(res.body).toContain(`<html lang="${code}" dir="${dir}">`);
      expect(res.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/${prefix}/">`);
      expect(res.body).toContain(`<meta property="og:locale" content="${ogLocale}">`);
      expect(res.body).toContain('<meta property="og:locale:alternate" content="en_US">');
    }
    const english = await get('/');
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/">`);
  });

  it('list every language and x-default as alternates, and each alternate lists the same set back', async () => {
    for (const start of ['/', '/products?category=Jackets', '/convert', '/privacy-policy', '/brands/northfold']) {
      const first = alternates((await get(start)).body);
      expect([...first.keys()].sort(), start).toEqual([...LANGUAGES.map((l) => l.code), 'x-default'].sort());
      expect(first.get('x-default')).toBe(first.get('en'));
      for (const [lang, href] of first) {
        const page = await get(href.replace(TEST_ORIGIN, ''));
        expect(page.statusCode, href).toBe(200);
        expect(alternates(page.body), `${href} (${lang})`).toEqual(first);
        if (lang !== 'x-default') expect(page.body).toContain(`<link rel="canonical" href="${href}">`);
      }
    }
  });

  it('keep the visitor inside the language: links, redirects and the router', async () => {
    const res = await get('/de/');
    const links = [...res.body.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((m) => m[1]!);
    const internal = links.filter((l) => !l.startsWith('/media/'));
    expect(internal.length).toBeGreaterThan(3);
    // The language switcher's links lead to the other languages; every other link stays in German.
    const foreign = internal.filter((l) => !l.startsWith('/de/') && l !== '/de');
    expect(foreign.every((l) => LANGUAGES.some((x) => l === '/' || (x.prefix && l.startsWith(`/${x.prefix}/`))))).toBe(true);
    // An old product address answers 301 to the new one in the same language.
    const slugless = productUrl.replace(/\/products\/[^/]*-(\d+)$/, '/products/old-name-$1');
    const moved = await get(`/de${slugless}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/de${productUrl}`);
  });

  it('point a product page in another language to the English page as canonical (its title is not translated)', async () => {
    const res = await get(`/de${productUrl}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="de" dir="ltr">');
    expect(res.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}${productUrl}">`);
    expect(alternates(res.body).size).toBe(0);
  });

  it('write prices in the page’s language', async () => {
    const english = await get(productUrl);
    expect(english.body).toContain('$1,234.50');
    const german = await get(`/de${productUrl}`);
    expect(german.body).toContain('1.234,50');
    const arabic = await get(`/ar${productUrl}`);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    // Western digits beside Latin titles (common/i18n.ts intlLocale).
    expect(arabic.body).toMatch(/1,234\.50|1٬234٫50|1234\.50|1\.234,50/);
  });

  it('keep each language apart in the response cache', async () => {
    const a = await get('/de/convert');
    const b = await get('/fr/convert');
    expect(a.body).toContain('<html lang="de"');
    expect(b.body).toContain('<html lang="fr"');
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });
});

describe('sitemaps in every language', () => {
  it('list each language’s pages with every version as xhtml:link alternates, reciprocal and well-formed', async () => {
    const index = await get('/sitemap.xml');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).filter((f) => f.includes('/sitemaps/pages'));
    expect(files).toHaveLength(LANGUAGES.length);
    const versionsOf = new Map<string, string>();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-sitemaps-'));
    const xmllint = spawnSync('xmllint', ['--version']).status === 0;
    for (const file of files) {
      const res = await get(file.replace(TEST_ORIGIN, ''));
      expect(res.statusCode, file).toBe(200);
      expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      for (const [, loc, links] of res.body.matchAll(
        /<url><loc>([^<]+)<\/loc>(?:<lastmod>[^<]+<\/lastmod>)?((?:<xhtml:link [^>]+\/>)+)<\/url>/g,
      )) {
        const set = [...links!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`).join('|');
        // The page itself is among its alternates, and every version carries the same set.
        expect(set.split('|').map((e) => e.split(' ')[1])).toContain(loc);
        versionsOf.set(loc!, set);
      }
      if (xmllint) {
        const saved = path.join(dir, path.basename(file));
        fs.writeFileSync(saved, res.body);
        execFileSync('xmllint', ['--noout', saved]);
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
    const sets = new Set(versionsOf.values());
    // Each page's set is shared by its 8 versions: as many distinct sets as pages in one language's file.
    expect(versionsOf.size).toBe(sets.size * LANGUAGES.length);
    for (const set of sets) {
      for (const entry of set.split('|')) {
        const [lang, href] = entry.split(' ');
        if (lang === 'x-default') continue;
        expect(versionsOf.get(href!), href).toBe(set);
      }
    }
  });
});
