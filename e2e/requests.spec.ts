// Issue 16: a visitor requests an item from an empty search, and reports a product's broken buy link. The admin's
// side (the queues, the "Link reported" notice) is in admin-requests.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, hydrated } from './support';

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768;

test.describe('requests and broken links', () => {
  test('an empty search offers to request the item, pre-filled, with errors under the field, then says thanks', async ({ page }) => {
    test.skip(isPhone(page), 'the same code at both sizes; run once');
    await page.goto('/products?search=xyzzyplugh%20kettlebell');
    await expect(page.getByRole('heading', { name: 'No items found' })).toBeVisible();
    await hydrated(page, '.request-item button');
    const open = page.getByRole('button', { name: 'Request this item' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');

    const query = page.getByRole('textbox', { name: 'What are you looking for?' });
    await expect(query).toHaveValue('xyzzyplugh kettlebell');
    const link = page.getByRole('textbox', { name: 'Link to the item (optional)' });
    await link.fill('weidian item 123');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('The link must be an http(s) address')).toBeVisible();
    await expect(link).toBeFocused();
    await expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page, '.request-item')).toEqual([]);

    await link.fill('https://weidian.com/item.html?itemID=123');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thanks! Your request has been received.' })).toBeFocused();
  });

  test('a product page has a small "Report a broken link" form with a thanks; visitors see no report state', async ({ page }) => {
    test.skip(isPhone(page), 'the same code at both sizes; run once');
    const res = await page.request.get('/api/products?limit=1&seed=3');
    const [product] = ((await res.json()) as { items: Array<{ path: string }> }).items;
    if (!product) throw new Error('no demo product');
    await page.goto(product.path);
    await hydrated(page, '.report-link-toggle');
    await page.getByRole('button', { name: 'Report a broken link' }).click();
    await page.getByRole('textbox', { name: 'What went wrong? (optional)' }).fill('BUY opens a page that says the item is gone');
    expect(await axeViolations(page, '.report-link')).toEqual([]);
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thanks! We will check this link.' })).toBeVisible();
    await expect(page.getByText(/Link reported/)).toHaveCount(0);
  });
});
