import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_ADMIN_ORIGIN, E2E_ADMIN_PORT, E2E_GOOGLE, E2E_ORIGIN, E2E_PORT, E2E_SMTP } from './e2e/support';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN_JOURNEYS = /admin-.*\.spec\.ts$/;
/** Bulk operations change the whole admin catalogue: they run after every other admin journey, one size at a time. */
const DATABASE_JOURNEYS = /admin-database\.spec\.ts$/;
/** How long a site may take to start (E2E_SERVER_START_MS on a busy machine, where two sites start side by side). */
const SERVER_START_MS = Number(process.env.E2E_SERVER_START_MS ?? 120_000);
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } };
const SITE_ENV = {
  COMMUNITY_URL: 'https://community.example/join',
  REFERRAL_URL: 'https://agent.example/register?ref=finder',
  DISCOUNT_CODE: 'E2ECODE',
  DATABASE_URL: '',
  GOOGLE_CLIENT_ID: E2E_GOOGLE.clientId,
  GOOGLE_CLIENT_SECRET: E2E_GOOGLE.clientSecret,
  GOOGLE_STAND_IN_URL: E2E_GOOGLE.url,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // Every journey signs in from 127.0.0.1; the throttle itself is covered by the API tests.
  AUTH_RATE_LIMIT: '10000',
  // Password reset mails go to the local catcher (scripts/smtp-catcher.ts).
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP.port}`,
  MAIL_FROM: 'Finder <no-reply@finder.test>',
  // The link converter's journey plays a share-link host on 127.0.0.1 (e2e/convert.spec.ts): followed like m.tb.cn.
  IMPORT_ALLOW_PRIVATE_HOSTS: 'true',
  IMPORT_SHORT_LINK_HOSTS: 'm.tb.cn,e.tb.cn,s.tb.cn,tb.cn,k.youshop10.com,qr.1688.com,s.click.taobao.com,127.0.0.1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/**
 * The admin site's link checks (issue 29): the marketplaces are the site itself, whose not-found page answers any item
 * 404 (gone), and no day's budget, so only an admin's Re-check now checks a product (e2e/admin-link-health.spec.ts).
 */
const LINK_HEALTH_ENV = {
  LINK_CHECKS_PER_DAY: '0',
  MARKETPLACE_TAOBAO_URL: E2E_ADMIN_ORIGIN,
  MARKETPLACE_TMALL_URL: E2E_ADMIN_ORIGIN,
  MARKETPLACE_WEIDIAN_URL: E2E_ADMIN_ORIGIN,
  MARKETPLACE_1688_URL: E2E_ADMIN_ORIGIN,
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E_ORIGIN,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: ADMIN_JOURNEYS, use: { ...DESKTOP } },
    { name: 'phone', testIgnore: ADMIN_JOURNEYS, use: { ...devices['Pixel 7'] } },
    // The admin journeys change the catalogue: they run against a site of their own.
    { name: 'admin-desktop', testMatch: ADMIN_JOURNEYS, testIgnore: DATABASE_JOURNEYS, use: { ...DESKTOP, baseURL: E2E_ADMIN_ORIGIN } },
    {
      name: 'admin-phone',
      testMatch: ADMIN_JOURNEYS,
      testIgnore: DATABASE_JOURNEYS,
      use: { ...devices['Pixel 7'], baseURL: E2E_ADMIN_ORIGIN },
    },
    {
      name: 'database-desktop',
      testMatch: DATABASE_JOURNEYS,
      dependencies: ['admin-desktop', 'admin-phone'],
      fullyParallel: false,
      use: { ...DESKTOP, baseURL: E2E_ADMIN_ORIGIN },
    },
    {
      name: 'database-phone',
      testMatch: DATABASE_JOURNEYS,
      dependencies: ['database-desktop'],
      fullyParallel: false,
      use: { ...devices['Pixel 7'], baseURL: E2E_ADMIN_ORIGIN },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx scripts/smtp-catcher.ts',
      url: `http://127.0.0.1:${E2E_SMTP.httpPort}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { SMTP_CATCHER_PORT: String(E2E_SMTP.port), SMTP_CATCHER_HTTP_PORT: String(E2E_SMTP.httpPort) },
    },
    {
      command: 'node --import tsx scripts/google-stand-in.ts',
      url: `${E2E_GOOGLE.url}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        GOOGLE_STAND_IN_PORT: String(E2E_GOOGLE.port),
        GOOGLE_CLIENT_ID: E2E_GOOGLE.clientId,
        GOOGLE_CLIENT_SECRET: E2E_GOOGLE.clientSecret,
      },
    },
    {
      command: 'node --import tsx scripts/e2e-server.ts',
      url: `${E2E_ORIGIN}/api/health`,
      reuseExistingServer: false,
      timeout: SERVER_START_MS,
      env: { ...SITE_ENV, PORT: String(E2E_PORT), DATA_DIR: '.data-e2e' },
    },
    {
      command: 'node --import tsx scripts/e2e-server.ts',
      url: `${E2E_ADMIN_ORIGIN}/api/health`,
      reuseExistingServer: false,
      timeout: SERVER_START_MS,
      env: { ...SITE_ENV, ...LINK_HEALTH_ENV, PORT: String(E2E_ADMIN_PORT), DATA_DIR: '.data-e2e-admin', E2E_S3: 'true' },
    },
  ],
});
