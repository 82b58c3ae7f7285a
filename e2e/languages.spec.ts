// The site in other languages (issue 41), as a visitor meets it: Arabic pages right to left and clean for axe at both
// sizes, the switcher keeping the visitor on the same page, and the one-time suggestion of the browser's language.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, hydrated } from './support';

/** The address of a demo product's page (its English one). */
async function productPath(page: Page): Promise<string> {
  const res = await page.request.get('/api/products?search=hoodie&limit=1');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { path: string; title: string }[] };
  expect(items.length).toBeGreaterThan(0);
  return items[0]!.path;
}

test.describe('Arabic pages (right to left)', () => {
  test('/ar/ mirrors the page and has no axe violations', async ({ page }) => {
    await page.goto('/ar/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('.grid > li').first()).toBeVisible();
    // Mirrored: the first card starts at the right, and the page does not scroll sideways.
    const [card, width] = await Promise.all([
      page.locator('.grid > li').first().boundingBox(),
      page.evaluate(() => document.documentElement.clientWidth),
    ]);
    expect(card!.x + card!.width).toBeGreaterThan(width / 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await expectNoAxeViolations(page);
  });

  test('a product page isolates its Latin title and price, and has no axe violations', async ({ page }) => {
    const path = await productPath(page);
    await page.goto(`/ar${path}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveAttribute('dir', 'auto');
    // A Latin title on the right-to-left page: left to right itself, aligned as the page is.
    expect(await title.evaluate((h) => [getComputedStyle(h).direction, getComputedStyle(h).textAlign])).toEqual(['ltr', 'right']);
    // The price is an isolate whose symbol stays whole: "US$" followed by a left-to-right mark.
    const price = page.locator('.product-price bdi');
    await expect(price).toHaveText(/US\$\u200e/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
      await page.evaluate(() => document.documentElement.clientWidth),
    );
    await expectNoAxeViolations(page);
  });
});

test('the language switcher keeps the visitor on the same page', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one size: the footer switcher is the same list on a phone');
  const path = await productPath(page);
  await page.goto(path);
  await hydrated(page, 'footer .language-switcher summary');
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim();
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Language: English. Choose another').click();
  await footer.getByRole('link', { name: 'Deutsch', exact: true }).click();
  await expect(page).toHaveURL(`/de${path}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');
});

test.describe('the suggestion of the browser’s language', () => {
  test.use({ locale: 'de-DE' });

  test('is offered once, in German; "No, thanks" keeps it away', async ({ page, isMobile }) => {
    test.skip(isMobile, 'one size: the bar is the same on a phone');
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'Diese Seite gibt es auch auf Deutsch.' });
    // After the page has hydrated and the German words have loaded: past 7 s on a busy machine.
    await expect(bar).toBeVisible({ timeout: 15_000 });
    await expect(bar).toHaveAttribute('lang', 'de');
    await expect(bar.getByRole('link', { name: 'Auf Deutsch anzeigen' })).toHaveAttribute('href', /^\/de\/?$/);
    await bar.getByRole('button', { name: 'Nein, danke' }).click();
    await expect(bar).toHaveCount(0);
    // The English page is what the visitor chose to stay on: the next page does not ask again.
    await page.goto('/privacy-policy');
    await hydrated(page, 'main h1');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.language-bar')).toHaveCount(0);
    expect((await page.context().cookies()).find((c) => c.name === 'finder_lang')?.value).toBe('en');
  });
});
