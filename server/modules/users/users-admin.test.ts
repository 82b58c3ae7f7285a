import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../common/schemas/audit';
import type { AdminUser, AdminUserPage } from '../../../common/schemas/user';
import { USER_ROLE_ERRORS } from '../../../common/texts/users';
import { auditLog, users } from '../../db/schema/index';
import { createUnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../errors';
import { me, send, signedInAs } from '../../test/auth-helpers';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { createAuditRepo } from '../audit/audit.repo';
import { createUsersAdminService, decideRoleChange } from './users-admin.service';
import { createUsersRepo } from './users.repo';
import { COMMAND_LINE_ACTOR } from './users.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A browser-like PATCH from the site's own pages (the shared helper knows no PATCH). */
function patch(app: FastifyInstance, url: string, body: unknown, cookie: string) {
  return app.inject({
    method: 'PATCH',
    url,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function idOf(email: string): Promise<string> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

async function flagsOf(email: string) {
  const [row] = await ctx.database.db.select({ isAdmin: users.isAdmin, isDev: users.isDev }).from(users).where(eq(users.email, email));
  return row;
}

/** Entries the dashboard wrote (signedInAs sets roles the command line's way, which the log records too). */
const auditEntriesAbout = (...emails: string[]) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'user-roles'), inArray(auditLog.subject, emails), isNotNull(auditLog.actorId)));

async function setRoles(cookie: string, email: string, body: unknown) {
  return patch(ctx.app, `/api/admin/users/${await idOf(email)}`, body, cookie);
}

async function list(cookie: string, query = '') {
  const res = await send(ctx.app, 'GET', `/api/admin/users${query}`, { cookie });
  return { res, page: res.json() as AdminUserPage };
}

describe('GET /api/admin/users', () => {
  let admin = '';
  const token = 'listing';
  beforeAll(async () => {
    admin = await signedInAs(ctx.app, `boss.${token}@example.com`, { isAdmin: true });
    for (const n of [1, 2, 3, 4, 5]) await signedInAs(ctx.app, `member${n}.${token}@example.com`);
    await ctx.database.db
      .update(users)
      .set({ name: 'Ada Lovelace' })
      .where(eq(users.email, `member3.${token}@example.com`));
    await ctx.database.db
      .update(users)
      .set({ name: '100% Cotton' })
      .where(eq(users.email, `member4.${token}@example.com`));
    await signedInAs(ctx.app, `devflag.${token}@example.com`, { isDev: true });
  });

  it('lists accounts newest first with their sign-in methods and roles', async () => {
    const { res, page } = await list(admin, `?search=.${token}@`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 25 });
    expect(page.items.map((u) => u.email)).toEqual([
      `devflag.${token}@example.com`,
      ...[5, 4, 3, 2, 1].map((n) => `member${n}.${token}@example.com`),
      `boss.${token}@example.com`,
    ]);
    const boss = page.items.at(-1) as AdminUser;
    expect(boss).toEqual({
      id: await idOf(`boss.${token}@example.com`),
      email: `boss.${token}@example.com`,
      name: '',
      image: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      providers: ['credential'],
      isAdmin: true,
      isDev: false,
    });
    expect(page.items[0]).toMatchObject({ isAdmin: false, isDev: true });
  });

  it('pages through the accounts with the total on every page', async () => {
    const first = (await list(admin, `?search=member&pageSize=2`)).page;
    const third = (await list(admin, `?search=member&pageSize=2&page=3`)).page;
    const past = (await list(admin, `?search=member&pageSize=2&page=9`)).page;
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((u) => u.email)).toEqual([`member5.${token}@example.com`, `member4.${token}@example.com`]);
    expect(third.items.map((u) => u.email)).toEqual([`member1.${token}@example.com`]);
    expect(past).toMatchObject({ total: 5, items: [] });
  });

  it('searches email and name case-insensitively, wildcards taken literally', async () => {
    expect((await list(admin, '?search=MEMBER2.LISTING')).page.items.map((u) => u.email)).toEqual([`member2.${token}@example.com`]);
    expect((await list(admin, `?search=${encodeURIComponent('  ada LOVE ')}`)).page.items.map((u) => u.email)).toEqual([
      `member3.${token}@example.com`,
    ]);
    expect((await list(admin, '?search=%25')).page.items.map((u) => u.email)).toEqual([`member4.${token}@example.com`]);
    expect((await list(admin, '?search=_')).page.total).toBe(0);
    expect((await list(admin, '?search=nobody-has-this')).page).toMatchObject({ total: 0, items: [] });
  });

  it('filters by role flag', async () => {
    const admins = (await list(admin, `?search=${token}&role=admin`)).page;
    expect(admins.items.map((u) => u.email)).toEqual([`boss.${token}@example.com`]);
    const developers = (await list(admin, `?search=${token}&role=developer`)).page;
    expect(developers.items.map((u) => u.email)).toEqual([`devflag.${token}@example.com`]);
  });

  it('refuses bad queries with a sentence', async () => {
    const cases: Array<[string, string]> = [
      ['?page=0', 'page must be at least 1'],
      ['?page=two', 'page must be a whole number'],
      ['?pageSize=101', 'pageSize must be at most 100'],
      ['?role=owner', 'role must be all, admin or developer'],
      [`?search=${'x'.repeat(255)}`, 'search must be at most 254 characters'],
    ];
    for (const [query, message] of cases) {
      const { res } = await list(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining(message) });
    }
  });

  it('is for admins only', async () => {
    const user = await signedInAs(ctx.app, `plain.${token}@example.com`);
    expect((await list('')).res.statusCode).toBe(401);
    expect((await list(user)).res.statusCode).toBe(403);
    const devFlagOnly = await signedInAs(ctx.app, `devflag.only.${token}@example.com`, { isDev: true });
    expect((await list(devFlagOnly)).res.statusCode).toBe(403);
  });
});

describe('PATCH /api/admin/users/:id', () => {
  let admin = '';
  let developer = '';
  const ADMIN = 'admin.roles@example.com';
  const DEVELOPER = 'developer.roles@example.com';
  beforeAll(async () => {
    admin = await signedInAs(ctx.app, ADMIN, { isAdmin: true });
    developer = await signedInAs(ctx.app, DEVELOPER, { isAdmin: true, isDev: true });
  });

  it('grants and revokes admin, records who changed what, and the account gets the dashboard', async () => {
    const target = 'promote.me@example.com';
    const cookie = await signedInAs(ctx.app, target);
    const granted = await setRoles(admin, target, { isAdmin: true });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ email: target, isAdmin: true, isDev: false, providers: ['credential'] });
    expect((await me(ctx.app, cookie)).user).toMatchObject({ isAdmin: true });
    expect((await list(cookie, '?search=promote.me')).res.statusCode).toBe(200);

    const revoked = await setRoles(developer, target, { isAdmin: false });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ isAdmin: false, isDev: false });
    expect((await list(cookie)).res.statusCode).toBe(403);

    const entries = await auditEntriesAbout(target);
    expect(entries).toHaveLength(2);
    const byActor = Object.fromEntries(entries.map((e) => [e.actorEmail, e]));
    expect(byActor[ADMIN]).toMatchObject({
      status: 'succeeded',
      actorId: await idOf(ADMIN),
      details: { userId: await idOf(target), before: { isAdmin: false, isDev: false }, after: { isAdmin: true, isDev: false } },
    });
    expect(byActor[DEVELOPER]).toMatchObject({
      details: { before: { isAdmin: true, isDev: false }, after: { isAdmin: false, isDev: false } },
    });

    // The audit log route shows them, newest first.
    const log = await send(ctx.app, 'GET', '/api/admin/audit-log?action=user-roles', { cookie: admin });
    const mine = (log.json() as AuditPage).items.filter((e) => e.subject === target && e.actorEmail !== COMMAND_LINE_ACTOR.email);
    expect(mine.map((e) => e.actorEmail)).toEqual([DEVELOPER, ADMIN]);
  });

  it('changes nothing and records nothing when the account already has those roles', async () => {
    const target = 'already.there@example.com';
    await signedInAs(ctx.app, target, { isAdmin: true });
    const res = await setRoles(admin, target, { isAdmin: true, isDev: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isAdmin: true, isDev: false });
    expect(await auditEntriesAbout(target)).toEqual([]);
  });

  it('lets only developers grant or revoke the developer role', async () => {
    const target = 'dev.candidate@example.com';
    await signedInAs(ctx.app, target, { isAdmin: true });
    for (const body of [{ isDev: true }, { isAdmin: false, isDev: true }]) {
      const refused = await setRoles(admin, target, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: USER_ROLE_ERRORS.developerOnly });
    }
    expect(await flagsOf(target)).toEqual({ isAdmin: true, isDev: false });
    expect(await auditEntriesAbout(target)).toEqual([]);

    // Restating the developer flag it already has is not a change of it.
    expect((await setRoles(admin, target, { isAdmin: false, isDev: false })).statusCode).toBe(200);
    expect(await flagsOf(target)).toEqual({ isAdmin: false, isDev: false });

    expect((await setRoles(developer, target, { isAdmin: true, isDev: true })).json()).toMatchObject({ isAdmin: true, isDev: true });
    const refusedRevoke = await setRoles(admin, target, { isDev: false });
    expect(refusedRevoke.statusCode).toBe(403);
    expect((await setRoles(developer, target, { isDev: false })).json()).toMatchObject({ isAdmin: true, isDev: false });
    expect(await auditEntriesAbout(target)).toHaveLength(3);
  });

  // Issue 13: a plain admin answered 200 to {"isAdmin": false} on a developer's account.
  it('lets only a developer change anything on a developer’s account', async () => {
    const target = 'protected.developer@example.com';
    await signedInAs(ctx.app, target, { isAdmin: true, isDev: true });
    for (const body of [{ isAdmin: false }, { isAdmin: false, isDev: false }, { isDev: false }]) {
      const refused = await setRoles(admin, target, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: USER_ROLE_ERRORS.developerAccount(target) });
    }
    expect(await flagsOf(target)).toEqual({ isAdmin: true, isDev: true });
    // Restating what it has changes nothing and is not refused.
    expect((await setRoles(admin, target, { isAdmin: true })).statusCode).toBe(200);
    expect(await auditEntriesAbout(target)).toEqual([]);

    // An account with only the flag: a plain admin granting admin would make it a developer.
    const flagOnly = 'flag.only@example.com';
    await signedInAs(ctx.app, flagOnly, { isDev: true });
    expect((await setRoles(admin, flagOnly, { isAdmin: true })).statusCode).toBe(403);
    expect(await flagsOf(flagOnly)).toEqual({ isAdmin: false, isDev: true });

    const byDeveloper = await setRoles(developer, target, { isAdmin: false });
    expect(byDeveloper.statusCode, byDeveloper.body).toBe(200);
    expect(await flagsOf(target)).toEqual({ isAdmin: false, isDev: true });
  });

  it('refuses to remove your own admin role, and lets a developer drop their own developer role', async () => {
    const self = 'self.demoter@example.com';
    const cookie = await signedInAs(ctx.app, self, { isAdmin: true, isDev: true });
    for (const body of [{ isAdmin: false }, { isAdmin: false, isDev: false }]) {
      const refused = await setRoles(cookie, self, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: USER_ROLE_ERRORS.ownAdmin });
    }
    expect(await flagsOf(self)).toEqual({ isAdmin: true, isDev: true });
    expect(await auditEntriesAbout(self)).toEqual([]);
    expect((await setRoles(cookie, self, { isAdmin: true })).statusCode).toBe(200);
    expect((await setRoles(cookie, self, { isDev: false })).json()).toMatchObject({ isAdmin: true, isDev: false });
    expect(await auditEntriesAbout(self)).toHaveLength(1);
  });

  it('answers 404 for an unknown account and 400 for an id that is not a UUID', async () => {
    const unknown = await patch(ctx.app, `/api/admin/users/${UNKNOWN_ID}`, { isAdmin: true }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: USER_ROLE_ERRORS.notFound });
    const bad = await patch(ctx.app, '/api/admin/users/not-a-uuid', { isAdmin: true }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('id must be a UUID') });
  });

  it('refuses a bad body with a sentence and changes nothing', async () => {
    const target = 'bad.bodies@example.com';
    await signedInAs(ctx.app, target);
    const cases: Array<[unknown, string]> = [
      [{}, 'Say which role to change: isAdmin, isDev or both'],
      [{ isAdmin: 'yes' }, 'isAdmin must be true or false'],
      [{ isDev: 1 }, 'isDev must be true or false'],
      [{ isAdmin: true, email: 'x@example.com' }, 'Only isAdmin and isDev can be changed here (not email)'],
      [[true], 'The body must be a JSON object'],
      ['null', 'The body must be a JSON object'],
    ];
    for (const [body, message] of cases) {
      const res = await setRoles(developer, target, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining(message) });
    }
    const broken = await setRoles(developer, target, '{"isAdmin": tru');
    expect(broken.statusCode).toBe(400);
    expect(await flagsOf(target)).toEqual({ isAdmin: false, isDev: false });
    expect(await auditEntriesAbout(target)).toEqual([]);
  });

  it('refuses callers without the admin role', async () => {
    const target = 'untouchable@example.com';
    await signedInAs(ctx.app, target);
    const user = await signedInAs(ctx.app, 'wannabe@example.com');
    expect((await setRoles('', target, { isAdmin: true })).statusCode).toBe(401);
    expect((await setRoles(user, target, { isAdmin: true })).statusCode).toBe(403);
    expect((await setRoles(user, 'wannabe@example.com', { isAdmin: true })).statusCode).toBe(403);
    expect(await flagsOf(target)).toEqual({ isAdmin: false, isDev: false });
    expect(await auditEntriesAbout(target, 'wannabe@example.com')).toEqual([]);
  });

  it('lets exactly one of two admins demoting each other at once succeed', async () => {
    for (const round of [1, 2, 3]) {
      const [a, b] = [`duel${round}.a@example.com`, `duel${round}.b@example.com`];
      const cookieA = await signedInAs(ctx.app, a, { isAdmin: true });
      const cookieB = await signedInAs(ctx.app, b, { isAdmin: true });
      const [idA, idB] = [await idOf(a), await idOf(b)];
      const answers = await Promise.all([
        patch(ctx.app, `/api/admin/users/${idB}`, { isAdmin: false }, cookieA),
        patch(ctx.app, `/api/admin/users/${idA}`, { isAdmin: false }, cookieB),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 403]);
      const still = [(await flagsOf(a))?.isAdmin, (await flagsOf(b))?.isAdmin];
      expect(still.filter(Boolean)).toHaveLength(1);
      expect(await auditEntriesAbout(a, b)).toHaveLength(1);
    }
  });
});

describe('role changes in the service', () => {
  it('queue on the admin locks: the second of two crossed demotions sees the first and is refused', async () => {
    const { transaction } = createUnitOfWork(ctx.database, (db) => ({ users: createUsersRepo(db), audit: createAuditRepo(db) }));
    const service = createUsersAdminService(createUsersRepo(ctx.database), transaction);
    for (const round of [1, 2, 3]) {
      const [a, b] = [`cross${round}.a@example.com`, `cross${round}.b@example.com`];
      await signedInAs(ctx.app, a, { isAdmin: true });
      await signedInAs(ctx.app, b, { isAdmin: true });
      const [idA, idB] = [await idOf(a), await idOf(b)];
      // Straight to the service: both pass no guard first, so only the transaction keeps them apart.
      const outcomes = await Promise.allSettled([
        service.updateRoles({ id: idA, email: a }, idB, { isAdmin: false }),
        service.updateRoles({ id: idB, email: b }, idA, { isAdmin: false }),
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const refusal = outcomes.find((o) => o.status === 'rejected');
      expect(refusal?.reason).toBeInstanceOf(AppError);
      expect(refusal?.reason).toMatchObject({ code: 'FORBIDDEN', message: USER_ROLE_ERRORS.noLongerAdmin });
      expect(await auditEntriesAbout(a, b)).toHaveLength(1);
    }
  });

  it('rolls the change back when its audit entry cannot be written', async () => {
    const target = 'rollback.target@example.com';
    const actorEmail = 'rollback.actor@example.com';
    await signedInAs(ctx.app, target);
    await signedInAs(ctx.app, actorEmail, { isAdmin: true });
    const { transaction } = createUnitOfWork(ctx.database, (db) => ({
      users: createUsersRepo(db),
      audit: { ...createAuditRepo(db), record: () => Promise.reject(new Error('audit table unavailable')) },
    }));
    const service = createUsersAdminService(createUsersRepo(ctx.database), transaction);
    await expect(
      service.updateRoles({ id: await idOf(actorEmail), email: actorEmail }, await idOf(target), { isAdmin: true }),
    ).rejects.toThrow('audit table unavailable');
    expect(await flagsOf(target)).toEqual({ isAdmin: false, isDev: false });
  });
});

describe('decideRoleChange', () => {
  const admin = { id: 'a', isAdmin: true, isDev: false };
  const target = { id: 't', email: 't@example.com', isAdmin: true, isDev: false };

  it('keeps the last admin an admin', () => {
    expect(() => decideRoleChange({ actor: admin, actorIsAdmin: true, target, adminCount: 1, change: { isAdmin: false } })).toThrow(
      USER_ROLE_ERRORS.lastAdmin('t@example.com'),
    );
    expect(decideRoleChange({ actor: admin, actorIsAdmin: true, target, adminCount: 2, change: { isAdmin: false } })).toEqual({
      before: { isAdmin: true, isDev: false },
      after: { isAdmin: false, isDev: false },
      changed: true,
    });
  });

  it('refuses a caller who is no longer an admin before anything else', () => {
    for (const actor of [null, { ...admin, isAdmin: false }]) {
      expect(() => decideRoleChange({ actor, actorIsAdmin: false, target, adminCount: 1, change: { isAdmin: false } })).toThrow(
        USER_ROLE_ERRORS.noLongerAdmin,
      );
    }
  });

  it('treats the developer flag as developer rights only together with admin', () => {
    const flagOnly = { id: 'a', isAdmin: true, isDev: true };
    expect(decideRoleChange({ actor: flagOnly, actorIsAdmin: true, target, adminCount: 2, change: { isDev: true } }).changed).toBe(true);
    expect(() => decideRoleChange({ actor: flagOnly, actorIsAdmin: false, target, adminCount: 2, change: { isDev: true } })).toThrow(
      USER_ROLE_ERRORS.noLongerAdmin,
    );
  });

  it('refuses a plain admin any change on an account with the developer flag', () => {
    const dev = { ...target, isDev: true };
    expect(() => decideRoleChange({ actor: admin, actorIsAdmin: true, target: dev, adminCount: 3, change: { isAdmin: false } })).toThrow(
      USER_ROLE_ERRORS.developerAccount('t@example.com'),
    );
    const developerActor = { id: 'd', isAdmin: true, isDev: true };
    expect(
      decideRoleChange({ actor: developerActor, actorIsAdmin: true, target: dev, adminCount: 3, change: { isAdmin: false } }).changed,
    ).toBe(true);
  });

  it('answers unchanged when the flags are already as asked', () => {
    expect(
      decideRoleChange({ actor: admin, actorIsAdmin: true, target, adminCount: 2, change: { isAdmin: true, isDev: false } }).changed,
    ).toBe(false);
  });
});
