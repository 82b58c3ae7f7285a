import { expect, test } from '@playwright/test';
import { E2E_ADMIN_ORIGIN, openAdmin, uniqueToken } from './support';

type Created = { id: string; path: string; title: string };

test.describe('a product page over its life', () => {
  test('a renamed product keeps its address working; a deleted one answers 410 and offers similar products', async ({ page }) => {
    test.skip((page.viewportSize()?.width ?? 1280) <= 768, 'no screen size involved; run once');
    const token = uniqueToken(page);
    await openAdmin(page, 'items');
    const write = (method: 'post' | 'put' | 'delete', url: string, data?: unknown) =>
      page.request[method](`${E2E_ADMIN_ORIGIN}${url}`, { data, headers: { origin: E2E_ADMIN_ORIGIN } });
    const fields = { price: 45, category: 'Jackets', link: `https://store.example/${token}` };

    const created = await write('post', '/api/admin/products', { title: `Lifecycle Jacket ${token}`, ...fields });
    expect(created.status(), await created.text()).toBe(201);
    const before = (await created.json()) as Created;
    await page.goto(before.path);
    await expect(page.getByRole('heading', { level: 1, name: before.title })).toBeVisible();

    const renamed = await write('put', `/api/admin/products/${before.id}`, { title: `Renamed Coat ${token}`, ...fields });
    const after = (await renamed.json()) as Created;
    expect(after.path).not.toBe(before.path);
    const old = await page.request.get(`${E2E_ADMIN_ORIGIN}${before.path}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(after.path);
    await page.goto(before.path);
    await expect(page).toHaveURL(`${E2E_ADMIN_ORIGIN}${after.path}`);
    await expect(page.getByRole('heading', { level: 1, name: after.title })).toBeVisible();

    expect((await write('delete', `/api/admin/products/${before.id}`)).status()).toBe(200);
    const gone = await page.goto(after.path);
    expect(gone?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1, name: 'This product has been removed' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Similar products' }).locator('.grid > li').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'More in Jackets' })).toHaveAttribute('href', '/products?category=Jackets');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});
