import { expect, test, type Page } from '@playwright/test';
import { FAVORITES_PAGE_TEXTS } from '../common/texts/favorites';
import { expectNoAxeViolations, hydrated, PASSWORD, registerViaApi, toast, uniqueEmail } from './support';

// Desktop size: the heart works the same at both sizes, and it changes an account.
test.skip(({ isMobile }) => isMobile, 'desktop only');

/** Saves the first two finds of the finder while signed out; their titles, newest first. */
async function saveTwoSignedOut(page: Page): Promise<string[]> {
  await page.goto('/');
  await hydrated(page, '.card .favorite-button');
  const hearts = page.getByRole('button', { name: /^Save .+ to favourites$/ });
  const titles: string[] = [];
  for (let i = 0; i < 2; i++) {
    const name = (await hearts.first().getAttribute('aria-label')) ?? '';
    const title = name.replace(/^Save (.+) to favourites$/, '$1');
    titles.unshift(title);
    await hearts.first().click();
    await expect(page.getByRole('button', { name: `Remove ${title} from favourites` }).first()).toHaveAttribute('aria-pressed', 'true');
  }
  return titles;
}

test('signing up after saving two favourites lands on /home, which says they were saved and shows them', async ({ page }) => {
  // Two pages, a sign-up (its password check) and a reload: over 30 s on a loaded machine.
  test.setTimeout(60_000);
  const titles = await saveTwoSignedOut(page);
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a New Account' })).toBeVisible();
  await page.getByLabel('Email').fill(uniqueEmail(page, 'home-merge'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // The specification's redirect stays; Home then says what the merge did, in the server's count.
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: FAVORITES_PAGE_TEXTS.savedToAccount(2) })).toBeVisible();
  const recent = page.getByRole('list', { name: FAVORITES_PAGE_TEXTS.recentTitle });
  await expect(recent.getByRole('heading', { level: 3 })).toHaveText(titles);
  // Each with its picture, price and the way to its page.
  await expect(recent.locator('.card-image img')).toHaveCount(2);
  await expect(recent.locator('.card-price')).toHaveText([/\d/, /\d/]);
  await expect(recent.getByRole('link', { name: titles[0], exact: true })).toHaveAttribute('href', /^\/products\//);
  // Said once, on the page: no toast repeating it.
  await expect(toast(page, FAVORITES_PAGE_TEXTS.mergedInto(2))).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('finder:favorites'))).toBeNull();

  // Read again, Home has no merge to report, only the favourites.
  await page.reload();
  await expect(recent.getByRole('heading', { level: 3 })).toHaveText(titles);
  await expect(page.getByText(FAVORITES_PAGE_TEXTS.savedToAccount(2))).toHaveCount(0);
});

test('a new account with no favourites is pointed from /home to the finder', async ({ page }) => {
  await registerViaApi(page, uniqueEmail(page, 'home-empty'));
  await page.goto('/home');
  const section = page.getByRole('region', { name: FAVORITES_PAGE_TEXTS.recentTitle });
  await expect(section.getByText(FAVORITES_PAGE_TEXTS.emptyHint)).toBeVisible();
  await section.getByRole('link', { name: FAVORITES_PAGE_TEXTS.browse }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('favourites saved signed out join the account at sign-in, and the shared link shows them read-only', async ({ page, browser }) => {
  // Four full-page axe runs and a second browser context: over 30 s on a loaded machine (as the dashboard's axe test).
  test.setTimeout(60_000);
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
  await expectNoAxeViolations(page);

  // Signing in (here: a new account) merges them into the account and empties the browser's copy.
  await registerViaApi(page, uniqueEmail(page, 'favourites'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Share list' })).toBeVisible();
  await expect(list.getByRole('heading', { level: 3 })).toHaveText([titles[1] ?? '', titles[0] ?? '']);
  await expect
    .poll(async () =>
      ((await (await page.request.get('/api/favorites')).json()) as { items: Array<{ product: { title: string } }> }).items.map(
        (f) => f.product.title,
      ),
    )
    .toEqual([titles[1], titles[0]]);
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('finder:favorites'))).toBeNull();

  // Shared: a read-only list anyone with the link can open.
  await page.getByRole('button', { name: 'Share list' }).click();
  const link = page.getByLabel('Read-only link to your list');
  await expect(link).toHaveValue(/\/favorites\/shared\/[A-Za-z0-9_-]{32}$/);
  const url = await link.inputValue();
  await expectNoAxeViolations(page);

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
  await expectNoAxeViolations(other);

  // Stopped sharing: the link is gone.
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByRole('button', { name: 'Share list' })).toBeVisible();
  const gone = await other.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(other.getByRole('heading', { level: 1, name: 'This list is not shared' })).toBeVisible();
  await visitor.close();
});
