// Issue 16: a visitor's display currency. Rates are set through the admin API (the storefront site has the e2e
// admin too); prices convert on the finder and the product page, the price filter takes amounts in the chosen
// currency, and the choice survives a reload. Desktop only: the picker sits in the phone's menu, otherwise the same;
// on a desktop it is in the panel of the top bar's one agent-and-currency control (issue 28).
import { expect, request, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_ORIGIN, hydrated, openBuyingPreferences } from './support';

/** 1 USD = 0.5 EUR: converted prices are easy to check. */
const EUR_RATE = 0.5;

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: E2E_ORIGIN, extraHTTPHeaders: { origin: E2E_ORIGIN } });
  const signIn = await api.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const put = await api.put('/api/admin/currencies', {
    data: {
      rates: [
        { currency: 'EUR', rate: EUR_RATE },
        { currency: 'JPY', rate: 150 },
      ],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  await api.dispose();
});

test.skip(({ isMobile }) => isMobile, 'desktop only: the phone shows the same picker inside its menu');

const firstPrice = (page: Page) => page.locator('.grid > li .card-price').first();
const euros = (usd: number) => `€${(Math.round(usd * EUR_RATE * 100) / 100).toFixed(2)}`;

async function basePriceOfFirstCard(page: Page): Promise<number> {
  const text = (await firstPrice(page).textContent()) ?? '';
  expect(text).toMatch(/^\$[\d,.]+$/);
  return Number(text.replace(/[$,]/g, ''));
}

test('switching currency converts prices on the finder and product page and survives a reload', async ({ page }) => {
  // Three pages, two reloads and the top bar's panel opened each time: over 30 s on a loaded machine.
  test.setTimeout(60_000);
  await page.goto('/products?sort=price-asc');
  await hydrated(page, '.currency-picker select');
  const usd = await basePriceOfFirstCard(page);
  const toggle = await openBuyingPreferences(page);
  const picker = page.getByRole('combobox', { name: 'Currency' });
  await expect(picker).toHaveValue('USD');

  await picker.hover();
  await expect(picker.locator('option[value="EUR"]')).toHaveCount(1);
  await picker.selectOption('EUR');
  await expect(firstPrice(page)).toHaveText(`≈ approximately ${euros(usd)}`);
  await expect(firstPrice(page).locator('[title]')).toHaveAttribute('title', `Approximate price, converted from $${usd.toFixed(2)}`);
  await expect(toggle).toContainText('EUR');

  // The choice is remembered: the server renders dollars, the browser switches right after hydration (no warning).
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') warnings.push(message.text());
  });
  await page.reload();
  await expect(firstPrice(page)).toContainText(euros(usd));
  await expect(toggle).toContainText('EUR');
  await openBuyingPreferences(page);
  await expect(picker).toHaveValue('EUR');
  await page.keyboard.press('Escape');
  expect(warnings.filter((w) => /hydrat|did not match|server rendered/i.test(w))).toEqual([]);

  // The price filter takes euros and asks the API in dollars.
  await expect(page.getByText('Price (EUR)')).toBeVisible();
  await page.getByLabel('Min price in EUR').fill('50');
  await expect(page).toHaveURL(/[?&]minPrice=100(&|$)/);
  await expect(page.getByLabel('Min price in EUR')).toHaveValue('50');
  // The address changes first; the filtered cards replace the old ones once the API has answered.
  const cheapest = async () => {
    const prices = (await page.locator('.grid > li .card-price').allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, '')));
    return prices.length ? Math.min(...prices) : -1;
  };
  await expect.poll(cheapest).toBeGreaterThanOrEqual(50);

  // The product page shows the same currency.
  await hydrated(page, '.grid > li .card-title a');
  const card = page.locator('.grid > li').first();
  const cardPrice = (await card.locator('.card-price').textContent()) ?? '';
  await card.locator('.card-title a').click();
  await expect(page.locator('.product-price')).toHaveText(cardPrice);
  await page.reload();
  await expect(page.locator('.product-price')).toHaveText(cardPrice);

  // Back to the base currency: exact prices again.
  await openBuyingPreferences(page);
  await picker.selectOption('USD');
  await expect(page.locator('.product-price')).toHaveText(/^\$[\d,.]+$/);
});
