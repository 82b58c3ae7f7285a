// The catalogue in other languages (issue 41): category names per language (dashboard, API, the storefront's pages
// in that language), product titles and descriptions per language (item form's API, the finder's and the product's
// answers in the page's language, response cache per language), a translated product's page indexable in its
// languages only (canonical, hreflang, sitemaps), and the import and export columns title_de, description_de …
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminCategoryList, Category } from '../../../common/schemas/category';
import type { Import } from '../../../common/schemas/imports';
import type { AdminProduct, ProductDetail, ProductPage } from '../../../common/schemas/product';
import type { Suggestions } from '../../../common/schemas/search';
import { productPath } from '../../../common/product-urls';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { sourceFrontEnd } from '../../test/front-end';
import { multipartBody } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin = '';

beforeAll(async () => {
  ctx = await createTestApp({}, { frontEnd: sourceFrontEnd() });
  admin = await signedInAs(ctx.app, 'catalogue-languages@example.com', { isAdmin: true });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await clearCatalogue(ctx.database);
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** Every `<link rel="alternate" hreflang>` of a page: language → address. */
function alternates(html: string): Map<string, string> {
  return new Map([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]));
}
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('category names per language', () => {
  it('are added and edited with the category, trimmed, blanks dropped, and recorded in the audit log', async () => {
    const created = await send(ctx.app, 'POST', '/api/admin/categories', {
      cookie: admin,
      body: { name: 'Jackets', names: { de: ' Jacken ', fr: 'Vestes', es: '  ', ar: 'جاكيتات' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json<Category>();
    expect(category.names).toEqual({ de: 'Jacken', fr: 'Vestes', ar: 'جاكيتات' });
    const listed = (await get('/api/categories')).json<{ items: Category[] }>().items;
    expect(listed[0]?.names).toEqual({ de: 'Jacken', fr: 'Vestes', ar: 'جاكيتات' });

    const edited = await send(ctx.app, 'PUT', `/api/admin/categories/${category.id}`, {
      cookie: admin,
      body: { name: 'Jackets', names: { de: 'Jacken', it: 'Giacche' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const admins = (await send(ctx.app, 'GET', '/api/admin/categories', { cookie: admin })).json<AdminCategoryList>().items;
    expect(admins[0]?.names).toEqual({ de: 'Jacken', it: 'Giacche' });
    const [entry] = await ctx.database.rows<{ details: { changes: Record<string, unknown> } | string }>(
      sql`select details from audit_log where action = 'category-update' order by created_at desc limit 1`,
    );
    const details = typeof entry?.details === 'string' ? JSON.parse(entry.details) : entry?.details;
    expect(Object.keys(details.changes)).toEqual(['names']);

    // The same names again (in another order): nothing changed, nothing recorded.
    await send(ctx.app, 'PUT', `/api/admin/categories/${category.id}`, {
      cookie: admin,
      body: { name: 'Jackets', names: { it: 'Giacche', de: 'Jacken' } },
    });
    const [{ n } = { n: 0 }] = await ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'category-update'`,
    );
    expect(n).toBe(1);
  });

  it.each([
    [{ name: 'Bags', names: { xx: 'Taschen' } }, 'names: not a language of the site: xx'],
    [{ name: 'Bags', names: { de: 'x'.repeat(101) } }, 'Category name (Deutsch) must be at most 100 characters'],
    [{ name: 'Bags', names: { fr: 'Sacs\u0000' } }, 'Category name (Français)'],
  ])('refuses %j with 400 and a clear message', async (body, message) => {
    const res = await send(ctx.app, 'POST', '/api/admin/categories', { cookie: admin, body });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('show on the storefront in the page’s language: chips, title, breadcrumbs; the address keeps the name', async () => {
    await insertCategories(ctx.database, [{ name: 'Jackets', names: { de: 'Jacken' } }, { name: 'Shoes' }]);
    await insertProducts(ctx.database, [{ title: 'Field Jacket', category: 'Jackets' }]);
    const german = await get('/de/products?category=Jackets');
    expect(german.statusCode).toBe(200);
    expect(titleOf(german.body)).toContain('Jacken');
    expect(canonicalOf(german.body)).toBe(`${TEST_ORIGIN}/de/products?category=Jackets`);
    // The chip shows the German name; a category without one shows its name.
    expect(german.body).toMatch(/<button[^>]*class="chip"[^>]*>Jacken/);
    expect(german.body).toMatch(/<button[^>]*class="chip"[^>]*>Shoes/);
    expect(german.body).toContain('"name":"Jacken"');
    const english = await get('/products?category=Jackets');
    expect(titleOf(english.body)).toContain('Jackets');
    expect(english.body).not.toContain('Jacken<');
  });
});

describe('product titles and descriptions per language', () => {
  const create = (body: object) => send(ctx.app, 'POST', '/api/admin/products', { cookie: admin, body });

  async function translatedJacket() {
    await insertCategories(ctx.database, [{ name: 'Jackets', names: { de: 'Jacken' } }]);
    const res = await create({
      title: 'Down Jacket',
      description: 'Warm and light.',
      price: 120,
      category: 'Jackets',
      translations: { de: { title: ' Daunenjacke ', description: 'Warm und leicht.' }, fr: { title: '', description: 'Chaude.' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminProduct>();
  }

  it('are saved with the item (blanks dropped), kept by an edit that does not send them, replaced by one that does', async () => {
    const product = await translatedJacket();
    expect(product.title).toBe('Down Jacket');
    expect(product.translations).toEqual({ de: { title: 'Daunenjacke', description: 'Warm und leicht.' }, fr: { description: 'Chaude.' } });
    expect(product.translatedInto).toEqual(['de']);
    // The address stays the English one's.
    expect(product.path).toMatch(/^\/products\/down-jacket-\d+$/);

    const kept = await send(ctx.app, 'PUT', `/api/admin/products/${product.id}`, {
      cookie: admin,
      body: { title: 'Down Jacket', price: 130, category: 'Jackets' },
    });
    expect(kept.json<AdminProduct>().translations).toEqual(product.translations);
    const replaced = await send(ctx.app, 'PUT', `/api/admin/products/${product.id}`, {
      cookie: admin,
      body: { title: 'Down Jacket', price: 130, category: 'Jackets', translations: { it: { title: 'Piumino' } } },
    });
    expect(replaced.json<AdminProduct>().translations).toEqual({ it: { title: 'Piumino' } });
  });

  it.each([
    [{ xx: { title: 'x' } }, 'translations: not a language of the site: xx'],
    [{ de: { title: 'x'.repeat(201) } }, 'title (Deutsch) must be at most 200 characters'],
    [{ pl: { title: 'a\u0007b' } }, 'title (Polski)'],
  ])('refuses translations %j with 400 and a clear message', async (translations, message) => {
    const res = await create({ title: 'Cap', price: 10, translations });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('come in the language asked for (lang) in the finder’s, the product’s and the suggestions’ answers, kept apart by the cache', async () => {
    const product = await translatedJacket();
    // Cheaper than the down jacket whatever the factory's running price has reached.
    await insertProducts(ctx.database, [{ title: 'Rain Jacket', category: 'Jackets', price: 20 }]);
    const list = async (lang?: string) => {
      const res = await get(`/api/products?category=Jackets&sort=price-desc${lang ? `&lang=${lang}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ProductPage>().items.map((p) => [p.title, p.translatedInto]);
    };
    expect(await list('de')).toEqual([
      ['Daunenjacke', ['de']],
      ['Rain Jacket', []],
    ]);
    // Asked again in German: from the cache, still German; in English and French: the English titles.
    expect(await list('de')).toEqual(await list('de'));
    expect((await list())[0]).toEqual(['Down Jacket', ['de']]);
    expect((await list('fr'))[0]).toEqual(['Down Jacket', ['de']]);
    expect((await list('pt-br'))[0]).toEqual(['Down Jacket', ['de']]);
    // A search in German finds it by its English words too, and answers in German.
    const searched = (await get('/api/products?search=down%20jacket&lang=de')).json<ProductPage>().items;
    expect(searched[0]?.title).toBe('Daunenjacke');

    const detail = (lang: string) => get(`/api/products/${product.number}?lang=${lang}`);
    const german = (await detail('de')).json<ProductDetail>();
    expect(german.product).toMatchObject({ title: 'Daunenjacke', description: 'Warm und leicht.', path: product.path });
    // French has a description only: the English title with the French description.
    expect((await detail('fr')).json<ProductDetail>().product).toMatchObject({ title: 'Down Jacket', description: 'Chaude.' });

    // A signed-out visitor's favourites, read by id.
    const byIds = (await get(`/api/products/by-ids?ids=${product.id}&lang=de`)).json<{ items: Array<{ title: string }> }>();
    expect(byIds.items.map((p) => p.title)).toEqual(['Daunenjacke']);

    const suggested = (await get('/api/search/suggestions?q=down&lang=de')).json<Suggestions>();
    expect(suggested.products.map((p) => p.title)).toContain('Daunenjacke');

    const refused = await get('/api/products?lang=xx');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('lang must be one of en, de, fr, es, it, pt-BR, pl, ar');
  });

  it('make the product’s page its own in those languages: self-canonical, hreflang of its versions, the title there', async () => {
    const product = await translatedJacket();
    const [plain] = await insertProducts(ctx.database, [{ title: 'Rain Jacket', category: 'Jackets' }]);
    const url = product.path;

    const german = await get(`/de${url}`);
    expect(german.statusCode).toBe(200);
    expect(canonicalOf(german.body)).toBe(`${TEST_ORIGIN}/de${url}`);
    expect(titleOf(german.body)).toContain('Daunenjacke');
    expect(german.body).toMatch(/<h1 id="product-title"[^>]*>(?:<bdi[^>]*>)?Daunenjacke</);
    // The breadcrumbs name the category in German and lead to the German category page.
    expect(german.body).toMatch(/<a [^>]*href="\/de\/products\?category=Jackets"[^>]*>Jacken<\/a>/);
    const versions = new Map([
      ['en', `${TEST_ORIGIN}${url}`],
      ['de', `${TEST_ORIGIN}/de${url}`],
      ['x-default', `${TEST_ORIGIN}${url}`],
    ]);
    expect(alternates(german.body)).toEqual(versions);
    expect(german.body).toContain('<meta property="og:locale:alternate" content="en_US">');
    // The English page lists the same versions back.
    const english = await get(url);
    expect(canonicalOf(english.body)).toBe(`${TEST_ORIGIN}${url}`);
    expect(alternates(english.body)).toEqual(versions);

    // In a language its title is not translated into: the English page's copy, as before.
    const french = await get(`/fr${url}`);
    expect(canonicalOf(french.body)).toBe(`${TEST_ORIGIN}${url}`);
    expect(alternates(french.body).size).toBe(0);
    // A product without translations: no alternates at all.
    const untranslated = await get(`/de${productPath(plain!)}`);
    expect(canonicalOf(untranslated.body)).toBe(`${TEST_ORIGIN}${productPath(plain!)}`);
    expect(alternates(untranslated.body).size).toBe(0);
    expect(alternates((await get(productPath(plain!))).body).size).toBe(0);
  });

  it('list its pages in the sitemap of each language it is translated into, with the same alternates everywhere', async () => {
    const product = await translatedJacket();
    await insertProducts(ctx.database, [{ title: 'Rain Jacket', category: 'Jackets' }]);
    const index = (await get('/sitemap.xml')).body;
    expect(index).toContain(`<loc>${TEST_ORIGIN}/sitemaps/products-1.xml</loc>`);
    expect(index).toContain(`<loc>${TEST_ORIGIN}/sitemaps/products-de-1.xml</loc>`);
    expect(index).not.toContain('products-fr-1.xml');

    const urlsOf = (xml: string) =>
      new Map(
        [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>[^<]+<\/lastmod>((?:<xhtml:link [^>]+\/>)*)<\/url>/g)].map((m) => [
          m[1]!,
          m[2]!,
        ]),
      );
    const english = urlsOf((await get('/sitemaps/products-1.xml')).body);
    const german = urlsOf((await get('/sitemaps/products-de-1.xml')).body);
    expect(english.size).toBe(2);
    expect([...german.keys()]).toEqual([`${TEST_ORIGIN}/de${product.path}`]);
    const links = english.get(`${TEST_ORIGIN}${product.path}`);
    expect(links).toContain(`hreflang="de" href="${TEST_ORIGIN}/de${product.path}"`);
    expect(links).toContain(`hreflang="x-default" href="${TEST_ORIGIN}${product.path}"`);
    expect(german.get(`${TEST_ORIGIN}/de${product.path}`)).toBe(links);
    expect((await get('/sitemaps/products-fr-1.xml')).statusCode).toBe(404);
  });
});

describe('bulk removal of a translation', () => {
  it('previews, removes one language’s texts from the ticked items, and is undone', async () => {
    const rows = await insertProducts(ctx.database, [
      { title: 'Down Jacket', translations: { de: { title: 'Daunenjacke' }, fr: { title: 'Doudoune' } } },
      { title: 'Cap', translations: { fr: { description: 'Casquette.' } } },
      { title: 'Belt' },
    ]);
    const selection = { ids: rows.map((r) => r.id) };
    const action = { type: 'remove-translation', lang: 'fr' };
    const preview = await send(ctx.app, 'POST', '/api/admin/products/bulk/preview', { cookie: admin, body: { selection, action } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ changed: number; samples: Array<{ title: string; from: string; to: string }> }>()).toMatchObject({
      changed: 2,
      samples: [
        { title: 'Down Jacket', from: 'Doudoune', to: '' },
        { title: 'Cap', from: 'Casquette.', to: '' },
      ],
    });
    const done = await send(ctx.app, 'POST', '/api/admin/products/bulk', { cookie: admin, body: { selection, action } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ changed: number; summary: string }>()).toMatchObject({
      changed: 2,
      summary: 'Removed the Français title and description',
    });
    const stored = async () =>
      (await ctx.database.rows<{ title: string; translations: unknown }>(sql`select title, translations from products order by title`)).map(
        (r) => [r.title, typeof r.translations === 'string' ? JSON.parse(r.translations) : r.translations],
      );
    expect(await stored()).toEqual([
      ['Belt', {}],
      ['Cap', {}],
      ['Down Jacket', { de: { title: 'Daunenjacke' } }],
    ]);
    const refused = await send(ctx.app, 'POST', '/api/admin/products/bulk', {
      cookie: admin,
      body: { selection, action: { type: 'remove-translation', lang: 'en' } },
    });
    expect(refused.statusCode).toBe(400);
    const changeId = done.json<{ changeId: string }>().changeId;
    expect((await send(ctx.app, 'POST', `/api/admin/products/changes/${changeId}/undo`, { cookie: admin })).statusCode).toBe(200);
    expect(await stored()).toEqual([
      ['Belt', {}],
      ['Cap', { fr: { description: 'Casquette.' } }],
      ['Down Jacket', { de: { title: 'Daunenjacke' }, fr: { title: 'Doudoune' } }],
    ]);
  });
});

describe('translation columns in imports and exports', () => {
  async function previewCsv(csv: string): Promise<Import> {
    const form = multipartBody([{ filename: 'sheet.csv', body: Buffer.from(csv), field: 'file' }], {});
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: admin },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Import>();
  }
  async function importCsv(csv: string): Promise<Import> {
    const preview = await previewCsv(csv);
    const committed = await send(ctx.app, 'POST', `/api/admin/imports/${preview.id}/commit`, { cookie: admin, body: {} });
    expect(committed.statusCode, committed.body).toBe(202);
    for (let i = 0; i < 400; i++) {
      const state = (await send(ctx.app, 'GET', `/api/admin/imports/${preview.id}`, { cookie: admin })).json<Import>();
      if (state.status !== 'running') return state;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('import did not finish');
  }
  const translationsOf = async () =>
    (await ctx.database.rows<{ title: string; translations: unknown }>(sql`select title, translations from products order by title`)).map(
      (r) => [r.title, typeof r.translations === 'string' ? JSON.parse(r.translations) : r.translations],
    );

  it('map title_de, description_de, Title (fr) … by their names, write them, and keep a text whose column a later file lacks', async () => {
    const preview = await importCsv(
      'title,price,title_de,description_de,Title (fr),title_pt-br\nDown Jacket,120,Daunenjacke,Warm.,Doudoune,Jaqueta\nCap,10,,,,\n',
    );
    expect(preview.mapping).toMatchObject({ title_de: 'title_de', description_de: 'description_de', 'Title (fr)': 'title_fr' });
    expect(preview.mapping['title_pt-br']).toBe('title_pt_br');
    expect(await translationsOf()).toEqual([
      ['Cap', {}],
      ['Down Jacket', { de: { title: 'Daunenjacke', description: 'Warm.' }, fr: { title: 'Doudoune' }, 'pt-BR': { title: 'Jaqueta' } }],
    ]);

    // An export carries the columns; importing it again changes nothing.
    const exported = await send(ctx.app, 'GET', '/api/admin/products/export?format=csv', { cookie: admin });
    expect(exported.statusCode).toBe(200);
    const header = exported.body.replace(/^\uFEFF/, '').split('\r\n')[0]!;
    expect(header).toContain('title_de,description_de,title_fr,description_fr');
    expect(header).toContain('title_pt_br');
    const again = await previewCsv(exported.body.replace(/^\uFEFF/, ''));
    expect(again.counts).toMatchObject({ new: 0, updated: 0, unchanged: 2 });

    // A file with the German title alone: the German description and the other languages stay; a blank cell removes.
    const ids = await ctx.database.rows<{ id: string; title: string }>(sql`select id, title from products order by title`);
    const jacket = ids.find((r) => r.title === 'Down Jacket')!;
    await importCsv(`id,title,price,title_de,title_fr\n${jacket.id},Down Jacket,120,Daunenjacke Neu,\n`);
    expect((await translationsOf())[1]).toEqual([
      'Down Jacket',
      { de: { title: 'Daunenjacke Neu', description: 'Warm.' }, 'pt-BR': { title: 'Jaqueta' } },
    ]);
  });
});
