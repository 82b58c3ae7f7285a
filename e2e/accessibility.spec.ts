import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const PAGES = ['/', '/products?q=nothing-matches-this', '/privacy-policy', '/disclaimer', '/login', '/admin'];

test.describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  for (const path of PAGES) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      // Let the card fade-in finish, so contrast is measured on the final colours.
      await page.waitForTimeout(1200);
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const summary = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary).toEqual([]);
    });
  }
});
