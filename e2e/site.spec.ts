import { expect, test } from '@playwright/test';
import { registerViaApi, uniqueEmail } from './support';

const today = () => new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

test.describe('layout and pages', () => {
  for (const [path, title] of [
    ['/privacy-policy', 'Privacy Policy'],
    ['/cookies-policy', 'Cookies Policy'],
    ['/data-security', 'Data Security'],
    ['/disclaimer', 'Disclaimer'],
  ] as const) {
    test(`${title} shows today's date inside the layout`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(`Last updated: ${today()}`)).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Finder`);
    });
  }

  test('footer links reach the legal pages', async ({ page }) => {
    // Not from the finder: scrolling its footer into view loads more products, which moves the footer away from
    // under the pointer between Playwright's stability check and its click.
    await page.goto('/privacy-policy');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Disclaimer' }).click();
    await expect(page).toHaveURL(/\/disclaimer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Disclaimer' })).toBeVisible();
  });

  test('an unknown address answers 404: says the page does not exist, offers the finder, then the login screen', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome Back' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse the product finder' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown address keeps a signed-in visitor there with the notice, not on Home', async ({ page }) => {
    await registerViaApi(page, uniqueEmail(page, 'not-found'));
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse the product finder' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeHidden();
    await expect(page).toHaveURL(/\/no\/such\/page$/);
  });

  test('the admin dashboard asks for a sign-in', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the top bar menu opens on phones and holds Login and Register', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    if ((page.viewportSize()?.width ?? 1280) > 768) {
      await expect(toggle).toBeHidden();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
      return;
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Register' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });
});
