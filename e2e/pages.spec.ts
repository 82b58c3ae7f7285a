import { expect, test, type Page } from '@playwright/test';
import { E2E_ORIGIN, hydrated } from './support';

const DEMO_PRODUCTS = 72;
const cards = (page: Page) => page.locator('.grid > li');
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768;

type ApiProduct = { title: string; path: string; price: number; category: string | null };

/** A demo product with a category (so its page has breadcrumbs and related products). */
async function someProduct(page: Page): Promise<ApiProduct> {
  const res = await page.request.get('/api/products?limit=12&seed=7');
  const { items } = (await res.json()) as { items: ApiProduct[] };
  const product = items.find((p) => p.category);
  if (!product) throw new Error('no demo product with a category');
  return product;
}

const price = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

test.describe('product pages', () => {
  test('a card title opens the product page; Back returns to the same filters, cards and scroll', async ({ page }) => {
    test.skip(isPhone(page), 'the same code at both sizes; run once');
    await page.goto('/products?category=Shoes');
    await expect(cards(page).first()).toBeVisible();
    await hydrated(page, '.grid .card-title a');
    // The server wrote the first page's head; the browser builds the others' (and this one's again on the way back).
    const finderTitle = await page.title();
    expect(finderTitle).toContain('Shoes');
    // A second page of results, then a card further down.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => cards(page).count()).toBeGreaterThan(6);
    await expect(page.getByText('Loading more items...')).toHaveCount(0);
    const target = cards(page).nth(7);
    await target.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    const countBefore = await cards(page).count();
    expect(scrollBefore).toBeGreaterThan(300);
    const title = await target.locator('.card-title a').innerText();

    await target.locator('.card-title a').click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveURL(/\/products\/[a-z0-9-]+-\d+$/);
    await expect(page).toHaveTitle(`${title} · Finder`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/products\?category=Shoes$/);
    await expect(page).toHaveTitle(finderTitle);
    await expect(cards(page)).toHaveCount(countBefore);
    await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThanOrEqual(2);
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Shoes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('Copy link copies the page address and says Copied', async ({ page, context }) => {
    test.skip(isPhone(page), 'the same at both sizes; run once');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_ORIGIN });
    const product = await someProduct(page);
    await page.goto(product.path);
    await hydrated(page, '.share-button');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${E2E_ORIGIN}${product.path}`);
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 5000 });
  });

  test('where the browser has a share sheet, Share opens it with the title and address', async ({ page }) => {
    test.skip(!isPhone(page), 'share sheets are a phone thing');
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    const product = await someProduct(page);
    await page.goto(product.path);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
      .toEqual({
        title: product.title,
        url: `${E2E_ORIGIN}${product.path}`,
      });
  });

  test('a product page opened directly holds its title, price and structured data without scripts', async ({ browser, page: sized }) => {
    test.skip(isPhone(sized), 'the same HTML at both sizes; run once');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const product = await someProduct(page);
    const res = await page.goto(`${E2E_ORIGIN}${product.path}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(page.locator('.product-price')).toHaveText(price(product.price));
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
      'Home',
      product.category ?? '',
      product.title,
    ]);
    const structured = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    expect(structured[0]).toMatchObject({
      '@type': 'Product',
      name: product.title,
      offers: { '@type': 'Offer', price: product.price.toFixed(2), priceCurrency: 'USD', url: `${E2E_ORIGIN}${product.path}` },
    });
    // The preview picture chat apps fetch: an absolute address answering a JPEG.
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(new RegExp(`^${E2E_ORIGIN}/media/share/.+\\.jpg$`));
    const picture = await page.request.get(image ?? '');
    expect(picture.headers()['content-type']).toBe('image/jpeg');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', product.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${E2E_ORIGIN}${product.path}`);
    await context.close();
  });

  test('related products lead to their own pages', async ({ page }) => {
    test.skip(isPhone(page), 'the same at both sizes; run once');
    const product = await someProduct(page);
    await page.goto(product.path);
    const related = page.getByRole('region', { name: 'More like this' });
    await expect(related.locator('.grid > li')).toHaveCount(8);
    await hydrated(page, '.related .card-title a');
    const next = related.locator('.card-title a').first();
    const title = await next.innerText();
    await next.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Finder`);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  });

  test('an unknown product answers 404 with the way back to the finder', async ({ page }) => {
    test.skip(isPhone(page), 'the same at both sizes; run once');
    const res = await page.goto('/products/no-such-thing-99999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'You might like' }).locator('.grid > li')).toHaveCount(8);
    await page.getByRole('link', { name: 'Browse the finder' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Product Finder' })).toBeVisible();
  });
});

test.describe('search engines', () => {
  test('robots.txt and the sitemaps list every product, as valid XML', async ({ page }) => {
    test.skip(isPhone(page), 'no screen involved');
    const robots = await page.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toContain(`Sitemap: ${E2E_ORIGIN}/sitemap.xml`);

    await page.goto('/');
    /** Parses with the browser's own XML parser: a document with a parse error is not valid XML. */
    const locs = (xml: string) =>
      page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        if (doc.getElementsByTagName('parsererror').length) throw new Error('not well-formed XML');
        return [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map((n) => n.textContent ?? '');
      }, xml);
    const files = await locs(await (await page.request.get('/sitemap.xml')).text());
    // A file of the site's pages per language (issue 41), then the products' (English: no demo title is translated).
    expect(files[0]).toBe(`${E2E_ORIGIN}/sitemaps/pages.xml`);
    expect(files.filter((f) => f.includes('/sitemaps/pages'))).toHaveLength(8);
    const urls: string[] = [];
    for (const file of files.filter((f) => /\/sitemaps\/products-\d+\.xml$/.test(f))) {
      urls.push(...(await locs(await (await page.request.get(file)).text())));
    }
    expect(urls).toHaveLength(DEMO_PRODUCTS);
    expect(new Set(urls).size).toBe(DEMO_PRODUCTS);
    for (const url of urls) expect(url).toMatch(new RegExp(`^${E2E_ORIGIN}/products/[a-z0-9-]+-\\d+$`));
    const sample = await page.request.get(urls[0] ?? '', { maxRedirects: 0 });
    expect(sample.status()).toBe(200);
    const pages = await locs(await (await page.request.get('/sitemaps/pages.xml')).text());
    expect(pages).toEqual(
      expect.arrayContaining([`${E2E_ORIGIN}/`, `${E2E_ORIGIN}/privacy-policy`, `${E2E_ORIGIN}/products?category=Shoes`]),
    );
  });
});

test.describe('first screen and hydration', () => {
  test('a phone shows products on its first screen', async ({ page }) => {
    test.skip(!isPhone(page), 'phones only');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const first = cards(page).first();
    await expect(first.locator('img')).toBeVisible();
    const box = await first.boundingBox();
    expect(box?.y ?? Infinity).toBeLessThan(844 - 120);
    // The chips are one row that scrolls sideways, and the search box shows its whole hint.
    const chips = await page.getByRole('group', { name: 'Category' }).boundingBox();
    expect(chips?.height ?? 0).toBeLessThan(48);
    const placeholderFits = await page.getByRole('combobox', { name: 'Search products' }).evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return false;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
    expect(placeholderFits).toBe(true);
    await expect(page.getByRole('switch', { name: 'Best Products' })).toBeInViewport();
    // Copy code says Copied where everyone can see it.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_ORIGIN });
    await hydrated(page, '.promo button');
    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect(page.locator('.promo').getByRole('button', { name: 'Copied' })).toBeVisible();
  });

  test('the page is a React 19 root, and its later parts hydrate by themselves once their code is in', async ({ page }) => {
    test.skip(isPhone(page), 'one size is enough');
    await page.goto('/');
    await hydrated(page, '.grid > li');
    // React's marks on the DOM (what React DevTools reads): the root container, then a card, a later part.
    const marks = await page.evaluate(() => {
      const root = document.getElementById('root');
      return Object.keys(root ?? {}).filter((key) => key.startsWith('__reactContainer$')).length;
    });
    expect(marks).toBe(1);
    await page.waitForFunction(() => {
      const card = document.querySelector('.grid > li .card-title a');
      return card !== null && Object.keys(card).some((key) => key.startsWith('__reactFiber$'));
    });
    // Fields for codes and links are not spell-checked (React writes spellcheck="false"): the converter's link box.
    await page.goto('/convert');
    await hydrated(page, '.convert-form textarea');
    await expect(page.locator('.convert-form textarea')).toHaveAttribute('spellcheck', 'false');
  });

  test('pages hydrate without a warning in the console', async ({ page }) => {
    // Fourteen pages loaded and hydrated one after the other: 28 s on a busy machine.
    test.setTimeout(60_000);
    const messages: string[] = [];
    let expect404 = false;
    page.on('console', (m) => {
      // The browser reports a page answered 404 as a failed load; those two are meant to.
      if (expect404 && /Failed to load resource: .*404/.test(m.text())) return;
      if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    const product = await someProduct(page);
    const pages = [
      '/',
      '/products?gender=Men&search=shirt',
      '/products?sort=price-asc&brand=northfold&minPrice=10&maxPrice=150',
      '/products?search=hodie',
      '/brands/northfold',
      '/brands/nobody',
      product.path,
      '/privacy-policy',
      '/login',
      '/register',
      '/products/nope-99999',
      '/no/such/page',
      // Guides (issue 43): the index, and a starter article with a product card (a later part).
      '/guides',
      '/guides/shipping-and-customs-basics',
    ];
    for (const path of pages) {
      expect404 = /nope|no\/such|nobody/.test(path);
      await page.goto(path);
      await hydrated(page, 'footer a');
      await page.waitForLoadState('networkidle');
    }
    expect(messages).toEqual([]);
  });
});
