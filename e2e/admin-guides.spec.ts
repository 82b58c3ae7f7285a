// Issue 43's journey: an operator writes a guide with a product inside in the dashboard (the toolbar's dialog, the
// live preview), publishes it, and a visitor on a phone reads it, sees the product's card with its price, follows BUY
// to the agent, finds "In these guides" on the product page reached inside the app, and meets the guide among the
// search box's suggestions.
import { devices, expect, test } from '@playwright/test';
import type { ProductPage } from '../common/schemas/product';
import { chooseAdminTab, E2E_ADMIN_ORIGIN, hydrated, openAdmin, uniqueToken } from './support';

test.skip(({ isMobile }) => isMobile, 'written at a desk; the visitor is a phone inside the journey');

test('a guide written and published in the dashboard is read on a phone, with its product card and BUY', async ({ page, browser }) => {
  // Writing, saving, then a second browser at phone size: over 30 s on a loaded machine.
  test.setTimeout(90_000);
  const token = uniqueToken(page);
  const title = `Buying a coat ${token}`;
  await openAdmin(page);
  const listed = (await (await page.request.get(`${E2E_ADMIN_ORIGIN}/api/products?sort=price-asc&limit=1`)).json()) as ProductPage;
  const [product] = listed.items;
  if (!product) throw new Error('the demo catalogue has no product');
  await chooseAdminTab(page, 'Guides');

  await page.getByRole('button', { name: 'New guide' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('How to buy a coat through an agent.');
  await page.getByLabel('Topic').fill('Buying');
  await page.getByLabel('Author').fill('Finder team');
  const text = page.getByLabel('Text (Markdown)');
  await text.fill('A coat worth a look.');
  // The product goes in through the toolbar's dialog, by its page's address.
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert a product card' });
  await expect(dialog.getByLabel('Product number or address')).toBeFocused();
  await dialog.getByLabel('Product number or address').fill(`${E2E_ADMIN_ORIGIN}${product.path}`);
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(dialog).toBeHidden();
  await expect(text).toBeFocused();
  await expect(text).toHaveValue(`A coat worth a look.\n\n{{product:${product.number}}}\n`);
  // The live preview shows the storefront's card.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText(product.title)).toBeVisible();

  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const view = page.getByRole('link', { name: 'View on the site' });
  await expect(view).toBeVisible();
  const path = (await view.getAttribute('href')) ?? '';
  expect(path).toMatch(/^\/guides\/buying-a-coat-/);

  // A visitor on a phone, without a session.
  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: E2E_ADMIN_ORIGIN });
  try {
    await phone.route(/^https:\/\/(www\.)?(cnfans|kakobuy|hoobuy)\.com\//, (route) => route.fulfill({ status: 200, body: 'agent' }));
    const visitor = await phone.newPage();
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const card = visitor.locator('.guide-cards li').filter({ hasText: product.title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(product.price.toFixed(2));
    const buy = card.getByRole('link', { name: `BUY ${product.title} (opens the store in a new tab)` });
    // BUY goes to the visitor's agent (the default, CNFans) with the product's store item.
    await expect(buy).toHaveAttribute('href', /^https:\/\/cnfans\.com\/product\/\?shop_type=(taobao|weidian|ali_1688)&id=\d+$/);
    const store = phone.waitForEvent('page');
    await buy.click();
    await expect(await store).toHaveURL(/^https:\/\/cnfans\.com\//);

    // The card's title leads to the product page inside the app; it lists the guide.
    await hydrated(visitor, '.guide-cards');
    await card.getByRole('link', { name: product.title }).first().click();
    await expect(visitor.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    const guides = visitor.getByRole('region', { name: 'In these guides' });
    await expect(guides.getByRole('link', { name: title })).toHaveAttribute('href', path);

    // The search box suggests the guide by a word of its title.
    await visitor.goto('/products');
    await hydrated(visitor, 'input[role="combobox"]');
    await visitor.getByRole('combobox', { name: 'Search products' }).fill(token);
    const suggestion = visitor.getByRole('group', { name: 'Guides' }).getByRole('option', { name: title });
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    await expect(visitor).toHaveURL(`${E2E_ADMIN_ORIGIN}${path}`);
  } finally {
    await phone.close();
  }
});
