import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request } from '@playwright/test';
import { E2E_ADMIN_ORIGIN, openAdmin, uniqueToken } from './support';

const DESKTOP_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

// Headless Chromium can say "HeadlessChrome" in its agent, which the server rightly ignores as a bot: these
// journeys are a person's clicks, so they carry a browser's ordinary agent.
test.use({ userAgent: async ({ isMobile }, use) => use(isMobile ? PHONE_AGENT : DESKTOP_AGENT) });

const todayUtc = () => new Date().toISOString().slice(0, 10);
const isEvent = (kind: 'click' | 'view', productId?: string) => (r: Request) =>
  new URL(r.url()).pathname === '/api/analytics/events' &&
  (r.postData() ?? '').includes(`"kind":"${kind}"`) &&
  (productId === undefined || (r.postData() ?? '').includes(productId));

/** Clicks BUY; the store opens at once in a new tab, which is checked and closed. Answers the beacon's status. */
async function clickBuy(page: Page, title: string, productId: string, link: string): Promise<number> {
  const beacon = page.waitForResponse((res) => isEvent('click', productId)(res.request()));
  const tab = page.context().waitForEvent('page');
  await page.getByRole('link', { name: `BUY ${title} (opens the store in a new tab)` }).click();
  const store = await tab;
  await expect(store).toHaveURL(link);
  await expect(store.getByRole('heading', { name: 'The store' })).toBeVisible();
  await store.close();
  return (await beacon).status();
}

test.describe('analytics', () => {
  test('counts a BUY click once, double-click or not, and shows it in the Analytics tab', async ({ page }) => {
    // Two tabs' worth of clicks, a dashboard and an axe scan: well over the default on a loaded machine.
    test.setTimeout(60_000);
    const token = uniqueToken(page);
    const title = `Analytics Tee ${token}`;
    const link = `https://store.example/analytics/${token}`;
    // There is no internet here: the store answers locally, in every tab of this context.
    await page.context().route('https://store.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Store</title><h1>The store</h1>' }),
    );

    await openAdmin(page, 'analytics');
    const created = await page.request.post(`${E2E_ADMIN_ORIGIN}/api/admin/products`, {
      data: { title, price: 19, category: 'T-Shirts', link },
      headers: { origin: E2E_ADMIN_ORIGIN },
    });
    expect(created.status(), await created.text()).toBe(201);
    const productId = ((await created.json()) as { id: string }).id;

    // One page view per visit of the finder, however the filters change afterwards.
    const views: Request[] = [];
    page.on('request', (r) => {
      if (isEvent('view')(r)) views.push(r);
    });
    const view = page.waitForResponse((res) => isEvent('view')(res.request()));
    await page.goto(`/products?q=${encodeURIComponent(token)}`);
    await expect(page.locator('.grid > li .card-title')).toHaveText(title);
    expect((await view).status()).toBe(204);

    expect(await clickBuy(page, title, productId, link)).toBe(204);
    // Clicked again straight away: received, but not counted twice.
    expect(await clickBuy(page, title, productId, link)).toBe(204);
    expect(views).toHaveLength(1);

    await page.goto('/admin?tab=analytics');
    const panel = page.locator('#admin-panel-analytics');
    await expect(panel.getByRole('heading', { name: 'Analytics', level: 2 })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

    const top = panel.getByRole('table', { name: 'Top products by clicks' });
    const row = top.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell')).toHaveText([/^\d+$/, 'T-Shirts', '1']);

    // The chart speaks for itself, and its numbers are a table too.
    const perDay = panel.getByRole('region', { name: 'Clicks per day' });
    await expect(perDay.getByRole('img')).toHaveAttribute('aria-label', /^Clicks per day from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}: \d+ in total/);
    await perDay.getByText('Show the numbers as a table').click();
    const todayRow = perDay.getByRole('table', { name: 'Clicks per day' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: todayUtc() }) });
    const todayClicks = Number(await todayRow.getByRole('cell').first().textContent());
    expect(todayClicks).toBeGreaterThanOrEqual(1);

    await expect(panel.getByRole('table', { name: 'Click-through rate by category' }).getByRole('rowheader', { name: 'T-Shirts' })).toBeVisible();
    const distribution = panel.getByRole('region', { name: 'Products per category' });
    await expect(distribution.getByRole('img')).toHaveAttribute('aria-label', /T-Shirts \d+/);

    const axe = await new AxeBuilder({ page }).include('#admin-panel-analytics').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('checks the period, offers quick picks and says when nothing was clicked', async ({ page }) => {
    await openAdmin(page, 'analytics');
    const panel = page.locator('#admin-panel-analytics');
    const from = panel.getByLabel('From', { exact: true });
    const to = panel.getByLabel('To', { exact: true });
    await expect(to).toHaveValue(todayUtc());

    await from.fill('2026-03-10');
    await to.fill('2026-03-01');
    await panel.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(panel.getByText('To must be on or after From')).toBeVisible();
    await expect(to).toHaveAttribute('aria-invalid', 'true');

    await from.fill('2020-01-01');
    await to.fill('2026-03-01');
    await panel.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(panel.getByText('The period can be at most 731 days')).toBeVisible();

    // Before any shop existed: nothing was clicked.
    await from.fill('2001-01-01');
    await to.fill('2001-01-31');
    await panel.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(panel.getByText('To must be on or after From')).toHaveCount(0);
    await expect(panel.getByText('2001-01-01 to 2001-01-31')).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'No clicks recorded in this period' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false');

    await panel.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(panel.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(to).toHaveValue(todayUtc());
    const sevenDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await expect(from).toHaveValue(sevenDaysAgo);

    // A failed load says so and offers Retry.
    let fail = true;
    await page.route('**/api/admin/analytics?*', (route) => (fail ? route.abort('failed') : route.continue()));
    await panel.getByRole('button', { name: 'Last 90 days' }).click();
    await expect(panel.getByRole('alert')).toContainText('Analytics could not be loaded');
    fail = false;
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(panel.getByRole('heading', { name: 'Totals' })).toBeVisible();
  });
});
