import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/auth-helpers';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
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
    expect(first.json()).toEqual({ agent: null, currency: null });
    expect(first.headers['cache-control']).toContain('no-store');

    expect((await put(cookie, { agent: 'kakobuy' })).json()).toEqual({ agent: 'kakobuy', currency: null });
    expect((await put(cookie, { currency: 'EUR' })).json()).toEqual({ agent: 'kakobuy', currency: 'EUR' });
    expect((await put(cookie, { agent: null })).json()).toEqual({ agent: null, currency: 'EUR' });
    expect((await get(cookie)).json()).toEqual({ agent: null, currency: 'EUR' });

    const other = await signUp(ctx.app, 'prefs-other@example.com', 'copper kettle morning 73');
    expect((await get(other.cookie)).json()).toEqual({ agent: null, currency: null });
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
    expect((await get(cookie)).json()).toEqual({ agent: 'cnfans', currency: 'GBP' });
  });
});
