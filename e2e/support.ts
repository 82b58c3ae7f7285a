import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { loadCatalogue } from '../common/catalogues';

const STAND_IN_PORT = Number(process.env.E2E_GOOGLE_PORT ?? 4180);
// A sentence with values (a count, a name) is written from its compiled message, as an English page has it: the
// English catalogues start loading when this file is imported (the config imports it too, so no hook can be declared
// here); they are in long before a test's first page has loaded. A spec that needs them before that awaits
// `englishCatalogues`.
export const englishCatalogues = Promise.all((['first', 'pages', 'admin'] as const).map((name) => loadCatalogue('en', name)));

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
/**
 * The admin journeys change the catalogue, so they get a site of their own (its own data directory, images in a
 * local S3): the storefront journeys count the demo catalogue and must not see their changes.
 */
export const E2E_ADMIN_PORT = Number(process.env.E2E_ADMIN_PORT ?? 4175);
export const E2E_ADMIN_ORIGIN = `http://127.0.0.1:${E2E_ADMIN_PORT}`;

/** The local stand-in for Google that playwright.config.ts starts beside the site. */
export const E2E_GOOGLE = {
  port: STAND_IN_PORT,
  url: `http://127.0.0.1:${STAND_IN_PORT}`,
  clientId: 'e2e-client.apps.googleusercontent.com',
  clientSecret: 'e2e-secret',
};

/** The local mail server the e2e site sends to (scripts/smtp-catcher.ts); journeys read its mails over HTTP. */
export const E2E_SMTP = {
  port: Number(process.env.E2E_SMTP_PORT ?? 4290),
  httpPort: Number(process.env.E2E_SMTP_HTTP_PORT ?? 4291),
};
export const E2E_MAILS_URL = `http://127.0.0.1:${E2E_SMTP.httpPort}/mails`;

/** The account the server creates at start from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const E2E_ADMIN = { email: 'admin@finder.test', password: 'admin password e2e' };

export const PASSWORD = 'a good long password';

/** A fresh address per journey and browser size: journeys run in parallel on one server. */
export function uniqueEmail(page: Page, label: string): string {
  const size = (page.viewportSize()?.width ?? 0) <= 768 ? 'phone' : 'desktop';
  return `${label}.${size}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Registers through the API; the page's cookies then hold the session. */
export async function registerViaApi(page: Page, email: string, password = PASSWORD): Promise<void> {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password, name: '' },
    headers: { origin: E2E_ORIGIN },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function signInViaApi(page: Page, email: string, password: string, origin = E2E_ORIGIN): Promise<void> {
  const res = await page.request.post(`${origin}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sends the browser's visits to Google's sign-in page to the stand-in instead (there is no internet here). */
export async function routeGoogleToStandIn(page: Page): Promise<void> {
  await page.route('https://accounts.google.com/**', (route) => {
    const url = new URL(route.request().url());
    return route.fulfill({ status: 302, headers: { location: `${E2E_GOOGLE.url}${url.pathname}${url.search}` } });
  });
}

/**
 * Answers the stand-in's account chooser. It first waits for the stand-in's own page: the screen that started the
 * sign-in may still be showing (the login screen has an Email field and a 'Continue with Google' button too).
 */
export async function answerGoogle(
  page: Page,
  answer: { decision: 'allow'; email: string; name?: string } | { decision: 'deny' },
): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Choose an account' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.href.startsWith(E2E_GOOGLE.url));
  if (answer.decision === 'deny') {
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    return;
  }
  await page.getByLabel('Email', { exact: true }).fill(answer.email);
  if (answer.name !== undefined) await page.getByLabel('Name', { exact: true }).fill(answer.name);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** A short token unique to one journey run, for names that parallel journeys must not share. */
export function uniqueToken(page: Page): string {
  const size = (page.viewportSize()?.width ?? 0) <= 768 ? 'p' : 'd';
  return `${size}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Signs in as the admin through the API and opens a dashboard tab. */
export async function openAdmin(page: Page, tab?: 'images' | 'items' | 'categories' | 'database' | 'users' | 'analytics'): Promise<void> {
  await signInViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password, E2E_ADMIN_ORIGIN);
  await page.goto(tab && tab !== 'images' ? `/admin?tab=${tab}` : '/admin');
  await adminDashboardShown(page);
}

/**
 * Waits for the dashboard of a signed-in admin. It comes after the session is read, then the dashboard's chunk: past
 * 7 s when two browsers share a busy machine (a CI run's accessibility check of /admin at phone size timed out).
 */
export async function adminDashboardShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 15_000 });
}

/** The toast that says this, success or error. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.toast').filter({ hasText: text });
}

/**
 * Types `text` with the page's clock paused, so every keystroke falls inside one debounce however slow the machine
 * is, then lets time run again. The page must have called `page.clock.install()` before it loaded.
 */
export async function typeWithinDebounce(page: Page, input: Locator, text: string): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
  await input.pressSequentially(text);
  await page.clock.resume();
}

/** Waits until every finite animation on the page (fade-ins, tab transitions) has finished; spinners are left running. */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Waits until React has hydrated the page and the element is there: the browser's entry marks `<html data-hydrated>`
 * once React has committed its first render (an effect, React's own word that it has) and the later parts' code is
 * in, after which any part hydrates the moment it is pressed or typed into (decision 0080). Before that a click on a
 * server-rendered link is a plain link (a whole-page load), not an in-app navigation.
 */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => document.documentElement.dataset.hydrated === 'true' && document.querySelector(sel) !== null,
    selector,
  );
}

/**
 * Opens the top bar's one control for the shopping agent and currency (issue 28) and returns its button; the pickers
 * are then in its panel. Desktop only: in a phone's menu the pickers are shown as they are.
 */
export async function openBuyingPreferences(page: Page): Promise<Locator> {
  await hydrated(page, '.prefs-toggle');
  const toggle = page.getByRole('banner').getByRole('button', { name: /^(Shopping agent and currency|Shopping agent|Currency): / });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return toggle;
}

/**
 * An axe run takes about a second on an idle machine and up to ten under CI's load (two browsers, two sites, the
 * unit tests' leftovers): each run lends the test this much more time, so a journey's budget grows with its scans.
 */
const AXE_RUN_MS = 20_000;

/** WCAG 2.1 A/AA violations of the page, or only inside the elements `selector` matches, as "rule: targets". */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  test.info().setTimeout(test.info().timeout + AXE_RUN_MS);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await (selector ? builder.include(selector) : builder).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** No WCAG 2.1 A/AA violations once the page (or the part `selector` matches) has settled: nothing busy, nothing moving. */
export async function expectNoAxeViolations(page: Page, selector?: string): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await animationsFinished(page);
  expect(await axeViolations(page, selector)).toEqual([]);
}

/**
 * Opens a dashboard tab as a person would: from the strip, or from behind More when it does not fit (issue 40).
 */
export async function chooseAdminTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  if (await tab.isVisible()) {
    await tab.click();
  } else {
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menu', { name: 'More' }).getByRole('menuitem', { name, exact: true }).click();
  }
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}
