import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from '../../../common/finder-filters';
import { INITIAL_DATA_ID, type InitialData } from '../../../common/page-data';
import { PAGE_MODULES } from '../../../common/page-modules';
import { productPath } from '../../../common/product-urls';
import sharp from 'sharp';
import type { Product } from '../../../common/schemas/product';
import { images, products } from '../../db/schema/index';
import { storeImageWithThumbnails } from '../images/image-files';
import { productJsonLd } from './head';
import { signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { sourceFrontEnd } from '../../test/front-end';
import { AUTH_TEXTS } from '../../../common/texts/storefront-later';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { createPagesService } from './pages.service';
import { sharedSeedAt } from '../../../common/shuffle-seeds';

let ctx: TestContext;
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

beforeAll(async () => {
  ctx = await createTestApp({}, { frontEnd: sourceFrontEnd(), sitemapChunkSize: 3 });
  await clearCatalogue(ctx.database);
  await insertCategories(ctx.database, [
    { name: 'Jackets', relevance: 1, description: 'Bombers, puffers and shells.' },
    { name: 'Shoes', relevance: 2 },
    { name: 'Capes', relevance: 3 },
  ]);
  await insertProducts(ctx.database, [
    {
      title: 'Corduroy Trucker Jacket',
      category: 'Jackets',
      brand: 'Northfold',
      price: 59,
      description: 'Warm & soft.',
      image: '/media/items/1_a.jpg',
    },
    { title: 'Field Jacket', category: 'Jackets', image: 'https://cdn.example/field.jpg' },
    { title: 'Suede Loafer', category: 'Shoes' },
    { title: 'Canvas Sneaker', category: 'Shoes', gender: 'Women' },
    { title: 'Rain Boot', category: 'Shoes' },
    { title: 'Wool Beanie', category: null },
    { title: 'Sneaker </script><script>alert(1)</script>', category: 'Shoes' },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': DESKTOP_UA, ...headers } });

/** The JSON the server wrote beside the rendered page. */
function initialData(html: string): InitialData {
  const match = new RegExp(`<script type="application/json" id="${INITIAL_DATA_ID}">(.*?)</script>`).exec(html);
  if (!match?.[1]) throw new Error('no initial data in the page');
  return JSON.parse(match[1]) as InitialData;
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? '{}'));
}

/** The markup inside #root, which the browser hydrates. */
function root(html: string): string {
  return /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json" id="initial-data">/.exec(html)?.[1] ?? '';
}

async function productByTitle(title: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.title, title));
  if (!row) throw new Error(`no product ${title}`);
  return row;
}

describe('the finder, rendered on the server', () => {
  it('holds the header, the chips and the first page of cards, with the data it was rendered from', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = root(res.body);
    expect(html).toContain('<h1>Product Finder</h1>');
    expect(html.match(/class="card"/g)).toHaveLength(6);
    // Each chip with the number of products it would give, from the counts the page seeds.
    for (const chip of ['All', 'Jackets', 'Shoes', 'Capes']) expect(html).toContain(`>${chip}<span class="choice-count">`);
    // With the total the filters give when more exist than are shown (issue 27).
    expect(html).toContain('Showing 6 items of 7 (scroll to see more)');
    expect(html).toContain('TESTCODE');
    const data = initialData(res.body);
    expect(data.finder?.page.items).toHaveLength(6);
    expect(data.finder?.pageSize).toBe(6);
    expect(data.categories?.map((c) => c.name)).toEqual(['Jackets', 'Shoes', 'Capes']);
    expect(data.origin).toBe(TEST_ORIGIN);
    // The card titles link to the product pages.
    for (const item of data.finder?.page.items ?? []) expect(html).toContain(`href="${item.path}"`);
  });

  it('gives a phone the phone page size', async () => {
    const res = await get('/', { 'user-agent': PHONE_UA });
    expect(root(res.body).match(/class="card"/g)).toHaveLength(4);
    expect(initialData(res.body).finder?.pageSize).toBe(4);
    // Split for shared caches by the phone hint only (decision 0030): the User-Agent would split it per browser. Every
    // kept answer may also come compressed.
    expect(res.headers.vary).toBe('Sec-CH-UA-Mobile, accept-encoding');
  });

  it('takes filters and search from the query string', async () => {
    const res = await get('/products?category=shoes&q=sneaker');
    const html = root(res.body);
    expect(html).toContain('Showing 2 items matching &quot;sneaker&quot; in shoes');
    expect(initialData(res.body).finder?.filters).toEqual({ ...DEFAULT_FILTERS, search: 'sneaker', category: 'shoes' });
    expect(html).toContain('value="sneaker"');
  });

  it('takes the order, the price range and brands from the query string', async () => {
    const cheapFirst = initialData((await get('/products?sort=price-asc')).body).finder?.page.items.map((p) => p.price) ?? [];
    expect(cheapFirst).toEqual([...cheapFirst].sort((a, b) => a - b));
    const res = await get('/products?sort=price-desc&minPrice=12&maxPrice=59&brand=northfold');
    const data = initialData(res.body);
    expect(data.finder?.filters).toMatchObject({ sort: 'price-desc', minPrice: 12, maxPrice: 59, brands: ['northfold'] });
    expect(data.finder?.page.items.map((p) => p.title)).toEqual(['Corduroy Trucker Jacket']);
    expect(root(res.body)).toContain('Showing 1 item');
    expect(res.body).toContain('<title>Northfold $12.00–$59.00 · Finder</title>');
    // The canonical of a view narrowed by one brand alone (in any order) is the brand's page.
    const brandOnly = (await get('/products?brand=northfold&sort=newest')).body;
    expect(brandOnly).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/brands/northfold">`);
    expect(brandOnly).toContain('<title>Northfold · Finder</title>');
  });

  it('seeds the counts beside the choices for the same search and filters', async () => {
    const data = initialData((await get('/products?q=jacket&gender=Men')).body);
    expect(data.facets?.total).toBe(data.finder?.page.items.length);
    expect(data.facets?.categories.find((c) => c.name === 'Jackets')?.count).toBe(2);
    expect(data.facets?.genders.map((g) => g.gender)).toEqual(['All', 'Men', 'Women']);
    expect(data.facets?.brands.map((b) => b.slug).sort()).toEqual(['northfold', 'testbrand']);
  });

  it('renders the page without counts when they cannot be loaded', async () => {
    const page = { items: [], nextCursor: null };
    const service = createPagesService({
      finder: {
        listFinderPage: async () => page,
        facets: async () => {
          throw new Error('too slow');
        },
      } as never,
      categories: { list: async () => [] },
      log: { warn: () => undefined },
    });
    const plan = await service.plan({ url: '/', origin: TEST_ORIGIN, phone: false, seed: 1, signedIn: async () => false });
    expect(plan).toMatchObject({ kind: 'page', status: 200, data: { finder: { page } } });
    expect(plan.kind === 'page' && plan.data.facets).toBeUndefined();
  });

  it('writes title, description, canonical, previews and structured data', async () => {
    const home = (await get('/')).body;
    expect(home).toContain('<title>Finder · Fashion product finder</title>');
    expect(home).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/">`);
    expect(home).toContain('<meta property="og:type" content="website">');
    expect(home).toContain('<meta property="og:locale" content="en_US">');
    expect(home).toContain('<meta property="og:image:type" content="image/png">');
    expect(home).toContain('<meta name="twitter:image:alt" content="Finder: fashion finds, filtered and searched">');
    expect(home).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/share.png">`);
    expect(home).toContain('<meta property="og:image:width" content="1200">');
    expect(home).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(home).not.toContain('noindex');
    const types = jsonLd(home).map((d) => d['@type']);
    expect(types).toEqual(['WebSite', 'ItemList']);
    const website = jsonLd(home)[0] as { potentialAction: { target: { urlTemplate: string } } };
    expect(website.potentialAction.target.urlTemplate).toBe(`${TEST_ORIGIN}/products?search={search_term_string}`);
  });

  it('points filtered addresses at the single-category page, or home', async () => {
    const filtered = (await get('/products?category=jackets&gender=Men&q=x&best=true')).body;
    expect(filtered).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/products?category=Jackets">`);
    expect(filtered).toContain('Bombers, puffers and shells.');
    const category = (await get('/products?category=Jackets')).body;
    expect(category).toContain('<title>Jackets · Finder</title>');
    expect(jsonLd(category).map((d) => d['@type'])).toEqual(['BreadcrumbList', 'ItemList']);
    const search = (await get('/products?q=boot')).body;
    expect(search).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/">`);
    // A category nobody has points home.
    expect((await get('/products?category=Nope')).body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/">`);
  });

  it('serves /index.html exactly like /', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toContain('<h1>Product Finder</h1>');
    expect(res.body).not.toContain('<!--app-html-->');
  });

  it('keeps values from breaking out of the page', async () => {
    const res = await get('/products?q=%3C%2Fscript%3E');
    expect(res.body).not.toMatch(/<\/script><script>alert/);
    const data = initialData(res.body);
    expect(data.finder?.filters.search).toBe('</script>');
  });

  it("puts text with replacement patterns ($` $' $& $$) in the page as it is, once", async () => {
    const search = "$`$'$&$$";
    const res = await get(`/products?q=${encodeURIComponent(search)}`);
    expect(res.body.length).toBeLessThan(60_000);
    expect(res.body.match(/<!doctype html>/g)).toHaveLength(1);
    expect(initialData(res.body).finder?.filters.search).toBe(search);
    // Inside a double-quoted attribute `'` may stay as it is or be written &#x27;: the same value either way.
    expect(root(res.body).replace(/&#x27;/g, "'")).toContain(`value="${search.replace(/&/g, '&amp;')}"`);
  });

  it('renders in the order of the visitor\u2019s seed cookie, and picks one for a visitor without', async () => {
    const first = initialData((await get('/', { cookie: 'finder_seed=12345' })).body);
    expect(first.finder?.seed).toBe(12345);
    const again = initialData((await get('/', { cookie: 'other=1; finder_seed=12345' })).body);
    expect(again.finder?.page.items.map((p) => p.id)).toEqual(first.finder?.page.items.map((p) => p.id));
    // Without a valid seed, today's shared seed of the moment (decisions 0029, 0046).
    for (const cookie of ['', 'finder_seed=abc', 'finder_seed=99999999999']) {
      const before = sharedSeedAt(new Date());
      const seed = initialData((await get('/', { cookie })).body).finder?.seed ?? -1;
      expect([before, sharedSeedAt(new Date())]).toContain(seed);
    }
    // The order is the visitor's, but any shared order is a valid page to hand anyone: a shared cache keeps one.
    expect((await get('/')).headers.vary).not.toContain('Cookie');
  });
});

describe('brand pages', () => {
  it('render the finder with the brand fixed, under its name, with its own head', async () => {
    const res = await get('/brands/northfold');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe((await get('/')).headers['cache-control']);
    const html = root(res.body);
    expect(html).toContain('<h1>Northfold</h1>');
    expect(html).toContain('1 product');
    expect(html.match(/class="card"/g)).toHaveLength(1);
    // The brand cannot be unchosen here: no brand filter.
    expect(html).not.toContain('brand-filter');
    expect(res.body).toContain('<title>Northfold · Finder</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/brands/northfold">`);
    expect(jsonLd(res.body).map((d) => d['@type'])).toEqual(['BreadcrumbList', 'ItemList']);
    const data = initialData(res.body);
    expect(data.brand).toEqual({ slug: 'northfold', summary: { slug: 'northfold', name: 'Northfold', count: 1 } });
    expect(data.finder?.filters.brands).toEqual(['northfold']);
    expect(data.facets?.total).toBe(1);
  });

  it('take other filters on top, keeping one canonical address', async () => {
    const res = await get('/brands/northfold?gender=Women&brand=testbrand');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/brands/northfold">`);
    const data = initialData(res.body);
    expect(data.finder?.filters).toMatchObject({ gender: 'Women', brands: ['northfold'] });
    expect(data.finder?.page.items).toEqual([]);
  });

  it('answer another spelling with 301 to the one address, and a brand no product has with 404', async () => {
    for (const [path, location] of [
      ['/brands/Northfold', '/brands/northfold'],
      ['/brands/northfold/?q=jacket', '/brands/northfold?q=jacket'],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(301);
      expect(res.headers.location).toBe(location);
    }
    const missing = await get('/brands/nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<meta name="robots" content="noindex">');
    expect(root(missing.body)).toContain('Brand not found');
    expect(initialData(missing.body).brand).toEqual({ slug: 'nobody', summary: null });
  });
});

describe('product pages', () => {
  it('render the product, its price, breadcrumbs, related products and structured data', async () => {
    const row = await productByTitle('Corduroy Trucker Jacket');
    const path = productPath(row);
    expect(path).toBe(`/products/corduroy-trucker-jacket-${row.number}`);
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    const html = root(res.body);
    expect(html).toContain('<h1 id="product-title" dir="auto">Corduroy Trucker Jacket</h1>');
    expect(html).toContain('$59.00');
    expect(html).toContain('Northfold');
    expect(html).toContain('rel="noopener noreferrer sponsored"');
    expect(html).toMatch(/aria-label="Breadcrumb"[\s\S]*Home[\s\S]*Jackets[\s\S]*Corduroy Trucker Jacket/);
    expect(html).toContain('Field Jacket');

    expect(res.body).toContain('<title>Corduroy Trucker Jacket · Finder</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}${path}">`);
    expect(res.body).toContain('<meta property="og:type" content="product">');
    expect(res.body).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/media/share/1_a.jpg">`);
    expect(res.body).toContain('<meta property="product:price:amount" content="59.00">');
    expect(res.body).toContain('<meta name="description" content="$59.00 · Northfold · Jackets. Warm &amp; soft.">');
    const [product, breadcrumbs] = jsonLd(res.body);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Corduroy Trucker Jacket',
      brand: { name: 'Northfold' },
      image: [`${TEST_ORIGIN}/media/share/1_a.jpg`],
      offers: {
        '@type': 'Offer',
        price: '59.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${TEST_ORIGIN}${path}`,
      },
    });
    // No date is known after which a store's price ends (decision 0047).
    expect((product as { offers: object }).offers).not.toHaveProperty('priceValidUntil');
    expect((breadcrumbs as { itemListElement: Array<{ name: string }> }).itemListElement.map((i) => i.name)).toEqual([
      'Home',
      'Jackets',
      'Corduroy Trucker Jacket',
    ]);
    expect(initialData(res.body).product?.view.status).toBe('found');
  });

  it('keep an image from another site as it is in previews, and use the site\u2019s picture when there is none', async () => {
    const row = await productByTitle('Field Jacket');
    const field = (await get(productPath(row))).body;
    expect(field).toContain('<meta property="og:image" content="https://cdn.example/field.jpg">');
    expect(field).toContain('<meta name="twitter:image:alt" content="Field Jacket">');
    // Another site's picture: its size and type are not known, so not said.
    expect(field).not.toMatch(/og:image:(width|height|type)/);
    const bare = await productByTitle('Suede Loafer');
    const plain = (await get(productPath(bare))).body;
    expect(plain).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/share.png">`);
    expect(plain).toContain('<meta property="og:image:type" content="image/png">');
  });

  it('give previews the real size and type of the link-preview JPEG the site serves', async () => {
    const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#5b3df5' } })
      .png()
      .toBuffer();
    const stored = await storeImageWithThumbnails(ctx.storage, '1700000000_wide.png', png);
    await ctx.database.db.insert(images).values(stored);
    const [row] = await insertProducts(ctx.database, [{ title: 'Wide Poster Tee', category: 'Shoes', image: stored.url }]);
    if (!row) throw new Error('no product');
    const res = await get(productPath(row));
    const share = `/media/share/1700000000_wide.jpg`;
    expect(res.body).toContain(`<meta property="og:image" content="${TEST_ORIGIN}${share}">`);
    expect(res.body).toContain('<meta property="og:image:type" content="image/jpeg">');
    expect(res.body).toContain('<meta property="og:image:width" content="1200">');
    expect(res.body).toContain('<meta property="og:image:height" content="750">');
    expect(res.body).toContain('<meta property="og:image:alt" content="Wide Poster Tee">');
    expect(res.body).toContain('<meta name="twitter:image:alt" content="Wide Poster Tee">');
    // The picture itself, made on this first request, has that size.
    const picture = await ctx.app.inject(share);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 1200, height: 750 });
  });

  it('say OutOfStock in the offer once the buy link is known to be dead', async () => {
    const row = await productByTitle('Suede Loafer');
    const product = { ...row, path: productPath(row), brand: '', description: '', price: 12 } as unknown as Product;
    expect(productJsonLd(TEST_ORIGIN, product, null)).toMatchObject({ offers: { availability: 'https://schema.org/InStock' } });
    expect(productJsonLd(TEST_ORIGIN, product, null, 'USD', { linkDead: true })).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
  });

  it('answer an old slug, another spelling or a bare number with 301 to the one address, asked again each time', async () => {
    const row = await productByTitle('Suede Loafer');
    for (const old of [
      `/products/old-name-${row.number}`,
      `/products/${row.number}`,
      `/products/Suede-Loafer-${row.number}`,
      `/products/suede-loafer-0${row.number}`,
    ]) {
      const res = await get(`${old}?ref=chat`);
      expect(res.statusCode, old).toBe(301);
      expect(res.headers.location).toBe(`${productPath(row)}?ref=chat`);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await get(`${productPath(row)}/`)).statusCode).toBe(301);
    expect((await get(`${productPath(row)}//`)).statusCode).toBe(301);
  });

  it('answer 410 for a deleted product and 404 for one that never was, offering the finder and similar products', async () => {
    const [gone] = await insertProducts(ctx.database, [{ title: 'Gone Shoe', category: 'Shoes' }]);
    await ctx.database.db.delete(products).where(eq(products.id, gone?.id ?? ''));
    const res = await get(`/products/gone-shoe-${gone?.number}`);
    expect(res.statusCode).toBe(410);
    expect(root(res.body)).toContain('This product has been removed');
    expect(root(res.body)).toContain('href="/"');
    expect(root(res.body)).toContain('Suede Loafer');
    expect(res.body).toContain('<meta name="robots" content="noindex">');

    for (const url of ['/products/nothing-999999', '/products/jacket', '/products/jacket-0']) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(root(missing.body)).toContain('Product not found');
      expect(root(missing.body)).toContain('Suede Loafer');
      expect(missing.body).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/share.png">`);
    }
  });
});

describe('other pages', () => {
  it('render the legal pages with today\u2019s date and a canonical link', async () => {
    const res = await get('/privacy-policy');
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toContain('Privacy Policy');
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(root(res.body)).toContain(today);
    expect(res.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/privacy-policy">`);
  });

  it('promise encryption in transit only on a site served over HTTPS', async () => {
    const plain = root((await get('/data-security')).body);
    expect(plain).toContain('not encrypted on the');
    expect(plain).not.toContain('Every connection to Finder uses HTTPS');
    const secure = await createTestApp({ publicUrl: 'https://finder.example' }, { frontEnd: sourceFrontEnd() });
    try {
      const body = root((await secure.app.inject({ url: '/data-security', headers: { host: 'finder.example' } })).body);
      expect(body).toContain('Every connection to Finder uses HTTPS');
      expect(body).not.toContain('not encrypted');
    } finally {
      await secure.close();
    }
  });

  it('render login and register with their forms, not indexed', async () => {
    for (const [url, title] of [
      ['/login', 'Welcome Back'],
      ['/register', 'Create a New Account'],
      ['/login//', 'Welcome Back'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(root(res.body)).toContain(title);
      expect(root(res.body)).toContain('type="password"');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('keep Continue with Google on a site without Google, disabled and saying so calmly (issue 28)', async () => {
    for (const url of ['/login', '/google-auth-test']) {
      const body = root((await get(url)).body);
      const button = /<button[^>]*button-google[^>]*>/.exec(body)?.[0] ?? '';
      expect(button, url).toContain('disabled');
      const note = /aria-describedby="([^"]+)"/.exec(button)?.[1];
      expect(body, url).toContain(`<p id="${note}" class="auth-note">${AUTH_TEXTS.googleNotConfigured}</p>`);
    }
    // The login screen is the visitor's: no settings named there (the Google test page is the operator's and names them).
    expect(root((await get('/login')).body)).not.toContain('GOOGLE_CLIENT_ID');
  });

  it('send a signed-in visitor from login and register to /home', async () => {
    const cookie = await signedInAs(ctx.app, 'pages-signed-in@example.com');
    for (const url of ['/login', '/register']) {
      const res = await get(url, { cookie });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/home');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    expect((await get('/login', { cookie: 'finder.session_token=forged' })).statusCode).toBe(200);
  });

  it('answer any other address with 404: the page does not exist, a way to the finder, then the login screen', async () => {
    for (const url of ['/no/such/page', '/Products/x/y', '/admin/extra', '/login//x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      const html = root(res.body);
      expect(html).toMatch(
        /<h1 id="not-found-title">Page not found<\/h1><p>There is no page at this address\. The link may be old or mistyped\.<\/p><a href="\/" class="button button-primary">Browse the product finder<\/a>/,
      );
      // The spec's fallback stays the login screen, below the notice.
      expect(html).toMatch(
        /<\/section><section (?=[^>]*class="panel-card")[^>]*aria-labelledby="auth-title"[^>]*><h2 id="auth-title" class="auth-title">Welcome Back<\/h2>/,
      );
      expect(html.match(/<h1/g)).toHaveLength(1);
      expect(res.body).toContain('<title>Page not found · Finder</title>');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('keep API, media and asset addresses out of page rendering', async () => {
    expect((await get('/api/nope')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/api/nope/deeper?x=1')).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/media/items/missing.jpg')).statusCode).toBe(404);
    const asset = await get('/assets/missing-1.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toContain('application/json');
    expect((await ctx.app.inject({ method: 'POST', url: '/no/such/page' })).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('are cached as docs/deploy.md says: shared pages public, pages about the visitor private and never stored', async () => {
    const cookie = await signedInAs(ctx.app, 'pages-caching@example.com');
    const expected: Array<[string, string, number, Record<string, string>?]> = [
      ['/home', 'private, no-store', 200],
      ['/admin', 'private, no-store', 200],
      ['/favorites', 'private, no-store', 200],
      ['/account', 'private, no-store', 200, { cookie }],
      ['/reset-password?token=abc', 'private, no-store', 200],
      ['/favorites/shared/nobody-has-this-token', 'private, no-store', 404],
      ['/login', 'private, no-cache', 200],
      ['/register', 'private, no-cache', 200],
      ['/forgot-password', 'private, no-cache', 200],
      ['/google-auth-test', 'private, no-cache', 200],
      ['/no/such/page', 'private, no-cache', 404],
      ['/privacy-policy', 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400', 200],
      ['/', 'public, max-age=0, s-maxage=60, stale-while-revalidate=600', 200],
      ['/brands/nobody', 'public, max-age=0, s-maxage=60, stale-while-revalidate=600', 404],
    ];
    for (const [url, cacheControl, status, headers] of expected) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control'], url).toBe(cacheControl);
    }
  });

  it('go out compressed, 404 and 410 pages too', async () => {
    const [gone] = await insertProducts(ctx.database, [{ title: 'Compressed Gone Shoe', category: 'Shoes' }]);
    await ctx.database.db.delete(products).where(eq(products.id, gone?.id ?? ''));
    for (const [url, status] of [
      ['/no/such/page', 404],
      ['/login//x', 404],
      ['/products/nothing-999999', 404],
      ['/brands/nobody', 404],
      [`/products/compressed-gone-shoe-${gone?.number}`, 410],
      ['/login', 200],
      ['/', 200],
    ] as const) {
      for (const [encoding, decode] of [
        ['br', zlib.brotliDecompressSync],
        ['gzip', zlib.gunzipSync],
      ] as const) {
        const res = await get(url, { 'accept-encoding': encoding });
        expect(res.statusCode, url).toBe(status);
        expect(res.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(String(res.headers.vary).toLowerCase(), url).toContain('accept-encoding');
        expect(decode(res.rawPayload).toString(), url).toContain('<div id="root">');
      }
    }
  });
});

describe('robots and sitemaps', () => {
  it('robots.txt is plain text naming the sitemap and keeping crawlers out of admin and the API', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });

  it('the index lists the pages file and product files of at most the chunk size, covering every product once', async () => {
    const index = await get('/sitemap.xml');
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    // One file of the site's pages per language (issue 41), then the products'.
    expect(files.slice(0, 8)).toEqual(
      ['pages', 'pages-de', 'pages-fr', 'pages-es', 'pages-it', 'pages-pt-br', 'pages-pl', 'pages-ar'].map(
        (f) => `${TEST_ORIGIN}/sitemaps/${f}.xml`,
      ),
    );
    const listed: string[] = [];
    for (const file of files.slice(8)) {
      const res = await get(file.replace(TEST_ORIGIN, ''));
      expect(res.statusCode).toBe(200);
      const urls = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)];
      expect(urls.length).toBeLessThanOrEqual(3);
      for (const [, loc, lastmod] of urls) {
        listed.push(loc ?? '');
        expect(Number.isNaN(Date.parse(lastmod ?? ''))).toBe(false);
      }
    }
    const all = await ctx.database.db.select().from(products);
    expect(listed.sort()).toEqual(all.map((p) => `${TEST_ORIGIN}${productPath(p)}`).sort());
    // The title's markup is escaped in the XML.
    expect(listed.join()).not.toContain('<');
  });

  it('the pages file lists home, categories with products, brand pages and the legal pages', async () => {
    const res = await get('/sitemaps/pages.xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] ?? '').replace(TEST_ORIGIN, ''));
    expect(locs).toEqual([
      '/',
      '/products?category=Jackets',
      '/products?category=Shoes',
      // Every brand, most products first.
      '/brands/testbrand',
      '/brands/northfold',
      '/convert',
      '/privacy-policy',
      '/cookies-policy',
      '/data-security',
      '/disclaimer',
    ]);
  });

  it('renders the link converter (issue 29): labelled field, canonical, shared like the finder, the agents in its data', async () => {
    const res = await get('/convert');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(res.body).toContain('<h1 id="convert-title">Link converter</h1>');
    expect(res.body).toMatch(/<label for="([^"]+)">Link or share text<\/label><textarea id="\1"/);
    expect(res.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/convert"`);
    expect(res.body).toContain('"agents":[{"slug":"cnfans"');
    expect(res.body).toContain('href="/convert"');
  });

  it('answers 404 for product files past the last and for other names', async () => {
    for (const url of ['/sitemaps/products-999.xml', '/sitemaps/products-0.xml', '/sitemaps/other.xml']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('when things fail', () => {
  it('a page whose data cannot be loaded answers 503 with Retry-After, rendered without data', async () => {
    const failing = createPagesService({
      finder: {
        listFinderPage: async () => {
          throw new Error('database down');
        },
        productPage: async () => {
          throw new Error('database down');
        },
      } as never,
      categories: { list: async () => [] },
      log: { warn: () => undefined },
    });
    const finder = await failing.plan({ url: '/', origin: TEST_ORIGIN, phone: false, seed: undefined, signedIn: async () => false });
    expect(finder).toMatchObject({ kind: 'page', status: 503 });
    expect(finder.kind === 'page' && finder.data.finder).toBeUndefined();
    const product = await failing.plan({
      url: '/products/a-1',
      origin: TEST_ORIGIN,
      phone: false,
      seed: undefined,
      signedIn: async () => false,
    });
    expect(product).toMatchObject({ kind: 'page', status: 503 });
  });

  it('a page that fails to render answers 500 with an empty root, which the browser renders itself', async () => {
    const broken = await createTestApp(
      {},
      {
        frontEnd: {
          ...sourceFrontEnd(),
          render: async () => {
            throw new Error('render bug');
          },
        },
      },
    );
    try {
      const res = await broken.app.inject('/privacy-policy');
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<title>Privacy Policy · Finder</title>');
      expect(res.body).not.toContain(INITIAL_DATA_ID);
    } finally {
      await broken.close();
    }
  });
});

describe('page modules', () => {
  it('name files under web/ that the web\u2019s routes import, so the server links the right chunks', () => {
    const routes = fs.readFileSync(path.resolve('web/app/routes.tsx'), 'utf8');
    for (const module of Object.values(PAGE_MODULES)) {
      expect(fs.existsSync(path.resolve('web', module)), module).toBe(true);
      expect(routes, module).toContain(`import('../${module.replace(/\.tsx$/, '')}')`);
    }
  });
});
