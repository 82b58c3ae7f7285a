import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AGENT_LIMITS } from '../../../common/agents';
import { SEEDED_AGENTS } from '../../../common/agent-links.fixtures';
import type { AdminAgent, AdminAgentList, AgentList } from '../../../common/schemas/agent';
import { auditEntries, refuseAuditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { withAdminApp } from '../../test/admin-app';
import { createTestApp } from '../../test/test-app';

const t = withAdminApp({ name: 'agents', user: true });

const adminList = async () => {
  const res = await send(t.ctx.app, 'GET', '/api/admin/agents', { cookie: t.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminAgentList>().items;
};
const publicList = async () => {
  const res = await send(t.ctx.app, 'GET', '/api/agents');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AgentList>().items;
};
const bySlug = async (slug: string) => {
  const found = (await adminList()).find((a) => a.slug === slug);
  if (!found) throw new Error(`no agent ${slug}`);
  return found;
};
const create = (body: unknown, cookie = t.admin) => send(t.ctx.app, 'POST', '/api/admin/agents', { cookie, body });
const update = (id: string, body: unknown, cookie = t.admin) => send(t.ctx.app, 'PUT', `/api/admin/agents/${id}`, { cookie, body });
const inputOf = (a: AdminAgent) => ({
  slug: a.slug,
  name: a.name,
  template: a.template,
  platformCodes: a.platformCodes,
  referralCode: a.referralCode,
  enabled: a.enabled,
  isDefault: a.isDefault,
});
const NEW_AGENT = { slug: 'litbuy', name: 'LitBuy', template: 'https://litbuy.example/item?url={url}&code={ref}', referralCode: 'finder' };

describe('the seeded agents (migration 0012)', () => {
  it('are the common agents with their link formats, CNFans the default, in the fixtures’ order', async () => {
    const list = await adminList();
    expect(list.map((a) => ({ slug: a.slug, name: a.name, template: a.template, platformCodes: a.platformCodes }))).toEqual(
      SEEDED_AGENTS.map((a) => ({ slug: a.slug, name: a.name, template: a.template, platformCodes: a.platformCodes })),
    );
    expect(list.filter((a) => a.isDefault).map((a) => a.slug)).toEqual(['cnfans']);
    expect(list.every((a) => a.enabled && a.referralCode === '')).toBe(true);
  });
});

describe('GET /api/agents', () => {
  it('lists the enabled agents in order, with what BUY needs, and may be kept by caches', async () => {
    const res = await send(t.ctx.app, 'GET', '/api/agents');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const [first] = res.json<AgentList>().items;
    expect(first).toEqual({
      slug: 'cnfans',
      name: 'CNFans',
      template: SEEDED_AGENTS[0]?.template,
      platformCodes: SEEDED_AGENTS[0]?.platformCodes,
      referralCode: '',
      isDefault: true,
      promo: null,
    });
  });
});

describe('admin agents', () => {
  it('refuses visitors and users without the t.admin role', async () => {
    expect((await send(t.ctx.app, 'GET', '/api/admin/agents')).statusCode).toBe(401);
    expect((await send(t.ctx.app, 'GET', '/api/admin/agents', { cookie: t.user })).statusCode).toBe(403);
    expect((await create(NEW_AGENT, t.user)).statusCode).toBe(403);
  });

  it('adds an agent last, recorded in the audit log; the storefront lists it', async () => {
    const res = await create(NEW_AGENT);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<AdminAgent>();
    expect(made).toMatchObject({
      slug: 'litbuy',
      name: 'LitBuy',
      referralCode: 'finder',
      enabled: true,
      isDefault: false,
      platformCodes: {},
    });
    expect(made.position).toBe(SEEDED_AGENTS.length);
    expect((await publicList()).at(-1)?.slug).toBe('litbuy');
    const [entry] = await auditEntries(t.ctx.database, 'agent-create');
    expect(entry).toMatchObject({ subject: 'LitBuy', actorEmail: 'agents-admin@example.com' });
    expect((await create(NEW_AGENT)).json()).toMatchObject({ statusCode: 409, message: 'An agent with the slug "litbuy" already exists.' });
  });

  it.each([
    [{ ...NEW_AGENT, slug: 'Lit Buy' }, 'Slug may hold lower-case letters, digits and dashes, starting with a letter or digit'],
    [{ ...NEW_AGENT, slug: '-x' }, 'Slug may hold lower-case letters, digits and dashes, starting with a letter or digit'],
    [{ ...NEW_AGENT, name: ' ' }, 'Name is required'],
    [
      { ...NEW_AGENT, template: 'javascript:alert({url})' },
      'Link template must be an http(s) address such as https://agent.example/item?url={url}',
    ],
    [
      { ...NEW_AGENT, template: 'https://litbuy.example/item?ref={ref}' },
      'Link template must contain {url} or {id}, or it cannot name the item',
    ],
    [
      { ...NEW_AGENT, template: 'https://litbuy.example/item?id={itemId}' },
      'Link template: {itemId} is no placeholder; use {url}, {id}, {platform}, {ref}',
    ],
    [{ ...NEW_AGENT, platformCodes: { amazon: 'A' } }, 'Marketplace codes are for taobao, weidian, 1688, tmall'],
    [{ ...NEW_AGENT, platformCodes: { taobao: 'a b' } }, 'A marketplace code may hold letters, digits, dots, dashes and underscores'],
    [{ ...NEW_AGENT, enabled: false, isDefault: true }, 'The default agent must be enabled'],
  ])('refuses %o with a sentence', async (body, message) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('changes an agent and records only what changed', async () => {
    const kako = await bySlug('kakobuy');
    const res = await update(kako.id, { ...inputOf(kako), referralCode: ' KAKO1 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminAgent>().referralCode).toBe('KAKO1');
    const entries = await auditEntries(t.ctx.database, 'agent-update');
    expect(entries.at(-1)?.details).toMatchObject({ changes: { referralCode: { from: '', to: 'KAKO1' } } });
    const again = await update(kako.id, { ...inputOf(kako), referralCode: 'KAKO1' });
    expect(again.statusCode).toBe(200);
    expect(await auditEntries(t.ctx.database, 'agent-update')).toHaveLength(entries.length);
    expect((await update('00000000-0000-4000-8000-000000000000', inputOf(kako))).statusCode).toBe(404);
  });

  it('keeps exactly one default among the enabled agents', async () => {
    const cnfans = await bySlug('cnfans');
    const refused = async (res: Awaited<ReturnType<typeof update>>, message: string) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    };
    await refused(
      await update(cnfans.id, { ...inputOf(cnfans), enabled: false, isDefault: false }),
      'CNFans is the default agent: make another agent the default before disabling it.',
    );
    await refused(
      await update(cnfans.id, { ...inputOf(cnfans), isDefault: false }),
      'CNFans is the default agent: make another agent the default instead.',
    );
    await refused(
      await send(t.ctx.app, 'DELETE', `/api/admin/agents/${cnfans.id}`, { cookie: t.admin }),
      'CNFans is the default agent: make another agent the default before deleting it.',
    );

    // A disabled agent cannot become the default.
    const hoobuy = await bySlug('hoobuy');
    expect((await update(hoobuy.id, { ...inputOf(hoobuy), enabled: false })).statusCode).toBe(200);
    await refused(
      await send(t.ctx.app, 'POST', `/api/admin/agents/${hoobuy.id}/default`, { cookie: t.admin }),
      'Hoobuy is disabled: enable it before making it the default.',
    );
    expect((await publicList()).map((a) => a.slug)).not.toContain('hoobuy');

    // Another takes over: the old default is an ordinary agent again, and may be disabled.
    const mule = await bySlug('mulebuy');
    const made = await send(t.ctx.app, 'POST', `/api/admin/agents/${mule.id}/default`, { cookie: t.admin });
    expect(made.statusCode, made.body).toBe(200);
    let list = await adminList();
    expect(list.filter((a) => a.isDefault).map((a) => a.slug)).toEqual(['mulebuy']);
    expect((await update(cnfans.id, { ...inputOf(cnfans), isDefault: false, enabled: false })).statusCode).toBe(200);
    expect(
      (await auditEntries(t.ctx.database, 'agent-update')).some(
        (e) => (e.details as { previousDefault?: string }).previousDefault === 'CNFans',
      ),
    ).toBe(true);

    // Ticking Default on an edit takes it over too.
    const back = await update(cnfans.id, { ...inputOf(cnfans), enabled: true, isDefault: true });
    expect(back.statusCode, back.body).toBe(200);
    list = await adminList();
    expect(list.filter((a) => a.isDefault).map((a) => a.slug)).toEqual(['cnfans']);
    expect((await update(hoobuy.id, { ...inputOf(hoobuy), enabled: true })).statusCode).toBe(200);
  });

  it('turns off the enabled agents without a referral code but the default, in one audited change; the setup item is then done', async () => {
    const path = '/api/admin/agents/disable-without-referral';
    expect((await send(t.ctx.app, 'POST', path, { cookie: t.user })).statusCode).toBe(403);
    const before = await adminList();
    const cnfans = before.find((a) => a.isDefault)!;
    const lit = before.find((a) => a.enabled && !a.isDefault)!;
    // The default has its code, one optional agent too; a disabled one stays as it is.
    expect((await update(cnfans.id, { ...inputOf(cnfans), referralCode: 'OWNER1' })).statusCode).toBe(200);
    expect((await update(lit.id, { ...inputOf(lit), referralCode: 'LIT7' })).statusCode).toBe(200);
    const uncoded = before.filter((a) => a.enabled && !a.isDefault && a.id !== lit.id && a.referralCode.trim() === '');
    expect(uncoded.length).toBeGreaterThan(3);
    const setupBefore = await send(t.ctx.app, 'GET', '/api/admin/setup', { cookie: t.admin });
    expect(setupBefore.json<{ pending: string[] }>().pending).toContain('referral-codes');

    const res = await send(t.ctx.app, 'POST', path, { cookie: t.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ disabled: string[] }>().disabled).toEqual(uncoded.map((a) => a.name));
    const after = await adminList();
    const kept = before.filter((a) => a.enabled && !uncoded.includes(a)).map((a) => a.slug);
    expect(kept).toEqual(expect.arrayContaining([cnfans.slug, lit.slug]));
    expect(after.filter((a) => a.enabled).map((a) => a.slug)).toEqual(kept);
    const entry = (await auditEntries(t.ctx.database, 'agent-update')).at(-1);
    expect(entry?.subject).toBe('Agents without a referral code');
    expect((entry?.details as { agents: string[] }).agents).toEqual(uncoded.map((a) => a.name));
    const setupAfter = await send(t.ctx.app, 'GET', '/api/admin/setup', { cookie: t.admin });
    expect(setupAfter.json<{ pending: string[] }>().pending).not.toContain('referral-codes');
    // Again: nothing left to turn off, nothing recorded.
    const count = (await auditEntries(t.ctx.database, 'agent-update')).length;
    const again = await send(t.ctx.app, 'POST', path, { cookie: t.admin });
    expect(again.json<{ disabled: string[] }>().disabled).toEqual([]);
    expect((await auditEntries(t.ctx.database, 'agent-update')).length).toBe(count);

    // Back as they were for the other tests.
    for (const agent of before) {
      const now = (await adminList()).find((a) => a.id === agent.id)!;
      expect((await update(agent.id, { ...inputOf(now), enabled: agent.enabled, referralCode: agent.referralCode })).statusCode).toBe(200);
    }
  });

  it('puts the agents in a new order that names each once', async () => {
    const list = await adminList();
    const ids = list.map((a) => a.id);
    const swapped = [ids[1], ids[0], ...ids.slice(2)];
    const res = await send(t.ctx.app, 'PUT', '/api/admin/agents/order', { cookie: t.admin, body: { ids: swapped } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminAgentList>().items.map((a) => a.id)).toEqual(swapped);
    expect((await publicList()).map((a) => a.slug).slice(0, 2)).toEqual([list[1]?.slug, list[0]?.slug]);
    const entry = (await auditEntries(t.ctx.database, 'agent-update')).at(-1);
    expect(entry?.subject).toBe('Agents order');

    const short = await send(t.ctx.app, 'PUT', '/api/admin/agents/order', { cookie: t.admin, body: { ids: ids.slice(1) } });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toMatch(/^ids must name every agent once/);
    const twice = await send(t.ctx.app, 'PUT', '/api/admin/agents/order', { cookie: t.admin, body: { ids: [ids[0], ids[0]] } });
    expect(twice.statusCode).toBe(400);
    await send(t.ctx.app, 'PUT', '/api/admin/agents/order', { cookie: t.admin, body: { ids } });
  });

  it('deletes an agent other than the default, recorded; nothing is deleted when the entry cannot be written', async () => {
    const lit = await bySlug('litbuy');
    const lift = await refuseAuditEntries(t.ctx.database, 'agent-delete');
    try {
      expect((await send(t.ctx.app, 'DELETE', `/api/admin/agents/${lit.id}`, { cookie: t.admin })).statusCode).toBe(500);
    } finally {
      await lift();
    }
    expect((await adminList()).map((a) => a.slug)).toContain('litbuy');
    const res = await send(t.ctx.app, 'DELETE', `/api/admin/agents/${lit.id}`, { cookie: t.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect((await adminList()).map((a) => a.slug)).not.toContain('litbuy');
    expect((await auditEntries(t.ctx.database, 'agent-delete'))[0]?.details).toMatchObject({
      deleted: { slug: 'litbuy', referralCode: 'finder' },
    });
    expect((await send(t.ctx.app, 'DELETE', `/api/admin/agents/${lit.id}`, { cookie: t.admin })).statusCode).toBe(404);
  });
});

describe('rendered pages', () => {
  const plan = (url: string) =>
    t.ctx.app.services.pages.plan({ url, origin: 'http://127.0.0.1', phone: false, seed: 1, signedIn: async () => false });

  it('carry the enabled agents, so BUY and the pickers have them at first paint', async () => {
    for (const url of ['/', '/privacy-policy']) {
      const page = await plan(url);
      expect(page.kind === 'page' && page.data.agents).toEqual(await publicList());
    }
  });
});

describe('how many agents there may be', () => {
  it(`refuses the agent past ${AGENT_LIMITS.count} with a sentence, adding nothing`, async () => {
    const full = await createTestApp();
    try {
      const cookie = await signedInAs(full.app, 'agents-full@example.com', { isAdmin: true });
      await full.database.rows(sql`
        insert into agents (slug, name, link_template, enabled, position)
        select 'filler-' || n, 'Filler ' || n, 'https://filler.example/item?id={id}', false, 100 + n
        from generate_series(1, ${AGENT_LIMITS.count} - (select count(*)::int from agents)) as n`);
      const res = await send(full.app, 'POST', '/api/admin/agents', { cookie, body: NEW_AGENT });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(
        `There can be at most ${AGENT_LIMITS.count} agents. Delete one you no longer offer first.`,
      );
      const [count] = await full.database.rows<{ n: number }>(sql`select count(*)::int as n from agents`);
      expect(count?.n).toBe(AGENT_LIMITS.count);
    } finally {
      await full.close();
    }
  });
});
