import { expect, test, type Page } from '@playwright/test';
import { chooseAdminTab, E2E_ADMIN, E2E_ADMIN_ORIGIN, openAdmin, toast, typeWithinDebounce, uniqueToken } from './support';

const items = (page: Page) => page.locator('.item-grid > li');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search items' });
const summary = (page: Page) => page.locator('#admin-panel-items .summary');

/** The same code at both sizes: the phone project runs only the journeys whose layout differs there. */
const ONE_SIZE = 'layout-independent: desktop only';

test.describe('item management', () => {
  test('adds, edits and deletes an item, with the validation messages of the spec', async ({ page }) => {
    // The whole life of an item, its audit entry included: longer than one screen's journey.
    test.slow();
    await openAdmin(page, 'items');
    const token = uniqueToken(page);
    await page.getByRole('button', { name: 'Add New Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Item' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Item name')).toBeFocused();
    // Nothing set silently (issue 40): the gender starts at "Not set", and the submit button says what it does.
    await expect(dialog.getByLabel('Gender')).toHaveValue('');
    await expect(dialog.getByLabel('Gender').locator('option:checked')).toHaveText('Not set');
    await expect(dialog.getByRole('button', { name: 'Add New Item' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(dialog.getByText('Item name is required!')).toBeVisible();
    await expect(dialog.getByLabel('Item name')).toHaveAccessibleDescription('Item name is required!');
    await expect(dialog.getByText('Valid price is required!')).toBeVisible();

    // Markup in a title is stored and shown as text.
    const title = `<b>Bold</b> Parka ${token}`;
    await dialog.getByLabel('Item name').fill(title);
    await dialog.getByLabel('Price (USD)').fill('-4');
    await dialog.getByLabel('Buy link').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(dialog.getByText('Valid price is required!')).toBeVisible();
    await expect(dialog.getByText('link must be an http(s) address such as https://store.example/item')).toBeVisible();
    await dialog.getByLabel('Price (USD)').fill('12.345');
    await dialog.getByLabel('Buy link').fill('https://store.example/parka');
    await dialog.getByLabel('Category').selectOption('Jackets');
    await dialog.getByLabel('Gender').selectOption('Kids');
    await dialog.getByLabel('Brand').fill('Northfold');
    await dialog.getByLabel('Best product (shown with a star, and under Best Products)').check();
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(toast(page, 'Item added successfully!')).toBeVisible();
    // The dialog links to the new item and offers Add another: an empty form, focused, gender back to Not set.
    await expect(dialog.getByRole('link', { name: `View ${title}` })).toHaveAttribute(
      'href',
      new RegExp(`^/products/b-bold-b-parka-${token}-\\d+$`),
    );
    await dialog.getByRole('button', { name: 'Add another' }).click();
    await expect(dialog.getByLabel('Item name')).toBeFocused();
    await expect(dialog.getByLabel('Item name')).toHaveValue('');
    await expect(dialog.getByLabel('Gender')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await search(page).fill(token);
    await expect(items(page)).toHaveCount(1);
    const card = items(page).first();
    await expect(card.getByRole('heading')).toHaveText(`★ Best product: ${title}`);
    await expect(card).toContainText('$12.35');
    await expect(card).toContainText('Jackets · Kids');

    // Cancel closes without saving.
    await card.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Item' });
    await expect(edit.getByLabel('Item name')).toHaveValue(title);
    // An item without a picture offers to fetch it again (issue 40); this one never had an address to fetch from.
    await edit.getByRole('button', { name: `Fetch the picture of ${title} again` }).click();
    await expect(toast(page, 'This item has no picture address to fetch from: add a picture in its form instead.')).toBeVisible();
    await edit.getByLabel('Price (USD)').fill('99');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
    await expect(card).toContainText('$12.35');

    await card.getByRole('button', { name: /^Edit / }).click();
    await edit.getByLabel('Price (USD)').fill('30');
    await edit.getByLabel('Gender').selectOption('Unisex');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Item updated successfully!')).toBeVisible();
    await expect(card).toContainText('$30.00');
    await expect(card).toContainText('Jackets · Unisex');

    const storefront = await page.request.get(`${E2E_ADMIN_ORIGIN}/api/products?search=${encodeURIComponent(token)}`);
    expect((await storefront.json()).items[0]).toMatchObject({ title, price: 30, gender: 'Unisex', isBestProduct: true });

    // The edit is in the Users tab's audit log: who, and only the fields that changed (issue 13).
    await chooseAdminTab(page, 'Users');
    const log = page.getByRole('region', { name: 'Audit log' });
    await log.getByLabel('Show').selectOption({ label: 'Items edited' });
    // Until the filtered page arrives the list still shows the item's 'added' entry too: wait for the edit's row.
    const entry = log
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(token) }) })
      .filter({ hasText: 'Item edited' });
    await expect(entry).toContainText('Changed price $12.35 → $30.00, gender Kids → Unisex');
    await expect(entry).toContainText(E2E_ADMIN.email);
    await chooseAdminTab(page, 'Items');

    await card.getByRole('button', { name: /^Delete / }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete item?' });
    await expect(confirm).toContainText(title);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Item deleted successfully!')).toBeVisible();
    await expect(items(page)).toHaveCount(0);
    await expect(summary(page)).toHaveText('No items match these filters.');
  });

  test('shows a title with markup as text on the storefront', async ({ page, isMobile }) => {
    test.skip(isMobile, ONE_SIZE);
    await openAdmin(page, 'items');
    const token = uniqueToken(page);
    const title = `<img src=x onerror="document.title='pwned'">Tee ${token}`;
    const res = await page.request.post(`${E2E_ADMIN_ORIGIN}/api/admin/products`, {
      data: { title, price: 9, category: 'T-Shirts' },
      headers: { origin: E2E_ADMIN_ORIGIN },
    });
    expect(res.status()).toBe(201);
    await page.goto(`/products?search=${encodeURIComponent(token)}`);
    await expect(page.locator('.grid > li .card-title')).toHaveText(title);
    expect(await page.title()).not.toBe('pwned');
    await expect(page.locator('.grid > li .card-title img')).toHaveCount(0);
  });

  test('searches and filters after the debounce, back on page 1, and clears every filter', async ({ page, isMobile }) => {
    test.skip(isMobile, ONE_SIZE);
    await page.clock.install();
    await openAdmin(page, 'items');
    const pager = page.getByRole('navigation', { name: 'Item pages' });
    await expect(items(page)).toHaveCount(25);
    await expect(summary(page)).toHaveText(/^Showing 1–25 of \d+ items$/);
    // Sorted by row: the demo catalogue's first row comes first.
    await expect(items(page).first().getByRole('heading')).toHaveText('Retro High-Top Sneaker');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(summary(page)).toHaveText(/^Showing 26–50 of/);
    await expect(pager.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');

    const requests: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/admin/products') requests.push(url.search);
    });
    await typeWithinDebounce(page, search(page), 'hoodie');
    // Back on page 1: every hoodie fits on it, so there is no pager.
    await expect(summary(page)).toHaveText(/^Showing 1–\d+ of \d+ items$/);
    await expect(pager).toHaveCount(0);
    expect(requests.filter((q) => q.includes('search=')).length).toBe(1);
    for (const text of await items(page).allTextContents()) expect(text.toLowerCase()).toContain('hoodie');

    await page.getByLabel('Gender', { exact: true }).selectOption('Kids');
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).first().getByRole('heading')).toHaveText('Kids Dino Hoodie');
    await page.getByLabel('Best', { exact: true }).selectOption('true');
    await expect(summary(page)).toHaveText('No items match these filters.');

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(search(page)).toHaveValue('');
    await expect(page.getByLabel('Gender', { exact: true })).toHaveValue('All');
    await expect(items(page)).toHaveCount(25);
    await expect(page.getByRole('button', { name: 'Clear All Filters' })).toBeDisabled();

    await page.getByLabel('Category', { exact: true }).selectOption('Shoes');
    // Busy from the change until the filtered page has arrived (debounce included).
    await expect(page.getByRole('region', { name: 'Item list' })).toHaveAttribute('aria-busy', 'false');
    await expect(summary(page)).toHaveText(/^Showing 1–\d+ of \d+ items?$/);
    for (const item of await items(page).all()) await expect(item.locator('.item-meta').first()).toContainText('Shoes ·');
  });
});
