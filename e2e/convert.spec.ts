// Issue 29: the link converter. A visitor without an account pastes a Weidian link, then the text an app's Share
// button copied (its short link played by a local server), and gets every agent's link, their own agent first; a click
// on one is counted under its agent. Desktop only: the phone shows the same list, one column.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { axeViolations, hydrated, openBuyingPreferences } from './support';

test.skip(({ isMobile }) => isMobile, 'desktop only: the phone shows the same list in one column');

let shortHost: http.Server;
let shortUrl = '';
test.beforeAll(async () => {
  // Plays k.youshop10.com: a share link that redirects to the Weidian item.
  shortHost = http.createServer((req, res) => {
    if (req.url?.startsWith('/wd/'))
      res.writeHead(302, { location: 'https://weidian.com/item.html?itemID=7231813762&spider_token=e2e' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => shortHost.listen(0, '127.0.0.1', resolve));
  shortUrl = `http://127.0.0.1:${(shortHost.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => shortHost.close(resolve));
});

test('turns a Weidian link and a share text into every agent\u2019s link, the visitor\u2019s agent first', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.route(/^https:\/\/(www\.)?(cnfans|kakobuy|hoobuy)\.com\//, (route) => route.fulfill({ status: 200, body: 'agent' }));
  await page.goto('/products');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Link converter' }).click();
  await expect(page).toHaveURL(/\/convert$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Link converter' })).toBeVisible();
  await hydrated(page, '.convert-form button[type="submit"]');

  const field = page.getByLabel('Link or share text');
  await page.getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByRole('alert')).toHaveText('Paste a link or the text an app copied.');
  await expect(field).toBeFocused();

  await field.fill('https://weidian.com/item.html?itemID=7231813762');
  await page.getByRole('button', { name: 'Convert' }).click();
  const status = page.locator('.convert [aria-live="polite"]');
  await expect(status).toHaveText(/^Weidian item 7231813762: \d+ agent links below\.$/);
  const rows = page.locator('.convert-link');
  await expect(rows.first()).toContainText('CNFans');
  await expect(rows.first().getByRole('link', { name: /^Open the item at CNFans/ })).toHaveAttribute(
    'href',
    /^https:\/\/cnfans\.com\/product\/\?shop_type=weidian&id=7231813762/,
  );
  expect(await axeViolations(page, '.convert')).toEqual([]);

  // The visitor's agent comes first once chosen; a share text's short link is followed.
  await openBuyingPreferences(page);
  await page.locator('.topbar').getByRole('combobox', { name: 'Shopping agent' }).selectOption({ label: 'Kakobuy' });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Clear' }).click();
  await field.fill(`I found this on Weidian: ${shortUrl}/wd/Xy12 — open the link to see it!`);
  await page.getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByText(/^The short link leads to https:\/\/weidian\.com\/item\.html\?itemID=7231813762/)).toBeVisible();
  await expect(rows.first()).toContainText('Kakobuy');
  await expect(rows.first()).toContainText('Your agent');
  const kakobuy = rows.first().getByRole('link', { name: /^Open the item at Kakobuy/ });
  await expect(kakobuy).toHaveAttribute(
    'href',
    /^https:\/\/www\.kakobuy\.com\/item\/details\?url=https%3A%2F%2Fweidian\.com%2Fitem\.html%3FitemID%3D7231813762/,
  );

  // The click is counted under its agent.
  const beacon = page.waitForRequest(
    (r) => r.url().endsWith('/api/analytics/events') && (r.postData() ?? '').includes('"kind":"convert-click"'),
  );
  const popup = context.waitForEvent('page');
  await kakobuy.click();
  expect((await beacon).postDataJSON()).toEqual({ kind: 'convert-click', agent: 'kakobuy', platform: 'weidian', itemId: '7231813762' });
  await (await popup).close();
});
