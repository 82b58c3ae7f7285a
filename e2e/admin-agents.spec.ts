// Issue 16: the Agents tab. An admin adds an agent (the preview shows its link as the template is typed), moves it,
// makes it the default and back, and deletes it; the default cannot be deleted or disabled. Desktop only (the
// phone's dashboard is the same list, scrolled sideways). Leaves the agents as it found them.
import { expect, test, type Page } from '@playwright/test';
import { chooseAdminTab, axeViolations, openAdmin, toast, uniqueToken } from './support';

test.skip(({ isMobile }) => isMobile, 'desktop only: the phone shows the same table');

const row = (page: Page, name: string) =>
  page.locator('.agents-table tbody tr').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}\\b`) }) });

test('adds an agent with a live preview, orders it, makes it the default and back, and deletes it', async ({ page }) => {
  test.setTimeout(60_000);
  await openAdmin(page);
  await chooseAdminTab(page, 'Agents');
  const panel = page.getByRole('tabpanel', { name: 'Agents' });
  await expect(panel.getByRole('heading', { name: 'Shopping Agents' })).toBeVisible();
  await expect(row(page, 'CNFans')).toContainText('Default');
  // The default agent offers neither Delete nor Make default.
  await expect(row(page, 'CNFans').getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  const token = uniqueToken(page);
  const name = `LitBuy${token}`;
  await panel.getByRole('button', { name: 'Add agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an agent' });
  await dialog.getByLabel('Name').fill(name);
  await expect(dialog.getByLabel('Slug')).toHaveValue(name.toLowerCase());
  const template = dialog.getByLabel('Link template');
  await template.fill('https://litbuy.example/item?ref={ref}');
  await expect(dialog.locator('output')).toHaveText('The template cannot build a link yet.');
  await dialog.getByRole('button', { name: 'Add agent' }).click();
  await expect(dialog.getByText('Link template must contain {url} or {id}, or it cannot name the item')).toBeVisible();
  await expect(template).toBeFocused();
  await template.fill('https://litbuy.example/item?url={url}&code={ref}');
  await dialog.getByLabel('Referral code').fill('finder');
  await expect(dialog.locator('output')).toHaveText(
    'https://litbuy.example/item?url=https%3A%2F%2Fitem.taobao.com%2Fitem.htm%3Fid%3D675330231400&code=finder',
  );
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Add agent' }).click();
  await expect(toast(page, `Added ${name}`)).toBeVisible();
  const added = row(page, name);
  await expect(added).toContainText('finder');
  await expect(page.locator('.agents-table tbody tr').last()).toContainText(name);

  // One place up, then the default, and back.
  await added.getByRole('button', { name: `Move ${name} up` }).click();
  await expect(page.locator('.agents-table tbody tr').last()).not.toContainText(name);
  await added.getByRole('button', { name: `Make default: ${name}` }).click();
  await expect(toast(page, `${name} is now the default agent`)).toBeVisible();
  await expect(added).toContainText('Default');
  await expect(row(page, 'CNFans')).not.toContainText('Default');
  await row(page, 'CNFans').getByRole('button', { name: 'Make default: CNFans' }).click();
  await expect(row(page, 'CNFans')).toContainText('Default');

  await added.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `Deleted ${name}`)).toBeVisible();
  await expect(added).toHaveCount(0);
});
