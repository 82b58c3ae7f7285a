import { expect, test, type Page } from '@playwright/test';
import { E2E_MAILS_URL, hydrated, PASSWORD, registerViaApi, uniqueEmail } from './support';

const NEW_PASSWORD = 'marble orchard evening 64';

/** The reset link in the last mail the catcher holds for this address. */
async function resetLinkFor(page: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get(`${E2E_MAILS_URL}?to=${encodeURIComponent(email)}`)).json()) as Array<{
          text: string;
        }>;
        link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

async function signInOnPage(page: Page, email: string, password: string) {
  await page.goto('/login');
  await hydrated(page, 'form button[type="submit"]');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('accounts people expect', () => {
  test('forgot password: the mailed link sets a new password, once', async ({ page }) => {
    const email = uniqueEmail(page, 'forgot');
    await registerViaApi(page, email);
    await page.context().clearCookies();

    await page.goto('/login');
    await hydrated(page, 'form button[type="submit"]');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address changes first; the login form (with its own Email field) stays until the page's code is in.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'a link to reset its password is on its way' })).toBeVisible();

    const link = await resetLinkFor(page, email);
    await page.goto(link);
    await hydrated(page, 'form button[type="submit"]');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('not the same at all');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await expect(page.getByLabel('Confirm new password')).toBeFocused();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed')).toBeVisible();

    // The link is spent.
    await page.goto(link);
    await hydrated(page, 'form button[type="submit"]');
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase 5');
    await page.getByLabel('Confirm new password').fill('yet another passphrase 5');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This reset link has expired or has already been used.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

    await signInOnPage(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('account page: change the name and the password', async ({ page }) => {
    const email = uniqueEmail(page, 'account');
    await registerViaApi(page, email);
    await page.goto('/home');
    await page.getByRole('link', { name: 'Your account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Display name' }).fill('Ada\u0007');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('The display name must not contain control characters.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Display name' }).fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your display name is now Ada Lovelace.' })).toBeVisible();

    const section = page.getByRole('region', { name: 'Password' });
    await section.getByLabel('Current password').fill('not my password at all');
    await section.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByText('The password is not correct.')).toBeVisible();
    await expect(section.getByLabel('Current password')).toBeFocused();
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password was changed.' })).toBeVisible();

    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace!' })).toBeVisible();
    await page.context().clearCookies();
    await signInOnPage(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('delete my account: the password confirms, then the account is gone', async ({ page }) => {
    const email = uniqueEmail(page, 'delete');
    await registerViaApi(page, email);
    await page.goto('/account');
    await hydrated(page, '.account-danger button');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('wrong password here');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('The password is not correct.')).toBeVisible();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your account was deleted.' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // Gone: the account page sends visitors to sign in, and the password no longer works.
    const res = await page.request.get('/account', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/login');
    await signInOnPage(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Sign in failed: Invalid email or password.');
  });

  test('screenshots of the account page', async ({ page }) => {
    const email = uniqueEmail(page, 'shot');
    await registerViaApi(page, email);
    for (const [name, size] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto('/account');
      await hydrated(page, '.account-danger button');
      await page.screenshot({ path: `test-results/account-${name}.png`, fullPage: true });
    }
  });
});
