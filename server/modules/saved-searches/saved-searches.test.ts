// Saved searches (issue 42, decision 0085), on both databases: the list and its limit, what is new since a search was
// last opened, and the daily mail of new matches through the local SMTP server (at most one a day per account, the
// new products' cards, one-click unsubscribe links that work signed out); without a mail server nothing is sent.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAVED_SEARCHES_MAX } from '../../../common/saved-searches';
import type { SavedSearch, SavedSearchList } from '../../../common/schemas/saved-search';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_TEXTS } from '../../../common/texts/saved-searches';
import type { AlertsRun, JobsOverview } from '../../../common/schemas/jobs';
import { ADMIN_TEXTS } from '../../../common/texts/admin';
import { send, signedInAs } from '../../test/auth-helpers';
import { insertProducts } from '../../test/factories';
import { withMailApps } from '../../test/mail-apps';
import { TEST_ORIGIN } from '../../test/test-app';

const apps = withMailApps();
let n = 0;

const DAY = 24 * 3600_000;
const runJob = () => apps.ctx.app.services.jobs.handler('saved-search-mails')({}, { id: 'test' });
const later = (ms: number) => new Date(Date.now() + ms);

async function person(app = apps.ctx.app) {
  const email = `saved-${++n}-${Date.now()}@example.com`;
  return { email, cookie: await signedInAs(app, email) };
}
async function save(cookie: string, body: Record<string, unknown>, app = apps.ctx.app) {
  return send(app, 'POST', '/api/me/saved-searches', { cookie, body });
}
const list = async (cookie: string, app = apps.ctx.app) =>
  (await send(app, 'GET', '/api/me/saved-searches', { cookie })).json<SavedSearchList>();
const tokenFrom = (text: string, which: 'first' | 'last') => {
  const found = [...text.matchAll(/\/unsubscribe\/saved-searches\?token=([A-Za-z0-9_.-]+)/g)].map((m) => m[1]);
  const token = which === 'first' ? found[0] : found.at(-1);
  if (!token) throw new Error(`no unsubscribe link in: ${text}`);
  return token;
};

describe('the list', () => {
  it('saves the finder view by its own codec, renames, deletes; refuses bad input with sentences', async () => {
    const { cookie } = await person();
    const created = await save(cookie, {
      name: '  Parkas for men ',
      query: '?search=parka&gender=men&sort=newest&since=2026-01-01T00:00:00Z&cursor=x',
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<SavedSearch>();
    expect(item).toMatchObject({
      name: 'Parkas for men',
      query: 'search=parka&gender=Men&sort=newest',
      mail: true,
      newCount: 0,
      newPath: null,
    });
    expect(item.path).toBe('/products?search=parka&gender=Men&sort=newest');

    const empty = await save(cookie, { name: '   ', query: 'search=x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain(SAVED_SEARCH_MESSAGES.nameRequired);
    const same = await save(cookie, { name: 'PARKAS FOR MEN', query: 'search=y' });
    expect(same.statusCode).toBe(409);
    expect(same.json<{ message: string }>().message).toBe(SAVED_SEARCH_MESSAGES.duplicateName);
    expect((await save(cookie, { name: 'x', query: 'search=x', extra: 1 })).statusCode).toBe(400);
    expect((await send(apps.ctx.app, 'POST', '/api/me/saved-searches', { body: { name: 'x', query: '' } })).statusCode).toBe(401);

    const renamed = await send(apps.ctx.app, 'PATCH', `/api/me/saved-searches/${item.id}`, { cookie, body: { name: 'Parkas' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<SavedSearch>().name).toBe('Parkas');
    const off = await send(apps.ctx.app, 'PATCH', `/api/me/saved-searches/${item.id}`, { cookie, body: { mail: false } });
    expect(off.json<SavedSearch>().mail).toBe(false);

    // Another account cannot see, change or delete it.
    const other = await person();
    expect((await list(other.cookie)).items).toEqual([]);
    expect(
      (await send(apps.ctx.app, 'PATCH', `/api/me/saved-searches/${item.id}`, { cookie: other.cookie, body: { name: 'Mine' } })).statusCode,
    ).toBe(404);
    expect((await send(apps.ctx.app, 'DELETE', `/api/me/saved-searches/${item.id}`, { cookie: other.cookie })).statusCode).toBe(404);

    expect((await send(apps.ctx.app, 'DELETE', `/api/me/saved-searches/${item.id}`, { cookie })).statusCode).toBe(204);
    expect((await list(cookie)).items).toEqual([]);
  });

  it(`keeps ${SAVED_SEARCHES_MAX} at most: the next is refused with a sentence`, async () => {
    const { cookie } = await person();
    for (let i = 1; i <= SAVED_SEARCHES_MAX; i++) {
      const res = await save(cookie, { name: `Search ${i}`, query: `search=word${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await save(cookie, { name: 'One more', query: 'search=more' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(SAVED_SEARCH_MESSAGES.limit(SAVED_SEARCHES_MAX));
    const all = await list(cookie);
    expect(all.items).toHaveLength(SAVED_SEARCHES_MAX);
    expect(all.max).toBe(SAVED_SEARCHES_MAX);
  });

  it('counts what is new since it was last opened; opening shows them and starts again', async () => {
    const { cookie } = await person();
    const item = (await save(cookie, { name: 'Gilets', query: 'search=gilet' })).json<SavedSearch>();
    await insertProducts(apps.ctx.database, [
      { title: 'Old Down Gilet', createdAt: new Date(Date.now() - DAY) },
      { title: 'Quilted Gilet' },
      { title: 'Fleece Gilet' },
    ]);
    const [listed] = (await list(cookie)).items;
    expect(listed?.newCount).toBe(2);
    expect(listed?.newPath).toMatch(/^\/products\?search=gilet&since=/);
    const opened = await send(apps.ctx.app, 'POST', `/api/me/saved-searches/${item.id}/open`, { cookie });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<SavedSearch>().newPath).toBe(listed?.newPath);
    // The new ones' own address lists exactly them.
    const page = await apps.ctx.app.inject({ method: 'GET', url: `/api/products?${listed?.newPath?.split('?')[1]}` });
    expect(
      page
        .json<{ items: { title: string }[] }>()
        .items.map((p) => p.title)
        .sort(),
    ).toEqual(['Fleece Gilet', 'Quilted Gilet']);
    // Opened: nothing is new any more until a product is added.
    const [after] = (await list(cookie)).items;
    expect(after).toMatchObject({ newCount: 0, newPath: null });
    expect(after?.lastOpenedAt).not.toBeNull();
  });
});

describe('the mail of new matches', () => {
  it('mails the new products’ cards once a day at most, for all the account’s searches together', async () => {
    const { email, cookie } = await person();
    await insertProducts(apps.ctx.database, [{ title: 'Old Anorak', price: 50, createdAt: new Date(Date.now() - DAY) }]);
    expect((await save(cookie, { name: 'Anoraks', query: 'search=anorak' })).statusCode).toBe(201);
    expect((await save(cookie, { name: 'Ponchos', query: 'search=poncho&sort=price-asc' })).statusCode).toBe(201);
    // Nothing new yet: nothing to say.
    await runJob();
    expect(apps.smtp.to(email)).toHaveLength(0);

    await insertProducts(apps.ctx.database, [
      { title: 'Storm Anorak', price: 80, image: 'https://img.example/storm.jpg' },
      { title: 'Rain Poncho', price: 25.5 },
    ]);
    await runJob();
    const mail = await apps.smtp.waitFor(email);
    expect(mail.text).toContain('Storm Anorak: $80.00');
    expect(mail.text).toContain('Rain Poncho: $25.50');
    expect(mail.text).not.toContain('Old Anorak');
    expect(mail.text).toContain('“Anoraks”');
    expect(mail.text).toContain(`${TEST_ORIGIN}/products/`);
    expect(mail.html).toContain('<img src="https://img.example/storm.jpg"');
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/finder\.test\/api\/saved-searches\/unsubscribe\?token=[^>]+>\r?$/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // The same day, more new products: no second mail.
    await insertProducts(apps.ctx.database, [{ title: 'Packable Anorak', price: 60 }]);
    await runJob();
    await apps.ctx.app.services.savedSearches.runMails(later(1000));
    expect(apps.smtp.to(email)).toHaveLength(1);

    // The next day: only what was not mailed yet.
    await apps.ctx.app.services.savedSearches.runMails(later(DAY));
    const next = await apps.smtp.waitFor(email, 2);
    expect(next.text).toContain('Packable Anorak: $60.00');
    expect(next.text).not.toContain('Storm Anorak');
    expect(next.text).not.toContain('Rain Poncho');
  });

  it('the unsubscribe links work without signing in: one search, then all', async () => {
    const { email, cookie } = await person();
    const kimono = (await save(cookie, { name: 'Kimonos', query: 'search=kimono' })).json<SavedSearch>();
    const clogs = (await save(cookie, { name: 'Clogs', query: 'search=clogs' })).json<SavedSearch>();
    await insertProducts(apps.ctx.database, [{ title: 'Silk Kimono' }, { title: 'Wooden Clogs' }]);
    await runJob();
    const mail = await apps.smtp.waitFor(email);
    const one = tokenFrom(mail.text, 'first');
    const all = tokenFrom(mail.text, 'last');
    expect(one).not.toBe(all);

    // The mail program's one-click POST (RFC 8058), no cookie, from another origin.
    const oneClick = await apps.ctx.app.inject({
      method: 'POST',
      url: `/api/saved-searches/unsubscribe?token=${one}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const mails = Object.fromEntries((await list(cookie)).items.map((s) => [s.id, s.mail]));
    // The sections are in the order the searches were saved: the first link stops the first.
    expect(mails).toEqual({ [kimono.id]: false, [clogs.id]: true });
    expect(oneClick.json<{ message: string }>().message).toBe(SAVED_SEARCH_TEXTS.unsubscribedOne('Kimonos'));

    // A person's click on the "stop all" link: a page that says it worked.
    const page = await apps.ctx.app.inject({ method: 'GET', url: `/unsubscribe/saved-searches?token=${all}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(SAVED_SEARCH_TEXTS.unsubscribedAll.replace(/’/g, '&#8217;').slice(0, 20));
    expect((await list(cookie)).items.every((s) => !s.mail)).toBe(true);

    // Nothing more is mailed, another day either.
    await insertProducts(apps.ctx.database, [{ title: 'Cotton Kimono' }, { title: 'Suede Clogs' }]);
    await apps.ctx.app.services.savedSearches.runMails(later(DAY));
    expect(apps.smtp.to(email)).toHaveLength(1);

    // A token whose signature does not hold changes nothing.
    const forged = `${one.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await apps.ctx.app.inject({ method: 'POST', url: `/api/saved-searches/unsubscribe?token=${forged}` })).statusCode).toBe(400);
    expect((await apps.ctx.app.inject({ method: 'GET', url: '/unsubscribe/saved-searches?token=nonsense' })).statusCode).toBe(400);
  });

  it('is written in the language the account chose', async () => {
    const { email, cookie } = await person();
    expect((await send(apps.ctx.app, 'PUT', '/api/me/preferences', { cookie, body: { language: 'de' } })).statusCode).toBe(200);
    await save(cookie, { name: 'Blazer', query: 'search=blazer' });
    await insertProducts(apps.ctx.database, [{ title: 'Wool Blazer', price: 1200.5 }]);
    await runJob();
    const mail = await apps.smtp.waitFor(email);
    expect(mail.text).toContain('1.200,50');
    expect(mail.text).toContain(`${TEST_ORIGIN}/de/products/`);
  });

  it('the Jobs view runs the due saved-search mails now, with the price digest', async () => {
    const developer = await signedInAs(apps.ctx.app, `saved-dev-${Date.now()}@example.com`, { isAdmin: true, isDev: true });
    const { email, cookie } = await person();
    await save(cookie, { name: 'Loafers', query: 'search=loafers' });
    await insertProducts(apps.ctx.database, [{ title: 'Suede Loafers' }]);
    const overview = (await send(apps.ctx.app, 'GET', '/api/admin/jobs', { cookie: developer })).json<JobsOverview>();
    expect(overview.schedules.map((s) => s.name)).toContain('saved-search-mails');
    const run = await send(apps.ctx.app, 'POST', '/api/admin/jobs/alerts/run', { cookie: developer });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json<AlertsRun>().queued).toContain('saved-search-mails');
    expect(run.json<AlertsRun>().message).toBe(ADMIN_TEXTS.alertsQueued);
    expect((await apps.smtp.waitFor(email, 1, 15_000)).text).toContain('Suede Loafers');
  });
});

describe('without a mail server', () => {
  it('the mail is off and cannot be turned on, with the reason; nothing is sent', async () => {
    const { cookie } = await person(apps.noMail.app);
    const created = await save(cookie, { name: 'Quiet', query: 'search=quiet' }, apps.noMail.app);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<SavedSearch>().mail).toBe(false);
    const listed = await list(cookie, apps.noMail.app);
    expect(listed).toMatchObject({ mailAvailable: false, mailUnavailableReason: SAVED_SEARCH_MESSAGES.unavailable });
    const refused = await save(cookie, { name: 'Loud', query: 'search=loud', mail: true }, apps.noMail.app);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(SAVED_SEARCH_MESSAGES.unavailable);
    const turnOn = await send(apps.noMail.app, 'PATCH', `/api/me/saved-searches/${created.json<SavedSearch>().id}`, {
      cookie,
      body: { mail: true },
    });
    expect(turnOn.statusCode).toBe(409);
    // Even with the mail stored on, there is no job and no mail.
    await apps.noMail.database.db.execute(sql`update saved_searches set mail = true`);
    await insertProducts(apps.noMail.database, [{ title: 'Quiet Tee', createdAt: later(1000) }]);
    expect(() => apps.noMail.app.services.jobs.handler('saved-search-mails')).toThrow(/No handler/);
    expect(await apps.noMail.app.services.savedSearches.runMails()).toEqual({ accounts: 0, searches: 0, sent: 0, failed: 0 });
  });
});
