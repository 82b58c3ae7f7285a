import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCE_TEXTS } from '../../../common/texts/account';
import { agents, currencyRates } from '../../db/schema/index';
import { signUp } from '../../test/auth-helpers';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // The display currencies are the base (USD) and those with a rate; the agents are the seeded ones (cnfans, kakobuy...).
  await ctx.database.db.insert(currencyRates).values([
    { currency: 'EUR', rate: 0.92 },
    { currency: 'GBP', rate: 0.79 },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const put = (cookie: string | undefined, body: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/me/preferences',
    headers: { 'content-type': 'application/json', origin: 'http://finder.test', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
const get = (cookie?: string) => ctx.app.inject({ method: 'GET', url: '/api/me/preferences', headers: cookie ? { cookie } : {} });

describe('a person’s remembered agent and currency (issue 16)', () => {
  it('refuses callers who are not signed in', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(undefined, { agent: 'cnfans' })).statusCode).toBe(401);
  });

  it('starts empty, keeps each field apart, clears with null and is private', async () => {
    const { cookie } = await signUp(ctx.app, 'prefs@example.com', 'copper kettle morning 73');
    const first = await get(cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ agent: null, currency: null, language: null });
    expect(first.headers['cache-control']).toContain('no-store');

    expect((await put(cookie, { agent: 'kakobuy' })).json()).toEqual({ agent: 'kakobuy', currency: null, language: null });
    expect((await put(cookie, { currency: 'EUR' })).json()).toEqual({ agent: 'kakobuy', currency: 'EUR', language: null });
    expect((await put(cookie, { agent: null })).json()).toEqual({ agent: null, currency: 'EUR', language: null });
    expect((await get(cookie)).json()).toEqual({ agent: null, currency: 'EUR', language: null });

    const other = await signUp(ctx.app, 'prefs-other@example.com', 'copper kettle morning 73');
    expect((await get(other.cookie)).json()).toEqual({ agent: null, currency: null, language: null });
  });

  it('answers bad values with a sentence and changes nothing', async () => {
    const { cookie } = await signUp(ctx.app, 'prefs-bad@example.com', 'copper kettle morning 73');
    await put(cookie, { agent: 'cnfans', currency: 'GBP' });
    for (const [body, message] of [
      [{ agent: 'CN Fans' }, 'The agent must be an agent’s short name'],
      [{ currency: 'euro' }, 'The currency must be a three-letter code such as EUR.'],
      [{ agent: 'x'.repeat(41) }, 'at most 40 characters'],
      [{ theme: 'dark' }, ''],
    ] as const) {
      const res = await put(cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await get(cookie)).json()).toEqual({ agent: 'cnfans', currency: 'GBP', language: null });
  });

  // Issue 25: {"agent":"nonexistent","currency":"XXX"} answered 200 and was stored.
  it('refuses an agent the site does not have or has switched off, and a currency it does not show, changing nothing', async () => {
    const { cookie } = await signUp(ctx.app, 'prefs-offer@example.com', 'copper kettle morning 73');
    await put(cookie, { agent: 'cnfans', currency: 'GBP' });
    await ctx.database.db
      .insert(agents)
      .values({ slug: 'sleepy', name: 'Sleepy', linkTemplate: 'https://sleepy.example/?u={url}', enabled: false });
    for (const [body, message] of [
      [{ agent: 'nonexistent', currency: 'XXX' }, PREFERENCE_TEXTS.unknownAgent('nonexistent')],
      [{ agent: 'sleepy' }, PREFERENCE_TEXTS.unknownAgent('sleepy')],
      [{ currency: 'XXX' }, PREFERENCE_TEXTS.unknownCurrency('XXX')],
      // A currency the site knows but has no rate for is not offered either.
      [{ currency: 'JPY' }, PREFERENCE_TEXTS.unknownCurrency('JPY')],
    ] as const) {
      const res = await put(cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message });
    }
    expect((await get(cookie)).json()).toEqual({ agent: 'cnfans', currency: 'GBP', language: null });
    // The base currency is offered (the picker sends null for it, but naming it is no mistake).
    expect((await put(cookie, { currency: 'USD' })).json()).toEqual({ agent: 'cnfans', currency: 'USD', language: null });
  });

  it('reads a choice the site no longer offers as not chosen, and still saves the other field', async () => {
    const { cookie } = await signUp(ctx.app, 'prefs-stale@example.com', 'copper kettle morning 73');
    await ctx.database.db.insert(agents).values({ slug: 'goner', name: 'Goner', linkTemplate: 'https://goner.example/?u={url}' });
    expect((await put(cookie, { agent: 'goner', currency: 'EUR' })).json()).toEqual({ agent: 'goner', currency: 'EUR', language: null });
    // The agent is deleted and the euro's rate cleared afterwards: the GET answers, with nulls for both.
    await ctx.database.db.delete(agents).where(eq(agents.slug, 'goner'));
    await ctx.database.db.delete(currencyRates).where(eq(currencyRates.currency, 'EUR'));
    const res = await get(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ agent: null, currency: null, language: null });
    // Saving the other field works and answers without the stale one.
    expect((await put(cookie, { currency: 'GBP' })).json()).toEqual({ agent: null, currency: 'GBP', language: null });
    await ctx.database.db.insert(currencyRates).values({ currency: 'EUR', rate: 0.92 });
  });
});
