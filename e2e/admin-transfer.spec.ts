import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_ORIGIN, openAdmin, toast, uniqueToken } from './support';

// Issue 15: the catalogue in and out at an operator's scale. One browser size is enough: the phone adds nothing the
// item journeys do not already cover.
test.skip(({ isMobile }) => isMobile, 'desktop only');

const items = (page: Page) => page.locator('.item-grid > li');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search items' });

async function addProduct(page: Page, data: Record<string, unknown> & { title: string }): Promise<void> {
  const res = await page.request.post(`${E2E_ADMIN_ORIGIN}/api/admin/products`, {
    data: { price: 20, link: `https://agent.example/${encodeURIComponent(data.title)}`, ...data },
    headers: { origin: E2E_ADMIN_ORIGIN },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('catalogue in and out', () => {
  test('imports a sheet after its preview, exports what it added, and undoes the import', async ({ page }) => {
    test.slow();
    await openAdmin(page, 'items');
    const token = uniqueToken(page);
    const csv =
      'Title,Price,Gender,cnFansLink\n' +
      `${token} Import Tee,12.50,unisex,https://store.example/${token}/tee\n` +
      `${token} Import Cap,$9,MEN,https://store.example/${token}/cap\n` +
      `,5,Men,https://store.example/${token}/nameless\n`;

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog
      .getByLabel('File (CSV, XLSX, ODS or JSON)')
      .setInputFiles({ name: 'sheet.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('region', { name: 'Preview of sheet.csv' });
    await expect(preview).toContainText('Nothing has changed yet.');
    await expect(preview.locator('dd')).toHaveText(['2', '0', '0', '1']);
    await expect(preview.getByRole('row').filter({ hasText: 'Item name is required!' })).toContainText('4');
    await expect(preview.getByRole('link', { name: 'Download all problems (CSV)' })).toBeVisible();
    await preview.getByText('Columns (4)').click();
    await expect(preview.getByLabel('Field for the column cnFansLink')).toHaveValue('link');
    await preview.getByRole('button', { name: 'Import 2 products' }).click();
    await expect(dialog).toBeHidden();

    const status = page.getByRole('region', { name: /: sheet\.csv$/ });
    await expect(status).toContainText('2 products added, 0 updated.');
    await search(page).fill(token);
    await expect(items(page)).toHaveCount(2);
    await expect(items(page).filter({ hasText: 'Import Tee' })).toContainText('Unisex');

    // The export follows the list's filter: the two imported items.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export 2 matching items' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^finder-products-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    // The header: the product's fields, then its title and description in each other language (issue 41).
    const translated = ['de', 'fr', 'es', 'it', 'pt_br', 'pl', 'ar'].map((l) => `title_${l},description_${l}`).join(',');
    expect(exported.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      `id,sourceId,title,price,category,gender,brand,description,isBestProduct,link,image,${translated},number,row,createdAt,updatedAt`,
    );
    expect(exported).toContain(`${token} Import Cap,9,,Men`);

    await status.getByRole('button', { name: 'Undo import' }).click();
    await expect(toast(page, 'The import was undone.')).toBeVisible();
    await expect(status).toContainText('Undo put back 2 products');
    await expect(items(page)).toHaveCount(0);
  });

  test('a preview asks for the rate of a currency the site lacks, and shows the rows imported with a warning', async ({ page }) => {
    await openAdmin(page, 'items');
    const token = uniqueToken(page);
    const csv =
      'Title,Price,Link,Image\n' +
      `"${token} Rate Tee\nall sizes",100 PLN,https://store.example/${token}/rate-tee,/uploads/tee.png\n` +
      `${token} Rate Cap,$9,https://store.example/${token}/rate-cap,\n`;
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog
      .getByLabel('File (CSV, XLSX, ODS or JSON)')
      .setInputFiles({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByRole('region', { name: 'Preview of rates.csv' });
    await expect(preview.locator('dd')).toHaveText(['1', '0', '0', '1']);
    await expect(preview).toContainText('1 row priced in PLN: no PLN rate is known, so they are invalid until you give one.');
    await expect(preview.getByText('1 row with a warning')).toBeVisible();
    await preview.getByLabel('1 USD = ? PLN').fill('4');
    await preview.getByRole('button', { name: 'Preview with these rates' }).click();
    await expect(preview.locator('dd')).toHaveText(['2', '0', '0', '0']);
    await expect(preview).toContainText('1 row priced in PLN, converted to USD at 1 USD = 4 PLN (the rate you gave).');
    await preview.getByText('1 row with a warning').click();
    await expect(preview.getByRole('row').filter({ hasText: 'without a picture' })).toContainText('Image');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('selects every item of a search, sets their gender after a confirmation, and undoes it', async ({ page }) => {
    await openAdmin(page, 'items');
    const token = uniqueToken(page);
    for (const name of ['Alpha', 'Bravo', 'Charlie']) await addProduct(page, { title: `${token} ${name}`, gender: 'Men' });
    await search(page).fill(token);
    await expect(items(page)).toHaveCount(3);

    await page.getByLabel('Select this page').check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('3 items selected');
    await bar.getByLabel('Action').selectOption('set-gender');
    await bar.getByLabel('Gender').selectOption('Kids');
    await bar.getByRole('button', { name: 'Apply' }).click();
    const confirm = page.getByRole('dialog', { name: 'Set the gender of 3 items to Kids?' });
    await confirm.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Set gender to Kids: 3 items changed.')).toBeVisible();
    await expect(items(page).filter({ hasText: '· Kids' })).toHaveCount(3);
    await expect(bar).toBeHidden();

    await page.locator('.last-change').getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Undone: 3 items put back.')).toBeVisible();
    await expect(items(page).filter({ hasText: '· Men' })).toHaveCount(3);
  });
});
