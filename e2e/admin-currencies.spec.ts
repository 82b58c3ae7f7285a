// Issue 16: the Currencies tab. An admin sets a display currency's rate (a bad one is refused under its field),
// sees who set it and when, and clears it. Desktop only: the phone shows the same rows stacked.
import { expect, test } from '@playwright/test';
import { chooseAdminTab, openAdmin, toast } from './support';

test.skip(({ isMobile }) => isMobile, 'desktop only');

test('sets, refuses and clears a rate', async ({ page }) => {
  await openAdmin(page);
  await chooseAdminTab(page, 'Currencies');
  const panel = page.getByRole('tabpanel', { name: 'Currencies' });
  await expect(panel).toContainText('Prices are stored in USD');
  await expect(panel).toContainText('RATES_URL is not set');

  const row = panel.getByRole('row', { name: /^CHF/ });
  const rate = row.getByLabel('CHF per 1 USD');
  await rate.fill('-1');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('alert')).toHaveText('The rate must be a number above 0');
  await expect(rate).toHaveAttribute('aria-invalid', 'true');

  await rate.fill('0.88');
  await expect(row).toContainText('$100.00 shows as CHF 88.00');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'CHF rate saved')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Admin' })).toBeVisible();
  await expect(row).toContainText('just now');
  await expect(rate).toHaveValue('0.88');

  await row.getByRole('button', { name: 'Clear CHF' }).click();
  await expect(toast(page, /CHF rate cleared/)).toBeVisible();
  await expect(rate).toHaveValue('');
  await expect(rate).toBeFocused();
  await expect(row.getByRole('button', { name: 'Clear CHF' })).toHaveCount(0);
});
