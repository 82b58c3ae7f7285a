import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { animationsFinished, hydrated, registerViaApi, uniqueEmail } from './support';

async function expectNoViolations(page: Page) {
  await animationsFinished(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// One journey, at desktop size: the heart works the same at both sizes, and it changes an account.
test.skip(({ isMobile }) => isMobile, 'desktop only');

test('favourites saved signed out join the account at sign-in, and the shared link shows them read-only', async ({ page, browser }) => {
  await page.goto('/');
  const hearts = page.getByRole('button', { name: /^Save .+ to favourites$/ });
  await expect(hearts.first()).toBeVisible();
  await hydrated(page, '.card .favorite-button');

  // Two finds saved while signed out: kept in this browser.
  const titles: string[] = [];
  for (let i = 0; i < 2; i++) {
    const heart = hearts.first();
    const name = (await heart.getAttribute('aria-label')) ?? '';
    const title = name.replace(/^Save (.+) to favourites$/, '$1');
    titles.push(title);
    await heart.click();
    const saved = page.getByRole('button', { name: `Remove ${title} from favourites` }).first();
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
  }
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Favourites\s*\(2 saved\)$/ })).toBeVisible();

  await nav.getByRole('link', { name: /Favourites/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your favourites' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Your favourites' });
  // Newest first.
  await expect(list.getByRole('heading', { level: 3 })).toHaveText([titles[1] ?? '', titles[0] ?? '']);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoViolations(page);

  // Signing in (here: a new account) merges them into the account and empties the browser's copy.
  await registerViaApi(page, uniqueEmail(page, 'favourites'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Share list' })).toBeVisible();
  await expect(list.getByRole('heading', { level: 3 })).toHaveText([titles[1] ?? '', titles[0] ?? '']);
  await expect
    .poll(async () => ((await (await page.request.get('/api/favorites')).json()) as { items: Array<{ product: { title: string } }> }).items.map((f) => f.product.title))
    .toEqual([titles[1], titles[0]]);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('finder:favorites'))).toBeNull();

  // Shared: a read-only list anyone with the link can open.
  await page.getByRole('button', { name: 'Share list' }).click();
  const link = page.getByLabel('Read-only link to your list');
  await expect(link).toHaveValue(/\/favorites\/shared\/[A-Za-z0-9_-]{32}$/);
  const url = await link.inputValue();
  await expectNoViolations(page);

  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  const opened = await other.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(other.getByRole('heading', { level: 1, name: 'A shared list of favourites' })).toBeVisible();
  await expect(other.getByRole('list', { name: 'A shared list of favourites' }).getByRole('heading', { level: 3 })).toHaveText([
    titles[1] ?? '',
    titles[0] ?? '',
  ]);
  await expect(other.getByRole('button', { name: 'Share list' })).toHaveCount(0);
  await expectNoViolations(other);

  // Stopped sharing: the link is gone.
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByRole('button', { name: 'Share list' })).toBeVisible();
  const gone = await other.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(other.getByRole('heading', { level: 1, name: 'This list is not shared' })).toBeVisible();
  await visitor.close();
});
