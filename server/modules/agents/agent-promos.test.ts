// Issue 29: an agent's promotion. Set and removed in the Agents tab (audited), shown to the storefront only from its
// start to its end, decided by the time of each answer; a kept answer (the response cache, a CDN) never outlives the
// moment it stops being true; clicks on it counted per agent.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAgent, AgentList } from '../../../common/schemas/agent';
import type { AnalyticsSummary } from '../../../common/schemas/analytics';
import { send, signedInAs } from '../../test/auth-helpers';
import { createTestApp, postAnalyticsEvent, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin = '';
let user = '';
let kakobuy: AdminAgent;

beforeAll(async () => {
  // The response cache keeps answers here (1 MB), as it does in production.
  ctx = await createTestApp({}, { responseCacheBytes: 1_000_000 });
  admin = await signedInAs(ctx.app, 'promo-admin@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'promo-user@example.com');
  kakobuy = (await send(ctx.app, 'GET', '/api/admin/agents', { cookie: admin }))
    .json<{ items: AdminAgent[] }>()
    .items.find((a) => a.slug === 'kakobuy')!;
});
afterAll(async () => {
  await ctx?.close();
});

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleepUntil = async (iso: string) => {
  const wait = Date.parse(iso) - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait + 20));
};
const setPromo = (body: unknown, cookie = admin) => send(ctx.app, 'PUT', `/api/admin/agents/${kakobuy.id}/promo`, { cookie, body });
const publicPromo = async () => {
  const res = await send(ctx.app, 'GET', '/api/agents');
  return { res, promo: res.json<AgentList>().items.find((a) => a.slug === 'kakobuy')!.promo };
};
/** s-maxage plus stale-while-revalidate of a Cache-Control: how long a shared cache may serve the answer. */
const sharedLifetime = (header: string | string[] | number | undefined) => {
  const value = String(header);
  const n = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(value)?.[1] ?? NaN);
  return n('s-maxage') + n('stale-while-revalidate');
};

describe('an agent\u2019s promotion', () => {
  it('is refused with sentences when it does not make sense, and only admins set it', async () => {
    const good = {
      text: '$20 off your first haul',
      code: 'FIND20',
      link: 'https://www.kakobuy.com/promo',
      startsAt: at(-1000),
      endsAt: at(60_000),
    };
    const refusal = async (body: unknown) => (await setPromo(body)).json<{ message: string }>().message;
    expect(await refusal({ ...good, endsAt: good.startsAt })).toBe('endsAt: End must be after the start');
    expect(await refusal({ ...good, link: 'javascript:alert(1)' })).toBe(
      'link: Link must be an http(s) address such as https://agent.example/promo',
    );
    expect(await refusal({ ...good, text: ' ' })).toBe('text: Promotion text is required');
    expect(await refusal({ ...good, startsAt: 'tomorrow' })).toBe('startsAt: Start must be a date and time such as 2026-12-01T09:00:00Z');
    expect((await setPromo(good, user)).statusCode).toBe(403);
    expect(
      (await send(ctx.app, 'PUT', '/api/admin/agents/00000000-0000-4000-8000-000000000000/promo', { cookie: admin, body: good }))
        .statusCode,
    ).toBe(404);
  });

  it('is audited when set, changed and removed; an agent edit without it keeps it', async () => {
    const body = {
      text: 'Free shipping insurance',
      code: '',
      link: null,
      startsAt: '2030-01-01T00:00:00Z',
      endsAt: '2030-01-08T00:00:00+02:00',
    };
    const saved = await setPromo(body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminAgent>().promo).toEqual({
      text: 'Free shipping insurance',
      code: null,
      link: null,
      startsAt: '2030-01-01T00:00:00.000Z',
      endsAt: '2030-01-07T22:00:00.000Z',
      state: 'scheduled',
    });
    // The same again records nothing; the setup checklist's referral code (a PUT of the agent) leaves it alone.
    expect((await setPromo(body)).statusCode).toBe(200);
    const { id, promo, position, createdAt, updatedAt, ...input } = saved.json<AdminAgent>();
    void [position, createdAt, updatedAt, promo];
    const edited = await send(ctx.app, 'PUT', `/api/admin/agents/${id}`, { cookie: admin, body: { ...input, referralCode: 'KAKO' } });
    expect(edited.json<AdminAgent>().promo?.text).toBe('Free shipping insurance');
    const removed = await send(ctx.app, 'DELETE', `/api/admin/agents/${id}/promo`, { cookie: admin });
    expect(removed.json<AdminAgent>().promo).toBeNull();
    const entries = await ctx.database.rows<{
      action: string;
      subject: string;
      email: string;
      details: { changes: Record<string, { from: unknown; to: unknown }> };
    }>(
      sql`select action, subject, actor_email as email, details from audit_log where action = 'agent-update' and subject = 'Kakobuy' order by created_at`,
    );
    const promoEntries = entries.filter((e) => 'promo' in e.details.changes);
    expect(promoEntries.map((e) => [e.details.changes.promo?.from === null, e.details.changes.promo?.to === null])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(promoEntries[0]?.email).toBe('promo-admin@example.com');
    expect(promoEntries[0]?.details.changes.promo?.to).toMatchObject({
      text: 'Free shipping insurance',
      code: null,
      startsAt: '2030-01-01T00:00:00.000Z',
    });
  });

  it('shows only from its start to its end, decided for each answer, and no kept answer outlives either moment', async () => {
    const startsAt = at(1500);
    const endsAt = at(3000);
    expect(
      (await setPromo({ text: '10% off shipping', code: 'SHIP10', link: 'https://www.kakobuy.com/ship', startsAt, endsAt })).statusCode,
    ).toBe(200);

    // Before the start: no promotion, and caches may keep this answer only until the start.
    const before = await publicPromo();
    expect(before.promo).toBeNull();
    expect(sharedLifetime(before.res.headers['cache-control'])).toBeLessThanOrEqual(Math.ceil((Date.parse(startsAt) - Date.now()) / 1000));
    // The change's notification drops the cache through the database, a moment later on PostgreSQL: ask again until
    // the kept copy answers (well before the start).
    let hit = await publicPromo();
    for (let i = 0; hit.res.headers['x-cache'] !== 'hit' && i < 20; i++) hit = await publicPromo();
    expect(hit.res.headers['x-cache']).toBe('hit');
    expect(hit.promo).toBeNull();
    expect(sharedLifetime(hit.res.headers['cache-control'])).toBeLessThanOrEqual(Math.ceil((Date.parse(startsAt) - Date.now()) / 1000));

    await sleepUntil(startsAt);
    const running = await publicPromo();
    expect(running.res.headers['x-cache']).toBe('miss');
    expect(running.promo).toEqual({ text: '10% off shipping', code: 'SHIP10', link: 'https://www.kakobuy.com/ship', endsAt });
    expect(sharedLifetime(running.res.headers['cache-control'])).toBeLessThanOrEqual(Math.ceil((Date.parse(endsAt) - Date.now()) / 1000));
    expect((await publicPromo()).res.headers['x-cache']).toBe('hit');
    const listed = (await send(ctx.app, 'GET', '/api/admin/agents', { cookie: admin })).json<{ items: AdminAgent[] }>().items;
    expect(listed.find((a) => a.slug === 'kakobuy')?.promo?.state).toBe('running');

    // After the end: gone by itself, though nothing changed in the database; the kept copy is not served.
    await sleepUntil(endsAt);
    const after = await publicPromo();
    expect(after.res.headers['x-cache']).toBe('miss');
    expect(after.promo).toBeNull();
    expect(after.res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    const ended = (await send(ctx.app, 'GET', '/api/admin/agents', { cookie: admin })).json<{ items: AdminAgent[] }>().items;
    expect(ended.find((a) => a.slug === 'kakobuy')?.promo?.state).toBe('ended');
  });

  it('counts clicks on its link and copies of its code per agent in Analytics', async () => {
    const event = (body: object, ip = '10.3.3.3') => postAnalyticsEvent(ctx.app, body, ip);
    expect((await event({ kind: 'agent-promo', agent: 'kakobuy', source: 'copy-code' })).statusCode).toBe(204);
    expect((await event({ kind: 'agent-promo', agent: 'kakobuy', source: 'copy-code' })).statusCode).toBe(204);
    expect((await event({ kind: 'agent-promo', agent: 'kakobuy', source: 'link' })).statusCode).toBe(204);
    expect((await event({ kind: 'agent-promo', agent: 'kakobuy', source: 'copy-code' }, '10.3.3.4')).statusCode).toBe(204);
    expect((await event({ kind: 'agent-promo', agent: 'kakobuy', source: 'banner' })).statusCode).toBe(400);
    const summary = (await send(ctx.app, 'GET', '/api/admin/analytics', { cookie: admin })).json<AnalyticsSummary>();
    expect(summary.agentActivity).toEqual([{ agent: 'kakobuy', name: 'Kakobuy', converterClicks: 0, promoLinks: 1, promoCodes: 2 }]);
  });
});
