// Issue 29, link health: the admin site's marketplaces are played by the site itself (MARKETPLACE_*_URL in
// playwright.config.ts), whose not-found page answers 404 for any item, so a Re-check now finds the item gone. The
// card and the page say "May be unavailable" (JSON-LD OutOfStock), the Link health tab lists it with its answer, and
// Mark fine takes the mark away. LINK_CHECKS_PER_DAY=0 there: no other journey's products are checked.
import { expect, test } from '@playwright/test';
import { axeViolations, E2E_ADMIN_ORIGIN, openAdmin, toast, uniqueToken } from './support';

type Created = { id: string; number: number; path: string; title: string };

test('a gone link is marked on its card and page, listed in Link health, and marked fine from there', async ({ page }) => {
  test.skip((page.viewportSize()?.width ?? 1280) <= 768, 'the same code at both sizes; run once');
  test.setTimeout(90_000);
  const token = uniqueToken(page);
  await openAdmin(page);
  const write = (method: 'post' | 'delete', url: string, data?: unknown) =>
    page.request[method](`${E2E_ADMIN_ORIGIN}${url}`, { data, headers: { origin: E2E_ADMIN_ORIGIN } });
  const itemId = String(600_000_000_000 + Math.floor(Math.random() * 1_000_000));
  const created = await write('post', '/api/admin/products', {
    title: `Delisted Parka ${token}`,
    price: 61,
    category: 'Jackets',
    link: `https://item.taobao.com/item.htm?id=${itemId}`,
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as Created;

  expect((await write('post', `/api/admin/link-health/${product.id}/recheck`)).status()).toBe(202);
  const marked = async () =>
    (
      (await (await page.request.get(`${E2E_ADMIN_ORIGIN}/api/products/${product.number}`)).json()) as {
        product: { mayBeUnavailable: boolean };
      }
    ).product.mayBeUnavailable;
  await expect.poll(marked, { timeout: 45_000, intervals: [500] }).toBe(true);

  await page.goto(product.path);
  await expect(page.getByRole('note').filter({ hasText: 'May be unavailable.' })).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join('\n')).toContain('https://schema.org/OutOfStock');

  await page.goto(`/products?search=${encodeURIComponent(token)}`);
  const card = page.locator('.card').filter({ hasText: product.title });
  await expect(card.getByText('May be unavailable', { exact: true })).toBeVisible();

  await page.goto('/admin?tab=links');
  const panel = page.getByRole('tabpanel', { name: 'Link health' });
  await expect(panel.getByRole('heading', { name: 'Link health' })).toBeVisible();
  await expect(panel.getByRole('group', { name: 'Link check counts' })).toContainText('May be unavailable');
  const row = panel.getByRole('row').filter({ hasText: product.title });
  await expect(row).toContainText('Gone');
  await expect(row).toContainText('HTTP 404');
  expect(await axeViolations(page, '#admin-panel-links')).toEqual([]);

  await row.getByRole('button', { name: `Mark fine: ${product.title}` }).click();
  await expect(toast(page, `${product.title} is shown as available again.`)).toBeVisible();
  await expect(row).toContainText('Marked fine by admin@finder.test');
  expect(await marked()).toBe(false);

  expect((await write('delete', `/api/admin/products/${product.id}`)).status()).toBe(200);
});
