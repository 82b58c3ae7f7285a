import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_ORIGIN, PASSWORD, answerGoogle, registerViaApi, routeGoogleToStandIn, signInViaApi, uniqueEmail } from './support';

const banner = (page: Page) => page.getByRole('banner');
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768;

/** On phones the top bar's links sit in the collapsible menu. */
async function openMenu(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('accounts', () => {
  test('register, land on Home, and see the signed-in top bar', async ({ page }) => {
    const email = uniqueEmail(page, 'register');
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create a New Account' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${email}!` })).toBeVisible();
    await expect(page.getByText('You have admin privileges')).toHaveCount(0);
    await openMenu(page);
    await expect(banner(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(banner(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(banner(page).getByRole('link', { name: 'Finder home' })).toHaveAttribute('href', '/home');
  });

  test('registration explains every refusal and keeps what was typed', async ({ page }) => {
    const email = uniqueEmail(page, 'refusals');
    await page.goto('/register');
    const passwordField = page.getByLabel('Password', { exact: true });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();

    await page.getByLabel('Email').fill('not-an-email');
    await passwordField.fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    // An address that is taken: the server's answer is shown, not swallowed.
    await registerViaApi(page, email);
    await page.context().clearCookies();
    await page.getByLabel('Email').fill(email);
    await passwordField.fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toContainText('Sign up failed: An account with this email already exists');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('alert').getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password says so; the right one signs in; Logout goes to the login screen', async ({ page }) => {
    const email = uniqueEmail(page, 'signin');
    await registerViaApi(page, email);
    await page.context().clearCookies();

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await fillLogin(page, email, 'not the password');
    await expect(page.getByRole('alert')).toHaveText('Sign in failed: Invalid email or password.');
    // The disabled button lost the focus while waiting; the message has it now.
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${email}!` })).toBeVisible();

    await openMenu(page);
    await banner(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    // Signed out for real: Home sends the visitor back to the login screen.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('buttons say what is happening while a request is in flight', async ({ page }) => {
    const email = uniqueEmail(page, 'inflight');
    await registerViaApi(page, email);
    await page.context().clearCookies();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/sign-in/email', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await fillLogin(page, email, PASSWORD);
    const busy = page.getByRole('button', { name: 'Signing In...' }).first();
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('login and register lead a signed-in visitor to Home', async ({ page }) => {
    await registerViaApi(page, uniqueEmail(page, 'redirect'));
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
    }
    // An unknown address says so where it is (issue 25), signed in or not: site.spec.ts.
  });

  test('a regular account is refused the admin dashboard', async ({ page }) => {
    await registerViaApi(page, uniqueEmail(page, 'regular'));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have admin privileges to access this page.")).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(`${E2E_ORIGIN}/`);
  });

  test('the admin sees the privileges line, the Admin link and the dashboard', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('You have admin privileges')).toBeVisible();
    await openMenu(page);
    await banner(page).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText(`Welcome, ${E2E_ADMIN.email}`)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Store' }).click();
    await expect(page).toHaveURL(`${E2E_ORIGIN}/`);
  });
});

test.describe('Google sign-in (against the local stand-in)', () => {
  test.beforeEach(async ({ page }) => {
    await routeGoogleToStandIn(page);
  });

  test('Continue with Google creates the account and lands on Home with the Google name', async ({ page }) => {
    const email = uniqueEmail(page, 'google');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await answerGoogle(page, { decision: 'allow', email, name: 'Gale Googler' });

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Gale Googler!' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email} with Google.`)).toBeVisible();
  });

  test('cancelling at Google comes back to the login screen with the reason', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await answerGoogle(page, { decision: 'deny' });
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText('Google Sign In failed: You cancelled the Google sign-in, or Google refused it.');
  });

  test('an email that already has a password account is not taken over by Google', async ({ page }) => {
    const email = uniqueEmail(page, 'takeover');
    await registerViaApi(page, email);
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await answerGoogle(page, { decision: 'allow', email });
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toContainText('Google Sign In failed: An account with this email already exists');
    // The password still works.
    await signInViaApi(page, email, PASSWORD);
  });

  test('the test page signs in, shows the debug box and copies it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_ORIGIN });
    const email = uniqueEmail(page, 'debug');
    await page.goto('/google-auth-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Google Sign-In Test' })).toBeVisible();
    const debug = page.locator('.debug-list');
    await expect(debug).toContainText('127.0.0.1');
    await expect(debug).toContainText(`${E2E_ORIGIN}/api/auth/callback/google`);
    await expect(page.getByText(`${E2E_ORIGIN}/api/auth/callback/google`).last()).toBeVisible();

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Debug info copied to clipboard!' })).toBeVisible();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
    expect(copied).toMatchObject({ origin: E2E_ORIGIN, isLocalhost: true, isHttps: false, googleConfiguredOnServer: true });

    await page.getByRole('button', { name: 'Test Google Sign In' }).click();
    await answerGoogle(page, { decision: 'allow', email });
    await expect(page).toHaveURL(/\/google-auth-test$/);
    await expect(page.getByText(`Successfully signed in as ${email}`)).toBeVisible();
  });

  test('a link cannot put its own words on the login screen', async ({ page }) => {
    await page.goto('/login?error=Your_account_is_locked&error_description=Call%20+1%20555%200100%20now');
    await expect(page.getByRole('alert')).toHaveText('Google Sign In failed: Google sign-in did not complete. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/google-auth-test?error=Call%20us%20now&error_description=Call%20us');
    await expect(page.getByRole('alert')).toContainText('Error code: unknown_error');
    await expect(page.getByText('Call us')).toHaveCount(0);
  });

  test('the test page shows the code and message of a failure', async ({ page }) => {
    await page.goto('/google-auth-test');
    await page.getByRole('button', { name: 'Test Google Sign In' }).click();
    await answerGoogle(page, { decision: 'deny' });
    await expect(page).toHaveURL(/\/google-auth-test$/);
    await expect(page.getByRole('alert')).toContainText('Error code: access_denied');
    await expect(page.getByRole('alert')).toContainText('Message: You cancelled the Google sign-in');
  });
});

test('Continue with Google explains a server without Google configured', async ({ page }) => {
  // The API tests prove the server answers this; here the screen must show it with the spec's prefix.
  await page.route('**/api/auth/sign-in/social', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 503,
        code: 'UNAVAILABLE',
        message: 'Google sign-in is not set up on this site. Sign in with your email and password.',
      }),
    }),
  );
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Google Sign In failed: Google sign-in is not set up on this site. Sign in with your email and password.',
  );
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
});
