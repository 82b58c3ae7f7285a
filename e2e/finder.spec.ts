import { expect, test, type Page } from '@playwright/test';
import { hydrated, typeWithinDebounce } from './support';

const DEMO_PRODUCTS = 72;
const cards = (page: Page) => page.locator('.grid > li');
const summary = (page: Page) => page.locator('.summary');
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768;

test.describe('finder', () => {
  test('shows the first page, the banner and the filters', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Product Finder' })).toBeVisible();
    const pageSize = isPhone(page) ? 4 : 6;
    await expect(cards(page)).toHaveCount(pageSize);
    // The total of what the filters give follows the count shown when more exist (issue 27).
    await expect(summary(page)).toHaveText(`Showing ${pageSize} items of ${DEMO_PRODUCTS} (scroll to see more)`);
    await expect(page.locator('.promo')).toContainText('10% off with code E2ECODE');
    await expect(page.locator('.promo')).toContainText('extra 5% off');
    const join = page.locator('.promo').getByRole('link', { name: /Join/ });
    await expect(join).toHaveAttribute('href', 'https://community.example/join');
    await expect(join).toHaveAttribute('target', '_blank');
    const signUp = page.locator('.promo').getByRole('link', { name: /Sign Up/ });
    await expect(signUp).toHaveAttribute('href', 'https://agent.example/register?ref=finder');
    await expect(signUp).toHaveAttribute('target', '_blank');
    // Each choice with the number of products it would give ("Men 40 products").
    for (const g of ['All', 'Men', 'Women']) {
      await expect(
        page.getByRole('group', { name: 'Gender' }).getByRole('button', { name: new RegExp(`^${g} \\d+ products$`) }),
      ).toBeVisible();
    }
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'All 72 products' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Best Products' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button')).toHaveCount(9);
  });

  test('cards show thumbnail, price and a BUY link to the store in a new tab', async ({ page }) => {
    await page.goto('/products');
    const card = cards(page).first();
    await expect(card.locator('.card-price')).toHaveText(/^\$\d+\.\d{2}$/);
    const buy = card.getByRole('link', { name: /^BUY / });
    await expect(buy).toHaveAttribute('target', '_blank');
    await expect(buy).toHaveAttribute('rel', 'noopener noreferrer sponsored');
    await expect(buy).toHaveAttribute('href', /^https:\/\/cnfans\.com\/product\//);
    const img = card.locator('img');
    await expect(img).toHaveAttribute('src', /^\/media\/thumbs\/320\/.+\.webp$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const thumb = await page.request.get((await img.getAttribute('src')) ?? '');
    expect(thumb.headers()['content-type']).toBe('image/webp');
    expect(thumb.headers()['cache-control']).toContain('immutable');
  });

  test('scrolls to the end of the catalogue without a duplicate', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/products');
    await expect(cards(page).first()).toBeVisible();
    const endMessage = page.getByText("You've reached the end of the results");
    for (let i = 0; i < 40 && !(await endMessage.isVisible()); i++) {
      const before = await cards(page).count();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(async () => (await cards(page).count()) > before || (await endMessage.isVisible())).toBe(true);
    }
    await expect(endMessage).toBeVisible();
    const titles = await cards(page).locator('.card-title').allTextContents();
    expect(titles).toHaveLength(DEMO_PRODUCTS);
    expect(new Set(titles).size).toBe(DEMO_PRODUCTS);
    await expect(summary(page)).toHaveText(`Showing ${DEMO_PRODUCTS} items`);
  });

  test('searches on the server after the debounce, with the search in the URL', async ({ page }) => {
    await page.clock.install();
    await page.goto('/products');
    await expect(cards(page).first()).toBeVisible();
    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      // A search is one address for every visitor: no seed (decision 0043).
      if (url.pathname === '/api/products' && url.searchParams.get('search'))
        searches.push(`${url.searchParams.get('search')}${url.searchParams.has('seed') ? ' (with a seed)' : ''}`);
    });
    // Keystrokes inside the 300 ms debounce: one request for the whole word.
    await typeWithinDebounce(page, page.getByRole('combobox', { name: 'Search products' }), 'corduroy');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(/corduroy/i);
    await expect(summary(page)).toHaveText('Showing 1 item matching "corduroy"');
    expect(searches).toEqual(['corduroy']);
    expect(new URL(page.url()).searchParams.get('search')).toBe('corduroy');

    await page.getByRole('combobox', { name: 'Search products' }).fill('ZEPHYR');
    await expect(cards(page)).toHaveCount(1);
    await expect(summary(page)).toHaveText('Showing 1 item matching "ZEPHYR"');
  });

  test('keeps what a visitor types before the search box and the price fields have hydrated', async ({ page }) => {
    // Both are later parts (their code comes after the first view): held back here, as on a slow connection. A wide
    // screen shows the price fields without the Filters button.
    test.skip(isPhone(page), 'the same code at both sizes');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(search-box|more-filter-fields)-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/products', { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.pressSequentially('corduroy');
    await page.getByLabel('Max price').pressSequentially('500');
    release();
    await expect(summary(page)).toHaveText('Showing 1 item matching "corduroy"');
    await expect(box).toHaveValue('corduroy');
    await expect(page.getByLabel('Max price')).toHaveValue('500');
    await expect(page).toHaveURL(/[?&]search=corduroy\b/);
    await expect(page).toHaveURL(/[?&]maxPrice=500\b/);
  });

  test('shows the empty states of the spec', async ({ page }) => {
    // One word no product has: several words would get a partial answer from the words that match (issue 27).
    await page.goto('/products?search=qzxvwk');
    await expect(page.getByRole('heading', { name: 'No items found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms or browse different categories')).toBeVisible();
    await page.goto('/products?category=Capes');
    await expect(page.getByRole('heading', { name: 'No items in Capes' })).toBeVisible();
    await expect(page.getByText('Try selecting a different category or search for specific items')).toBeVisible();
  });

  test('filters by category, gender and best, and Back undoes a filter', async ({ page }) => {
    await page.goto('/products');
    await expect(cards(page).first()).toBeVisible();
    const categories = page.getByRole('group', { name: 'Category' });
    await categories.getByRole('button', { name: 'Pants' }).click();
    await expect(categories.getByRole('button', { name: 'Pants' })).toHaveAttribute('aria-pressed', 'true');
    await expect(summary(page)).toContainText('in Pants');
    await expect(page).toHaveURL(/category=Pants/);

    await page
      .getByRole('group', { name: 'Gender' })
      .getByRole('button', { name: /^Men\b/ })
      .click();
    await expect(summary(page)).toContainText('in Pants for Men');

    // Choosing Women resets the category and hides the chips.
    await page
      .getByRole('group', { name: 'Gender' })
      .getByRole('button', { name: /^Women\b/ })
      .click();
    await expect(page.getByRole('group', { name: 'Category' })).toHaveCount(0);
    await expect(summary(page)).toContainText('for Women');
    await expect(summary(page)).not.toContainText('in Pants');
    await expect(page).not.toHaveURL(/category=/);

    await page.goBack();
    await expect(page).toHaveURL(/gender=Men/);
    await expect(summary(page)).toContainText('in Pants for Men');
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Pants' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('Best Products lists only starred items', async ({ page }) => {
    await page.goto('/products');
    await expect(cards(page).first()).toBeVisible();
    await page.getByRole('switch', { name: 'Best Products' }).check();
    await expect(page).toHaveURL(/best=true/);
    await expect
      .poll(async () => {
        const n = await cards(page).count();
        return n > 0 && (await cards(page).locator('.card-badge').count()) === n;
      })
      .toBe(true);
    await page.getByRole('switch', { name: 'Best Products' }).uncheck();
    await expect(page).not.toHaveURL(/best=/);
  });

  test('a shared filtered link opens the same filtered finder', async ({ page }) => {
    await page.goto('/products?gender=men&category=shoes&search=sneaker');
    await expect(page.getByRole('group', { name: 'Gender' }).getByRole('button', { name: /^Men\b/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveValue('sneaker');
    await expect(summary(page)).toContainText('matching "sneaker" in shoes for Men');
  });

  test('shows the error box and recovers with Retry', async ({ page }) => {
    // The server renders the first page; the browser loads it itself when it opens the finder from another page.
    await page.goto('/privacy-policy');
    let fail = true;
    await page.route(
      (url) => url.pathname === '/api/products',
      (route) => (fail ? route.abort('failed') : route.continue()),
    );
    await hydrated(page, 'footer a[href="/products"]');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Products' }).click();
    // Each failure shows after the query's one retry (a second's wait): a busy machine takes longer than 7 s.
    const slow = { timeout: 20_000 };
    await expect(page.getByRole('alert')).toContainText('Failed to load data. Please try again later.', slow);
    await page.getByRole('combobox', { name: 'Search products' }).fill('corduroy');
    // The typed word is asked for once the debounce has passed, and the box leaves while it loads: Retry is pressed
    // once that search has failed too (CI's run pressed the button as it left, and nothing happened).
    await expect(page).toHaveURL(/search=corduroy/);
    await expect(page.getByRole('alert')).toContainText('Failed to load data. Please try again later.', slow);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toContainText('Failed to refresh data. Please try again later.', slow);
    // Retry cleared the search text, as the spec says.
    await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveValue('');
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(cards(page).first()).toBeVisible();
  });

  test('a failed load-more keeps the items and offers Retry', async ({ page }) => {
    await page.goto('/products');
    await expect(cards(page).first()).toBeVisible();
    const first = await cards(page).count();
    const withCursor = (url: URL) => url.pathname === '/api/products' && url.searchParams.has('cursor');
    await page.route(withCursor, (route) => route.abort('failed'));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByRole('alert')).toContainText('Failed to load more items. Please try again.');
    await expect(cards(page)).toHaveCount(first);
    await page.unroute(withCursor);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(first);
  });

  test('active filters show as removable chips with Clear all, also when products are found', async ({ page }) => {
    await page.goto('/products?category=Hoodies&gender=Men&best=true');
    const active = page.getByRole('group', { name: 'Active filters' });
    await expect(active.getByRole('button')).toHaveText(['Hoodies', 'Men', 'Best Products', 'Clear all']);
    await expect(active.getByRole('button', { name: 'Remove category Hoodies' })).toBeVisible();
    await expect(active.getByRole('button', { name: 'Remove Best Products' })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await hydrated(page, '.active-chip');

    await active.getByRole('button', { name: 'Remove gender Men' }).click();
    await expect(page).not.toHaveURL(/gender=/);
    await expect(page).toHaveURL(/category=Hoodies/);
    await expect(active.getByRole('button', { name: 'Remove gender Men' })).toHaveCount(0);
    await expect(summary(page)).not.toContainText('for Men');
    await expect(page.getByRole('group', { name: 'Gender' }).getByRole('button', { name: /^All\b/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await active.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(active).toHaveCount(0);
    await expect(page.getByRole('switch', { name: 'Best Products' })).not.toBeChecked();
    await expect(summary(page)).toHaveText(/^Showing \d+ items of 72/);
  });

  test('a category that gives nothing is disabled with its 0 read out, unless chosen', async ({ page }) => {
    // No starred shoes for Men in the demo catalogue.
    await page.goto('/products?gender=Men&best=true');
    const categories = page.getByRole('group', { name: 'Category' });
    await expect(categories.getByRole('button', { name: 'Shoes 0 products' })).toBeDisabled();
    await expect(categories.getByRole('button', { name: /^Hoodies [1-9]\d* products$/ })).toBeEnabled();
    // Chosen, it stays enabled so it can be changed.
    await page.goto('/products?gender=Men&best=true&category=Shoes');
    await expect(categories.getByRole('button', { name: 'Shoes 0 products' })).toBeEnabled();
    await expect(categories.getByRole('button', { name: 'Shoes 0 products' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('at 1280×800 the first row of cards shows its titles and prices without scrolling, and nothing moves', async ({ page }) => {
    test.skip(isPhone(page), 'the desktop first screen');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await hydrated(page, '.chip');
    for (const card of await cards(page)
      .all()
      .then((all) => all.slice(0, 3))) {
      for (const part of [card.locator('.card-title'), card.locator('.card-price')]) {
        const box = await part.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(800);
      }
    }
    // The server-rendered page and the hydrated one lay out the same.
    await page.waitForTimeout(500);
    // Lighthouse reports below 0.001 as 0; the full run once measured 0.00006 (a sub-pixel move), alone it is 0.
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.001);
  });

  test('shows ten categories, then Show More reveals the rest', async ({ page }) => {
    const names = Array.from({ length: 13 }, (_, i) => `Cat ${String(i + 1).padStart(2, '0')}`);
    await page.route('**/api/categories', (route) =>
      route.fulfill({
        json: {
          items: names.map((name, i) => ({ id: `id-${i}`, name, relevance: i, description: '', createdAt: '', updatedAt: '' })),
        },
      }),
    );
    // Opened from another page, so the chips come from the (stubbed) API rather than the server's rendering.
    await page.goto('/privacy-policy');
    await hydrated(page, 'footer a[href="/products"]');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Products' }).click();
    const group = page.getByRole('group', { name: 'Category' });
    await expect(group.getByRole('button')).toHaveCount(11);
    const toggle = page.getByRole('button', { name: 'Show More' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(group.getByRole('button')).toHaveCount(14);
    await expect(page.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
  });
});
