import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_ADMIN_ORIGIN, expectNoAxeViolations, openAdmin, PASSWORD, signInViaApi, toast, uniqueEmail } from './support';

const headers = { origin: E2E_ADMIN_ORIGIN };

/** An API client of its own (its own cookies), signed in as the given account or freshly registered. */
async function apiAs(account: { email: string; password: string }, register = false): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: E2E_ADMIN_ORIGIN });
  const res = await api.post(register ? '/api/auth/sign-up/email' : '/api/auth/sign-in/email', {
    data: register ? { ...account, name: '' } : account,
    headers,
  });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** Sets an account's roles through the API, as the e2e admin (an admin and a developer). */
async function setRoles(admin: APIRequestContext, email: string, roles: { isAdmin?: boolean; isDev?: boolean }): Promise<void> {
  const found = await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
  const { items } = (await found.json()) as { items: Array<{ id: string; email: string }> };
  const id = items.find((u) => u.email === email)?.id;
  expect(id, `account ${email}`).toBeTruthy();
  const res = await admin.patch(`/api/admin/users/${id}`, { data: roles, headers });
  expect(res.status(), await res.text()).toBe(200);
}

const usersPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Users' });
const search = (page: Page) => usersPanel(page).getByRole('searchbox', { name: 'Search accounts' });
const adminSwitch = (page: Page, email: string) => usersPanel(page).getByRole('switch', { name: `Admin role for ${email}`, exact: true });
const devSwitch = (page: Page, email: string) => usersPanel(page).getByRole('switch', { name: `Developer role for ${email}`, exact: true });
const auditRow = (page: Page, email: string, summary: string) =>
  page.locator('.audit-table tbody tr').filter({ hasText: email }).filter({ hasText: summary });

/** The same code at both sizes: the phone project runs only the journeys whose layout differs there. */
const ONE_SIZE = 'layout-independent: desktop only';

test.describe('user management', () => {
  test('finds a new account, grants admin, sees it in the audit log and revokes it after confirming', async ({ page }) => {
    const email = uniqueEmail(page, 'grantee');
    await (await apiAs({ email, password: PASSWORD }, true)).dispose();
    await openAdmin(page, 'users');

    // Server-side search, any case, part of the address.
    await search(page).fill(email.slice(0, -'@example.com'.length).toUpperCase());
    await expect(usersPanel(page).locator('.users-list .summary')).toHaveText('Showing 1–1 of 1 account');
    const row = usersPanel(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: email }) });
    await expect(row).toContainText('Email and password');
    await expect(adminSwitch(page, email)).not.toBeChecked();
    await expect(devSwitch(page, email)).not.toBeChecked();

    await adminSwitch(page, email).click();
    await expect(toast(page, `Admin role granted to ${email}.`)).toBeVisible();
    await expect(adminSwitch(page, email)).toBeChecked();

    const log = page.getByRole('region', { name: 'Audit log' });
    await log.getByLabel('Show').selectOption({ label: 'Role changes' });
    await expect(auditRow(page, email, 'Admin granted')).toContainText(E2E_ADMIN.email);
    await expect(auditRow(page, email, 'Admin granted')).toContainText('Succeeded');

    // Revoking asks first; Cancel changes nothing and gives focus back to the switch.
    await adminSwitch(page, email).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke admin role?' });
    await expect(confirm).toContainText(`${email} will lose access to the admin dashboard at once.`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(adminSwitch(page, email)).toBeChecked();
    await expect(adminSwitch(page, email)).toBeFocused();

    await adminSwitch(page, email).click();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, `Admin role revoked from ${email}.`)).toBeVisible();
    await expect(adminSwitch(page, email)).not.toBeChecked();
    await expect(auditRow(page, email, 'Admin revoked')).toContainText(E2E_ADMIN.email);

    // Nothing on the tab is wider than the screen (the phone shows cards).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('your own admin switch is disabled and says why', async ({ page, isMobile }) => {
    test.skip(isMobile, ONE_SIZE);
    await openAdmin(page, 'users');
    await search(page).fill(E2E_ADMIN.email);
    await expect(usersPanel(page).locator('.users-list .summary')).toHaveText('Showing 1–1 of 1 account');
    const own = adminSwitch(page, E2E_ADMIN.email);
    await expect(own).toBeChecked();
    await expect(own).toBeDisabled();
    await expect(own).toHaveAccessibleDescription('You cannot remove your own admin role.');
    await expect(usersPanel(page).getByRole('rowheader', { name: `${E2E_ADMIN.email} (you)` })).toBeVisible();
    // The e2e admin is a developer: the developer switches are usable.
    await expect(devSwitch(page, E2E_ADMIN.email)).toBeEnabled();
  });

  test('an admin who is not a developer cannot use the developer switches, and refusals show the server’s reason', async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, ONE_SIZE);
    const email = uniqueEmail(page, 'plain-admin');
    const other = uniqueEmail(page, 'bystander');
    const admin = await apiAs(E2E_ADMIN);
    await (await apiAs({ email, password: PASSWORD }, true)).dispose();
    await (await apiAs({ email: other, password: PASSWORD }, true)).dispose();
    await setRoles(admin, email, { isAdmin: true });

    await signInViaApi(page, email, PASSWORD, E2E_ADMIN_ORIGIN);
    await page.goto('/admin?tab=users');
    await search(page).fill(other);
    // The search has answered (the first page, before it, may list the same account).
    await expect(usersPanel(page).locator('.users-list .summary')).toHaveText('Showing 1–1 of 1 account');
    await expect(usersPanel(page).getByText('Only developers can change the developer role.')).toBeVisible();
    await expect(devSwitch(page, other)).toBeDisabled();
    await expect(devSwitch(page, other)).toHaveAccessibleDescription('Only developers can change the developer role.');
    await expect(adminSwitch(page, other)).toBeEnabled();

    // Another admin takes this one's role away while the tab is open: the server refuses, and says so.
    await setRoles(admin, email, { isAdmin: false });
    await adminSwitch(page, other).click();
    await expect(toast(page, 'The role was not changed: This needs admin privileges.')).toBeVisible();
    await expect(adminSwitch(page, other)).not.toBeChecked();
    await admin.dispose();
  });

  test('the Users tab has no WCAG 2.1 A/AA violations, confirmation included', async ({ page }) => {
    const email = uniqueEmail(page, 'axe');
    const admin = await apiAs(E2E_ADMIN);
    await (await apiAs({ email, password: PASSWORD }, true)).dispose();
    await setRoles(admin, email, { isAdmin: true, isDev: true });
    await admin.dispose();

    await openAdmin(page, 'users');
    await expect(usersPanel(page).locator('.users-table tbody tr').first()).toBeVisible();
    await expect(page.locator('.audit-table tbody tr').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await search(page).fill(email);
    await expect(usersPanel(page).locator('.users-list .summary')).toHaveText('Showing 1–1 of 1 account');
    await devSwitch(page, email).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke developer role?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, `Developer role revoked from ${email}.`)).toBeVisible();
    await expect(devSwitch(page, email)).not.toBeChecked();
  });
});
