import { expect, test, type Page } from '@playwright/test';
import { chooseAdminTab, animationsFinished, axeViolations, E2E_ADMIN_ORIGIN, openAdmin, toast, uniqueToken } from './support';

const cards = (page: Page) => page.locator('.category-grid > li');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The same code at both sizes: the phone project runs only the journeys whose layout differs there. */
const ONE_SIZE = 'layout-independent: desktop only';

test.describe('category management', () => {
  test('adds, finds, renames and deletes a category', async ({ page, isMobile }) => {
    test.skip(isMobile, ONE_SIZE);
    await openAdmin(page, 'categories');
    const token = uniqueToken(page);
    const name = `Scarves ${token}`;

    await page.getByRole('button', { name: 'Add New Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Category' });
    await dialog.getByRole('button', { name: 'Add New Category' }).click();
    await expect(dialog.getByText('Category name is required!')).toBeVisible();
    await dialog.getByLabel('Category name').fill(`   ${name}   `);
    await dialog.getByLabel('Sort number').fill('90');
    await dialog.getByLabel('Description').fill('Warm and soft');
    await dialog.getByRole('button', { name: 'Add New Category' }).click();
    await expect(toast(page, 'Category added successfully!')).toBeVisible();
    await expect(card(page, name)).toContainText('0 products · Sort number 90');

    // The same name in another case is refused with a clear message.
    await page.getByRole('button', { name: 'Add New Category' }).click();
    await dialog.getByLabel('Category name').fill(name.toUpperCase());
    await dialog.getByRole('button', { name: 'Add New Category' }).click();
    await expect(dialog.getByText(`A category named "${name}" already exists.`)).toBeVisible();
    await expect(toast(page, `Error adding category: A category named "${name}" already exists.`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search categories' }).fill(token.toUpperCase());
    await expect(cards(page)).toHaveCount(1);
    await expect(page.locator('#admin-panel-categories .summary')).toHaveText(`1 category matching "${token.toUpperCase()}"`);

    await card(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByLabel('Category name').fill(`Wraps ${token}`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Category updated successfully!')).toBeVisible();
    await expect(card(page, `Wraps ${token}`)).toBeVisible();

    await card(page, `Wraps ${token}`)
      .getByRole('button', { name: /^Delete / })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete category?' });
    await expect(confirm).toContainText('No products are in this category.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Category deleted successfully!')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('deleting a category in use says what happens to its products, and they stay on the storefront', async ({ page, isMobile }) => {
    test.skip(isMobile, ONE_SIZE);
    await openAdmin(page, 'categories');
    const token = uniqueToken(page);
    const name = `Capes ${token}`;
    const post = (url: string, data: unknown) =>
      page.request.post(`${E2E_ADMIN_ORIGIN}${url}`, { data, headers: { origin: E2E_ADMIN_ORIGIN } });
    expect((await post('/api/admin/categories', { name })).status()).toBe(201);
    for (const title of [`Velvet Cape ${token}`, `Rain Cape ${token}`]) {
      expect((await post('/api/admin/products', { title, price: 40, category: name })).status()).toBe(201);
    }
    // The storefront's category chips list the new category.
    await page.goto('/products');
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button', { name })).toHaveCount(1);

    await page.goto('/admin?tab=categories');
    await page.getByRole('searchbox', { name: 'Search categories' }).fill(token);
    await expect(card(page, name)).toContainText('2 products');
    await card(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete category?' });
    await expect(confirm).toContainText('2 products are in this category. They stay on the storefront');
    await expect(confirm.getByLabel('Move its products to')).toHaveValue('');
    await confirm.getByLabel('Move its products to').selectOption({ label: 'Accessories' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Category deleted successfully! 2 products moved to Accessories.')).toBeVisible();

    await page.goto(`/products?search=${encodeURIComponent(token)}`);
    await expect(page.locator('.grid > li')).toHaveCount(2);
    await page.getByRole('group', { name: 'Category' }).getByRole('button', { name: 'Accessories' }).click();
    await expect(page.locator('.grid > li')).toHaveCount(2);
  });

  test('the dashboard tabs have no WCAG 2.1 A/AA violations, dialogs included', async ({ page }) => {
    // A full-page axe run per tab and one of a dialog: each lends the test its own time (support.ts).
    await openAdmin(page);
    const check = async () => expect(await axeViolations(page)).toEqual([]);
    await expect(page.locator('.image-grid > li')).toHaveCount(5);
    await check();
    for (const tab of ['Items', 'Categories', 'Requests', 'Agents', 'Currencies', 'Database', 'Users', 'Analytics']) {
      await chooseAdminTab(page, tab);
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await animationsFinished(page);
      await check();
    }
    await chooseAdminTab(page, 'Items');
    await page.getByRole('button', { name: 'Add New Item' }).click();
    await expect(page.getByRole('dialog', { name: 'Add New Item' })).toBeVisible();
    await check();
  });

  test('tabs follow the arrow keys and the address keeps the open tab', async ({ page, isMobile }) => {
    test.skip(isMobile, ONE_SIZE);
    await openAdmin(page);
    const images = page.getByRole('tab', { name: 'Images' });
    await expect(images).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Images' })).toContainText('Image Management');
    await images.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Items' })).toBeFocused();
    await expect(page).toHaveURL(/\?tab=items$/);
    // End: the last tab of the strip; the ones that do not fit its width are behind More, never cut off (issue 40).
    await page.keyboard.press('End');
    const strip = page.locator('.tabstrip');
    const stripBox = await strip.boundingBox();
    for (const tab of await page.getByRole('tab').all()) {
      const box = await tab.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((stripBox?.x ?? 0) + (stripBox?.width ?? 0) + 0.5);
    }
    const last = page.getByRole('tab').last();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    const more = page.getByRole('button', { name: 'More' });
    if ((await page.getByRole('tab').count()) < 10) {
      // The menu by keyboard: ArrowDown opens it on its first item, End goes to the last, Enter opens that tab.
      await expect(more).toHaveAttribute('aria-haspopup', 'menu');
      await more.focus();
      await page.keyboard.press('ArrowDown');
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByRole('menu', { name: 'More' });
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expect(more).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      // End: the last tab (Guides since issue 43); ArrowUp: the one before it, Analytics.
      await page.keyboard.press('End');
      await expect(menu.getByRole('menuitem').last()).toBeFocused();
      await expect(menu.getByRole('menuitem').last()).toHaveText('Guides');
      await page.keyboard.press('ArrowUp');
      await expect(menu.getByRole('menuitem', { name: 'Analytics' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
    } else {
      await expect(more).toHaveCount(0);
    }
    await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Analytics' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Analytics' })).toContainText('Analytics');
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
    await chooseAdminTab(page, 'Database');
    // The e2e admin is a developer too (ADMIN_EMAIL).
    await expect(page.getByRole('tabpanel', { name: 'Database' }).getByRole('button', { name: 'Update Pants Category' })).toBeVisible();
  });
});
