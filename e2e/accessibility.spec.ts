import { expect, test, type Page } from '@playwright/test';
import { adminDashboardShown, animationsFinished, axeViolations, E2E_ADMIN, hydrated, signInViaApi } from './support';

const PAGES = [
  '/',
  '/products?search=nothing-matches-this',
  '/products?search=chinoos&gender=Men',
  '/brands/northfold',
  '/privacy-policy',
  '/disclaimer',
  '/login',
  '/register',
  '/admin',
  '/google-auth-test',
];
/** Pages that look different once someone is signed in, checked as the admin. */
const SIGNED_IN_PAGES = ['/home', '/admin'];

async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test.describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  for (const path of PAGES) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      // Let the card fade-in finish, so contrast is measured on the final colours.
      await animationsFinished(page);
      await expectNoViolations(page);
    });
  }
  test('the finder with its suggestions and its brand list open has no violations', async ({ page }) => {
    // Two whole-page axe runs: past 30 s on a busy machine (one CI-style run timed out in the second).
    test.setTimeout(60_000);
    await page.goto('/products');
    await hydrated(page, '#finder-search');
    await page.getByRole('combobox', { name: 'Search products' }).fill('hood');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Search products' }).press('ArrowDown');
    // The grid follows the search after its debounce; its new cards fade in.
    await expect(page.locator('.summary')).toContainText('matching "hood"');
    await expect(page.locator('.results')).toHaveAttribute('aria-busy', 'false');
    await animationsFinished(page);
    await expectNoViolations(page);
    await page.getByRole('combobox', { name: 'Search products' }).press('Escape');
    const filters = page.getByRole('button', { name: /^Filters/ });
    if (await filters.isVisible()) await filters.click();
    await page.getByRole('button', { name: /^Brands/ }).click();
    await expect(page.getByRole('group', { name: 'Brands' }).getByRole('checkbox').first()).toBeVisible();
    await animationsFinished(page);
    await expectNoViolations(page);
  });
  for (const path of SIGNED_IN_PAGES) {
    test(`${path} signed in as the admin has no violations`, async ({ page }) => {
      await signInViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto(path);
      if (path === '/admin') await adminDashboardShown(page);
      else await expect(page.locator('h1')).toBeVisible();
      await expectNoViolations(page);
    });
  }
});
