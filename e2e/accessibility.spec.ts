import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { animationsFinished, E2E_ADMIN, signInViaApi } from './support';

const PAGES = ['/', '/products?q=nothing-matches-this', '/privacy-policy', '/disclaimer', '/login', '/register', '/admin', '/google-auth-test'];
/** Pages that look different once someone is signed in, checked as the admin. */
const SIGNED_IN_PAGES = ['/home', '/admin'];

async function expectNoViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
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
  for (const path of SIGNED_IN_PAGES) {
    test(`${path} signed in as the admin has no violations`, async ({ page }) => {
      await signInViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expectNoViolations(page);
    });
  }
});
