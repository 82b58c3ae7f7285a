import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRICE_TEXTS } from '../../../common/texts/price-history';
import type { FavoriteList } from '../../../common/schemas/favorite';
import { send, signedInAs } from '../../test/auth-helpers';
import { insertProducts } from '../../test/factories';
import { withMailApps } from '../../test/mail-apps';
import { TEST_ORIGIN } from '../../test/test-app';
import { DEFAULT_ALERTS_CRON, loadConfig } from '../../config';
import { nextTick } from '../../jobs/job-queue';
import type { AlertsRun, JobsOverview } from '../../../common/schemas/jobs';
import { ADMIN_TEXTS } from '../../../common/texts/admin';

// The price digest (issue 29): a drop mails one digest through the local SMTP server, at most once a UTC day, with a
// one-click unsubscribe that works without signing in; without a mail server nothing can be turned on or sent.

const apps = withMailApps();
let n = 0;

const DAY = 24 * 3600_000;
/** The digest job's handler, as the queue runs it. */
const runJob = () => apps.ctx.app.services.jobs.handler('price-digest')({}, { id: 'test' });

/** A signed-in person with one saved find at `price`; answers their email, cookie and the product. */
async function personWithFavorite(price: number, title = `Drop Tee ${++n}`) {
  const email = `alerts-${n}-${Date.now()}@example.com`;
  const cookie = await signedInAs(apps.ctx.app, email);
  await insertProducts(apps.ctx.database, [{ title, price }]);
  const [product] = await apps.ctx.database.rows<{ id: string; number: number }>(
    sql`select id, number from products where title = ${title}`,
  );
  if (!product) throw new Error('no product');
  expect((await send(apps.ctx.app, 'PUT', `/api/favorites/${product.id}`, { cookie })).statusCode).toBe(200);
  return { email, cookie, product, title };
}
const setPrice = (id: string, price: number) =>
  apps.ctx.database.db.execute(sql`update products set price = ${price} where id = ${id}::uuid`);
const tokenFrom = (text: string) => {
  const token = /\/unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no unsubscribe link in: ${text}`);
  return token;
};

describe('the price digest', () => {
  it('a drop mails one digest with the product; a second run the same day mails nothing', async () => {
    const { email, cookie, product, title } = await personWithFavorite(30);
    const on = await send(apps.ctx.app, 'PUT', `/api/me/price-alerts/${product.id}`, { cookie, body: { on: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ productId: product.id, priceAlert: true });
    expect((await send(apps.ctx.app, 'GET', '/api/favorites', { cookie })).json<FavoriteList>().items[0]?.priceAlert).toBe(true);

    // No drop yet: nothing to say.
    await runJob();
    expect(apps.smtp.to(email)).toHaveLength(0);

    await setPrice(product.id, 24.5);
    await runJob();
    const mail = await apps.smtp.waitFor(email);
    expect(mail.subject).toBe(`Price drop: ${title}`);
    expect(mail.text).toContain(`${title}: $24.50 (was $30.00)`);
    expect(mail.text).toContain(`${TEST_ORIGIN}/products/`);
    expect(mail.html).toContain('<s>$30.00</s>');
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/finder\.test\/api\/price-alerts\/unsubscribe\?token=[^>]+>\r?$/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // The same day, another drop: no second mail.
    await setPrice(product.id, 20);
    await runJob();
    expect(apps.smtp.to(email)).toHaveLength(1);

    // The next day it is the next digest's, compared with the price at the last one.
    await apps.ctx.app.services.priceAlerts.runDigest(new Date(Date.now() + DAY));
    const next = await apps.smtp.waitFor(email, 2);
    expect(next.text).toContain(`${title}: $20.00 (was $24.50)`);
  });

  it('is written in the language the account chose (issue 41): words, price format and the page’s address', async () => {
    const { email, cookie, product, title } = await personWithFavorite(1200);
    const chose = await send(apps.ctx.app, 'PUT', '/api/me/preferences', { cookie, body: { language: 'de' } });
    expect(chose.statusCode, chose.body).toBe(200);
    expect(chose.json<{ language: string }>().language).toBe('de');
    expect((await send(apps.ctx.app, 'PUT', '/api/me/preferences', { cookie, body: { language: 'xx' } })).statusCode).toBe(400);
    await send(apps.ctx.app, 'PUT', `/api/me/price-alerts/${product.id}`, { cookie, body: { on: true } });
    await setPrice(product.id, 1000.5);
    await runJob();
    const mail = await apps.smtp.waitFor(email);
    expect(mail.subject).not.toBe(`Price drop: ${title}`);
    expect(mail.subject).toContain(title);
    expect(mail.text).toContain('1.000,50');
    expect(mail.text).toContain(`${TEST_ORIGIN}/de/products/`);
    expect(mail.text).not.toContain('got cheaper');
  });

  it('the unsubscribe link works without signing in, and no mail follows', async () => {
    const { email, cookie, product } = await personWithFavorite(50);
    await send(apps.ctx.app, 'PUT', `/api/me/price-alerts/${product.id}`, { cookie, body: { on: true } });
    await setPrice(product.id, 40);
    await runJob();
    const token = tokenFrom((await apps.smtp.waitFor(email)).text);

    // The mail program's one-click POST (RFC 8058), no cookie and no Origin.
    const oneClick = await apps.ctx.app.inject({
      method: 'POST',
      url: `/api/price-alerts/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ unsubscribed: true, message: PRICE_TEXTS.unsubscribed });
    // Mail programs post from their own origin, or with `Origin: null` (a sandboxed web mail): the token is the authority.
    for (const origin of ['https://mail.example', 'null']) {
      const fromMailer = await apps.ctx.app.inject({
        method: 'POST',
        url: `/api/price-alerts/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, 'sec-fetch-site': 'cross-site' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(fromMailer.statusCode, `${origin}: ${fromMailer.body}`).toBe(200);
    }
    // A person's click on the mail's link: a page that says it worked.
    const page = await apps.ctx.app.inject({ method: 'GET', url: `/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(PRICE_TEXTS.unsubscribed);
    expect((await send(apps.ctx.app, 'GET', '/api/favorites', { cookie })).json<FavoriteList>().items[0]?.priceAlert).toBe(false);

    await setPrice(product.id, 30);
    await apps.ctx.app.services.priceAlerts.runDigest(new Date(Date.now() + DAY));
    expect(apps.smtp.to(email)).toHaveLength(1);

    // A token whose signature does not hold changes nothing.
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const refused = await apps.ctx.app.inject({ method: 'POST', url: `/api/price-alerts/unsubscribe?token=${forged}` });
    expect(refused.statusCode).toBe(400);
    const forgedElsewhere = await apps.ctx.app.inject({
      method: 'POST',
      url: `/api/price-alerts/unsubscribe?token=${forged}`,
      headers: { origin: 'https://evil.example' },
    });
    expect(forgedElsewhere.statusCode).toBe(400);
    expect((await apps.ctx.app.inject({ method: 'GET', url: '/unsubscribe?token=nonsense' })).statusCode).toBe(400);
  });

  it('"every favourite" on the Account page alerts about finds without their own alert', async () => {
    const { email, cookie, product, title } = await personWithFavorite(80);
    expect((await send(apps.ctx.app, 'GET', '/api/me/price-alerts', { cookie })).json()).toEqual({ available: true, all: false });
    const all = await send(apps.ctx.app, 'PUT', '/api/me/price-alerts', { cookie, body: { all: true } });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ available: true, all: true });
    // Saved at 80, now 60, no digest before: the drop since saved.
    await setPrice(product.id, 60);
    await runJob();
    expect((await apps.smtp.waitFor(email)).text).toContain(`${title}: $60.00 (was $80.00)`);
    // A price that went up is not a drop.
    const other = await personWithFavorite(10);
    await send(apps.ctx.app, 'PUT', '/api/me/price-alerts', { cookie: other.cookie, body: { all: true } });
    await setPrice(other.product.id, 12);
    await runJob();
    expect(apps.smtp.to(other.email)).toHaveLength(0);
  });

  it('shows the prices in the currency the reader chose, marked as converted, or in the base without a rate', async () => {
    const admin = await signedInAs(apps.ctx.app, `alerts-admin-${Date.now()}@example.com`, { isAdmin: true });
    const rates = await send(apps.ctx.app, 'PUT', '/api/admin/currencies', {
      cookie: admin,
      body: { rates: [{ currency: 'EUR', rate: 0.5 }] },
    });
    expect(rates.statusCode, rates.body).toBe(200);
    const { email, cookie, product, title } = await personWithFavorite(40);
    const chose = await send(apps.ctx.app, 'PUT', '/api/me/preferences', { cookie, body: { currency: 'EUR' } });
    expect(chose.statusCode, chose.body).toBe(200);
    await send(apps.ctx.app, 'PUT', '/api/me/price-alerts', { cookie, body: { all: true } });
    await setPrice(product.id, 30);
    await runJob();
    const mail = await apps.smtp.waitFor(email);
    expect(mail.text).toContain(`${title}: ≈ €15.00 (was ≈ €20.00)`);

    // A currency the site has no rate for any more: the base, exact.
    const other = await personWithFavorite(40);
    await send(apps.ctx.app, 'PUT', '/api/me/preferences', { cookie: other.cookie, body: { currency: 'GBP' } });
    await send(apps.ctx.app, 'PUT', '/api/me/price-alerts', { cookie: other.cookie, body: { all: true } });
    await setPrice(other.product.id, 30);
    await runJob();
    expect((await apps.smtp.waitFor(other.email)).text).toContain(`${other.title}: $30.00 (was $40.00)`);
  });

  it('an alert is for a favourite: another product answers 404', async () => {
    const { cookie } = await personWithFavorite(5);
    await insertProducts(apps.ctx.database, [{ title: 'Not saved', price: 5 }]);
    const [row] = await apps.ctx.database.rows<{ id: string }>(sql`select id from products where title = 'Not saved'`);
    const res = await send(apps.ctx.app, 'PUT', `/api/me/price-alerts/${row?.id}`, { cookie, body: { on: true } });
    expect(res.statusCode).toBe(404);
  });
});

describe('the same day (decision 0096)', () => {
  it('the schedule ticks at least every 15 minutes by default, and is the documented setting ALERTS_CRON', () => {
    expect(loadConfig({}).alertsCron).toBe(DEFAULT_ALERTS_CRON);
    expect(loadConfig({ ALERTS_CRON: '0 7 * * *' }).alertsCron).toBe('0 7 * * *');
    expect(() => loadConfig({ ALERTS_CRON: 'every morning' })).toThrow(/ALERTS_CRON must be a cron expression/);
    expect(() => loadConfig({ ALERTS_CRON: '* * * *' })).toThrow(/ALERTS_CRON/);
    // Over a whole day, from any minute: the next tick is at most 15 minutes away.
    let at = new Date('2026-12-02T00:00:00Z');
    const end = new Date('2026-12-03T00:00:00Z');
    let longest = 0;
    while (at < end) {
      const next = nextTick(DEFAULT_ALERTS_CRON, at);
      if (!next) throw new Error('no next tick');
      longest = Math.max(longest, next.getTime() - at.getTime());
      at = next;
    }
    expect(longest).toBeLessThanOrEqual(15 * 60_000);
  });

  it('a drop is mailed at the next tick; a later drop that day waits for the next day', async () => {
    const { email, cookie, product, title } = await personWithFavorite(90);
    await send(apps.ctx.app, 'PUT', `/api/me/price-alerts/${product.id}`, { cookie, body: { on: true } });
    // The prices' history is written at the real time: the ticks are this day's, from now on.
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + DAY).toISOString().slice(0, 10);
    await setPrice(product.id, 80);
    await apps.ctx.app.services.priceAlerts.runDigest(new Date());
    expect((await apps.smtp.waitFor(email)).text).toContain(`${title}: $80.00 (was $90.00)`);
    // Later that day, another drop: every tick of the day mails nothing more.
    await setPrice(product.id, 70);
    for (const at of [new Date(), new Date(`${today}T23:59:00Z`)]) await apps.ctx.app.services.priceAlerts.runDigest(at < now ? now : at);
    expect(apps.smtp.to(email)).toHaveLength(1);
    // The first tick of the next day.
    await apps.ctx.app.services.priceAlerts.runDigest(new Date(`${tomorrow}T00:05:00Z`));
    expect((await apps.smtp.waitFor(email, 2)).text).toContain(`${title}: $70.00 (was $80.00)`);
  });

  it('the Jobs view shows when the alerts last ran and runs the due ones now (developers, audited)', async () => {
    const developer = await signedInAs(apps.ctx.app, `alerts-dev-${Date.now()}@example.com`, { isAdmin: true, isDev: true });
    const admin = await signedInAs(apps.ctx.app, `alerts-adm-${Date.now()}@example.com`, { isAdmin: true });
    const { email, cookie, product, title } = await personWithFavorite(55);
    await send(apps.ctx.app, 'PUT', `/api/me/price-alerts/${product.id}`, { cookie, body: { on: true } });
    await setPrice(product.id, 44);

    const before = (await send(apps.ctx.app, 'GET', '/api/admin/jobs', { cookie: developer })).json<JobsOverview>();
    const schedule = before.schedules.find((s) => s.name === 'price-digest');
    expect(schedule).toMatchObject({ cron: DEFAULT_ALERTS_CRON });
    expect(Date.parse(schedule?.nextRunAt ?? '') - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    expect((await send(apps.ctx.app, 'POST', '/api/admin/jobs/alerts/run', { cookie: admin })).statusCode).toBe(403);
    expect((await send(apps.ctx.app, 'POST', '/api/admin/jobs/alerts/run')).statusCode).toBe(401);
    const run = await send(apps.ctx.app, 'POST', '/api/admin/jobs/alerts/run', { cookie: developer });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json<AlertsRun>()).toEqual({ queued: ['price-digest', 'saved-search-mails'], message: ADMIN_TEXTS.alertsQueued });
    // The queue works it: the mail arrives without waiting for the schedule.
    expect((await apps.smtp.waitFor(email)).text).toContain(`${title}: $44.00 (was $55.00)`);
    const [entry] = await apps.ctx.database.rows<{ action: string; actor_email: string; details: { queues: string[] } }>(
      sql`select action, actor_email, details from audit_log where action = 'alerts-run' order by created_at desc limit 1`,
    );
    expect(entry).toMatchObject({ action: 'alerts-run', details: { queues: ['price-digest', 'saved-search-mails'] } });
    expect(entry?.actor_email).toMatch(/^alerts-dev-/);

    // When it last ran, once the queue has recorded the job's end.
    await expect
      .poll(async () => (await send(apps.ctx.app, 'GET', '/api/admin/jobs', { cookie: developer })).json<JobsOverview>().schedules, {
        timeout: 15_000,
      })
      .toContainEqual(expect.objectContaining({ name: 'price-digest', lastState: 'completed', lastRunAt: expect.any(String) }));
    // Asked again at once: one job, not two.
    const again = await send(apps.ctx.app, 'POST', '/api/admin/jobs/alerts/run', { cookie: developer });
    expect(again.statusCode).toBe(200);
  });
});

describe('without a mail server', () => {
  it('the Jobs view cannot run alert mails, and says why', async () => {
    const developer = await signedInAs(apps.noMail.app, `nomail-dev-${Date.now()}@example.com`, { isAdmin: true, isDev: true });
    const run = await send(apps.noMail.app, 'POST', '/api/admin/jobs/alerts/run', { cookie: developer });
    expect(run.statusCode).toBe(409);
    expect(run.json<{ message: string }>().message).toBe(ADMIN_TEXTS.alertsNeedMail);
    const overview = (await send(apps.noMail.app, 'GET', '/api/admin/jobs', { cookie: developer })).json<JobsOverview>();
    expect(overview.schedules.find((s) => s.name === 'price-digest')).toBeUndefined();
  });

  it('alerts cannot be turned on, and the digest sends nothing', async () => {
    const cookie = await signedInAs(apps.noMail.app, 'nomail@example.com');
    await insertProducts(apps.noMail.database, [{ title: 'Quiet Tee', price: 30 }]);
    const [product] = await apps.noMail.database.rows<{ id: string }>(sql`select id from products where title = 'Quiet Tee'`);
    await send(apps.noMail.app, 'PUT', `/api/favorites/${product?.id}`, { cookie });
    const refused = await send(apps.noMail.app, 'PUT', `/api/me/price-alerts/${product?.id}`, { cookie, body: { on: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(PRICE_TEXTS.alertsUnavailable);
    expect((await send(apps.noMail.app, 'PUT', '/api/me/price-alerts', { cookie, body: { all: true } })).statusCode).toBe(409);
    expect((await send(apps.noMail.app, 'GET', '/api/me/price-alerts', { cookie })).json()).toEqual({ available: false, all: false });
    // Even with an alert stored (set when mail was configured), there is no job and no mail.
    await apps.noMail.database.db.execute(sql`update favorites set price_alert = true`);
    await apps.noMail.database.db.execute(sql`update products set price = 10`);
    expect(() => apps.noMail.app.services.jobs.handler('price-digest')).toThrow(/No handler/);
    expect(await apps.noMail.app.services.priceAlerts.runDigest()).toEqual({ sent: 0, failed: 0 });
  });
});
