import { expect, test, type Page } from '@playwright/test';
import { animationsFinished, axeViolations, E2E_ADMIN_ORIGIN, openAdmin, uniqueToken } from './support';

// These journeys change the whole catalogue of the admin site, so playwright.config.ts runs them after every other
// admin journey, one browser size after the other.

type Stored = { title: string; category: string | null; gender: string | null };

/** Adds a product through the admin API; answers its title, which carries the journey's token. */
async function addProduct(page: Page, data: Record<string, unknown> & { title: string }): Promise<string> {
  const res = await page.request.post(`${E2E_ADMIN_ORIGIN}/api/admin/products`, {
    data: { price: 20, link: 'https://agent.example/item', ...data },
    headers: { origin: E2E_ADMIN_ORIGIN },
  });
  expect(res.status(), await res.text()).toBe(201);
  return data.title;
}

async function productOf(page: Page, title: string): Promise<Stored> {
  const res = await page.request.get(`${E2E_ADMIN_ORIGIN}/api/admin/products?search=${encodeURIComponent(title)}`);
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as { items: Stored[] }).items.find((p) => p.title === title);
  if (!found) throw new Error(`no product titled ${title}`);
  return found;
}

const panel = (page: Page) => page.getByRole('tabpanel', { name: 'Database' });

/** Presses an operation's button, reads what it would change in the dialog, and runs it (issue 15). */
async function runOperation(page: Page, name: string, expectedPreview?: RegExp): Promise<void> {
  await panel(page).getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name: `${name}?` });
  await expect(dialog).toBeVisible();
  if (expectedPreview) await expect(dialog).toContainText(expectedPreview);
  await dialog.getByRole('button', { name: 'Run' }).click();
}

test.describe('Database operations', () => {
  test('a developer recategorises by title and sees the counts, samples and the new distribution', async ({ page }) => {
    await openAdmin(page, 'database');
    const token = uniqueToken(page);
    const jeans = await addProduct(page, { title: `${token} Washed Jeans`, category: 'Shoes', gender: 'Men' });
    const bootcut = await addProduct(page, { title: `${token} Bootcut Denim`, category: 'Shoes', gender: 'Men' });
    const distribution = panel(page).getByRole('region', { name: 'Category Distribution' });
    await expect(distribution.getByRole('listitem').first()).toBeVisible();

    // Hold the answer back a moment to see the running state.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/bulk-ops/update-pants', async (route) => {
      await held;
      await route.continue();
    });
    await runOperation(page, 'Update Pants Category', /This will change [\d,]+ of [\d,]+ products/);
    await expect(panel(page).getByRole('status')).toContainText('Running database operation...');
    for (const button of await panel(page).getByRole('group', { name: 'Database Operations' }).getByRole('button').all()) {
      await expect(button).toBeDisabled();
    }
    release();

    const result = panel(page).getByRole('region', { name: 'Update Pants Category Results' });
    await expect(result.getByRole('heading', { name: 'Update Pants Category Results' })).toBeFocused();
    await expect(result.getByText('Total products processed')).toBeVisible();
    const updated = Number((await result.locator('dd').nth(2).textContent())?.replace(/,/g, ''));
    expect(updated).toBeGreaterThanOrEqual(1);
    const samples = result.getByRole('list', { name: 'Sample updates' }).getByRole('listitem');
    expect(await samples.count()).toBe(Math.min(5, updated));
    await expect(samples.first()).toContainText('→ Pants');
    if (updated > 5) await expect(result).toContainText(`... and ${updated - 5} more products`);
    expect((await productOf(page, jeans)).category).toBe('Pants');
    expect((await productOf(page, bootcut)).category).toBe('Shoes');
    await expect(panel(page).getByRole('button', { name: 'Update Shoe Category' })).toBeEnabled();

    // The distribution was read again: Pants holds the new product too.
    const pantsRow = distribution.getByRole('listitem').filter({ hasText: /^Pants/ });
    await expect(pantsRow).toBeVisible();

    // Undo puts every changed product back.
    await result.getByRole('button', { name: 'Undo Update Pants Category' }).click();
    await expect(result.getByRole('status')).toContainText(`Undone: ${updated.toLocaleString('en-US')} products put back`);
    expect((await productOf(page, jeans)).category).toBe('Shoes');
  });

  test("Update Women Categories fills in only women's products without a category, and Add Gender Property", async ({ page }) => {
    await openAdmin(page, 'database');
    const token = uniqueToken(page);
    const bag = await addProduct(page, { title: `${token} Canvas Tote Bag`, category: '', gender: 'Women' });
    const knit = await addProduct(page, { title: `${token} Knit Dress`, category: '', gender: 'Women' });
    const mens = await addProduct(page, { title: `${token} Leather Belt`, category: '', gender: 'Men' });
    const noGender = await addProduct(page, { title: `${token} Mystery Item`, category: 'Shoes', gender: null });

    await runOperation(page, 'Update Women Categories');
    const result = panel(page).getByRole('region', { name: 'Update Women Categories Results' });
    await expect(result).toContainText('Products matched');
    await expect(result).toContainText(/could not be derived|skipped/);
    expect((await productOf(page, bag)).category).toBe('Accessories');
    expect((await productOf(page, knit)).category).toBeNull();
    expect((await productOf(page, mens)).category).toBeNull();

    await runOperation(page, 'Add Gender Property');
    const genders = panel(page).getByRole('region', { name: 'Add Gender Property Results' });
    await expect(genders.getByRole('list', { name: 'Sample updates' })).toContainText('→ Men');
    expect((await productOf(page, noGender)).gender).toBe('Men');
  });

  test('a refusal shows the server\'s reason after "Error: ", and Refresh Stats reloads the counts', async ({ page }) => {
    await openAdmin(page, 'database');
    await page.route('**/api/admin/bulk-ops/update-jackets', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 409,
          code: 'CONFLICT',
          message:
            'Update Jacket Category is already running (started by someone@example.com at 10:00:00 UTC). Wait for it to finish, then try again.',
        }),
      }),
    );
    await runOperation(page, 'Update Jacket Category');
    await expect(panel(page).getByRole('alert')).toHaveText(
      'Error: Update Jacket Category is already running (started by someone@example.com at 10:00:00 UTC). Wait for it to finish, then try again.',
    );

    const stats = page.waitForResponse((res) => res.url().endsWith('/api/admin/bulk-ops/category-stats'));
    await panel(page).getByRole('button', { name: 'Refresh Stats' }).click();
    expect((await stats).status()).toBe(200);
    await expect(panel(page).getByRole('region', { name: 'Category Distribution' })).toHaveAttribute('aria-busy', 'false');

    await animationsFinished(page);
    expect(await axeViolations(page, '#admin-panel-database')).toEqual([]);
  });
});
