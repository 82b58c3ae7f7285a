import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '../../../common/texts/account';
import { accounts, auditLog, sessions, users } from '../../db/schema/index';
import { cookieHeader, me, post, send, signIn, signUp } from '../../test/auth-helpers';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createMailer } from '../mail/mailer';

const PASSWORD = 'copper kettle morning 73';
const NEW_PASSWORD = 'velvet thunder garden 58';

let ctx: TestContext;
let mailCtx: TestContext;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp();
  mailCtx = await createTestApp({}, { mailer: createMailer({ smtpUrl: smtp.url, from: 'no-reply@finder.test' }) });
});
afterAll(async () => {
  await ctx?.close();
  await mailCtx?.close();
  await smtp?.close();
});

async function account(email: string, app = ctx.app) {
  const { res, cookie } = await signUp(app, email, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return cookie;
}

async function userRow(email: string, c = ctx) {
  const [row] = await c.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('the account API', () => {
  it('refuses callers who are not signed in', async () => {
    for (const [method, url, body] of [
      ['PATCH', '/api/account', { name: 'x' }],
      ['POST', '/api/account/email', { newEmail: 'a@example.com', currentPassword: PASSWORD }],
      ['POST', '/api/account/sign-out-everywhere', {}],
      ['DELETE', '/api/account', { password: PASSWORD }],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json', origin: 'http://finder.test' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('display name', () => {
  const patch = (cookie: string, body: unknown) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { 'content-type': 'application/json', origin: 'http://finder.test', cookie },
      payload: JSON.stringify(body),
    });

  it('changes, trims and clears the name', async () => {
    const cookie = await account('named@example.com');
    const res = await patch(cookie, { name: '  Ada Lovelace ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'named@example.com', name: 'Ada Lovelace' });
    expect((await me(ctx.app, cookie)).user?.name).toBe('Ada Lovelace');
    expect((await patch(cookie, { name: '' })).json()).toMatchObject({ name: '' });
  });

  it('refuses control characters and long names with a sentence', async () => {
    const cookie = await account('badname@example.com');
    const control = await patch(cookie, { name: 'Ada\u0007Bell' });
    expect(control.statusCode).toBe(400);
    expect(control.json().message).toContain('The display name must not contain control characters.');
    const long = await patch(cookie, { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('at most 100 characters');
    expect((await userRow('badname@example.com'))?.name).toBe('');
  });

  it('may be given at registration, with the same rules', async () => {
    const ok = await post(ctx.app, '/api/auth/sign-up/email', { email: 'withname@example.com', password: PASSWORD, name: 'Grace' });
    expect(ok.statusCode).toBe(200);
    expect((await me(ctx.app, cookieHeader(ok))).user?.name).toBe('Grace');
    const bad = await post(ctx.app, '/api/auth/sign-up/email', { email: 'ctrlname@example.com', password: PASSWORD, name: 'Gr\u001bace' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The display name must not contain control characters.');
  });
});

describe('password change', () => {
  it('needs the current password and signs out every other session', async () => {
    const email = 'changer@example.com';
    const cookie = await account(email);
    const elsewhere = (await signIn(ctx.app, email, PASSWORD)).cookie;

    const wrong = await post(
      ctx.app,
      '/api/auth/change-password',
      { currentPassword: 'not the one at all', newPassword: NEW_PASSWORD, revokeOtherSessions: true },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: ACCOUNT_TEXTS.wrongPassword });

    const res = await post(
      ctx.app,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/"token"/);
    const renewed = cookieHeader(res, cookie);
    expect((await me(ctx.app, renewed)).user?.email).toBe(email);
    expect((await me(ctx.app, elsewhere)).user).toBeNull();
    expect((await signIn(ctx.app, email, PASSWORD)).res.statusCode).toBe(401);
    expect((await signIn(ctx.app, email, NEW_PASSWORD)).res.statusCode).toBe(200);
  });

  it('refuses anonymous callers', async () => {
    const res = await post(ctx.app, '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
  });
});

describe('email change', () => {
  it('without mail: changes at once after the password check', async () => {
    const cookie = await account('old.address@example.com');
    await account('taken@example.com');
    const wrong = await send(ctx.app, 'POST', '/api/account/email', {
      cookie,
      body: { newEmail: 'new.address@example.com', currentPassword: 'wrong wrong wrong' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_TEXTS.wrongPassword);
    const taken = await send(ctx.app, 'POST', '/api/account/email', {
      cookie,
      body: { newEmail: 'Taken@example.com', currentPassword: PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ACCOUNT_TEXTS.emailTaken);
    const control = await send(ctx.app, 'POST', '/api/account/email', {
      cookie,
      body: { newEmail: 'a\u0001b@example.com', currentPassword: PASSWORD },
    });
    expect(control.statusCode).toBe(400);

    const res = await send(ctx.app, 'POST', '/api/account/email', {
      cookie,
      body: { newEmail: 'New.Address@example.com', currentPassword: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'changed', email: 'new.address@example.com' });
    expect((await me(ctx.app, cookie)).user?.email).toBe('new.address@example.com');
    expect((await userRow('new.address@example.com'))?.emailVerified).toBe(false);
    expect((await signIn(ctx.app, 'new.address@example.com', PASSWORD)).res.statusCode).toBe(200);
  });

  it('with mail: applies only when the link sent to the new address is opened, once', async () => {
    const cookie = await account('mover@example.com', mailCtx.app);
    const res = await send(mailCtx.app, 'POST', '/api/account/email', {
      cookie,
      body: { newEmail: 'moved@example.com', currentPassword: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'verification-sent', email: 'mover@example.com' });
    expect((await me(mailCtx.app, cookie)).user?.email).toBe('mover@example.com');

    const mail = await smtp.waitFor('moved@example.com');
    expect(mail.text).toContain('expires in one hour');
    const link = /http:\/\/finder\.test(\/api\/account\/email\/confirm\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    expect(link).not.toBe('');
    const open = await mailCtx.app.inject({ method: 'GET', url: link });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe('/account?email=confirmed');
    expect((await me(mailCtx.app, cookie)).user?.email).toBe('moved@example.com');
    expect((await userRow('moved@example.com', mailCtx))?.emailVerified).toBe(true);

    const again = await mailCtx.app.inject({ method: 'GET', url: link });
    expect(again.headers.location).toBe('/account?email=invalid');
  });

  it('is refused for Google-only accounts (their email follows Google)', async () => {
    // A Google-only account has no credential row; made here by removing the password of a fresh account.
    const cookie = await account('googly@example.com');
    const row = await userRow('googly@example.com');
    await ctx.database.db.delete(accounts).where(eq(accounts.userId, row?.id ?? ''));
    const res = await send(ctx.app, 'POST', '/api/account/email', {
      cookie,
      body: { newEmail: 'other@example.com', currentPassword: 'anything at all' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNT_TEXTS.googleEmail);
  });
});

describe('sign out everywhere', () => {
  it('ends every session, this one included, and clears the cookie', async () => {
    const email = 'everywhere@example.com';
    const cookie = await account(email);
    const other = (await signIn(ctx.app, email, PASSWORD)).cookie;
    const res = await send(ctx.app, 'POST', '/api/account/sign-out-everywhere', { cookie, body: {} });
    expect(res.statusCode).toBe(200);
    expect(cookieHeader(res, cookie)).toBe('');
    expect((await me(ctx.app, cookie)).user).toBeNull();
    expect((await me(ctx.app, other)).user).toBeNull();
    const row = await userRow(email);
    expect(
      await ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, row?.id ?? '')),
    ).toHaveLength(0);
  });
});

describe('account deletion', () => {
  it('needs the password, then removes the account, its sessions and sign-in methods and pseudonymises the audit log', async () => {
    const email = 'leaving@example.com';
    const cookie = await account(email);
    const other = (await signIn(ctx.app, email, PASSWORD)).cookie;
    const id = (await userRow(email))?.id ?? '';
    await ctx.database.db.insert(auditLog).values([
      { action: 'bulk-op', subject: 'update-pants', actorId: id, actorEmail: email, details: {} },
      { action: 'user-roles', subject: email, actorId: null, actorEmail: 'admin@example.com', details: { userId: id } },
    ]);

    const none = await send(ctx.app, 'DELETE', '/api/account', { cookie, body: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(ACCOUNT_TEXTS.passwordRequired);
    const wrong = await send(ctx.app, 'DELETE', '/api/account', { cookie, body: { password: 'definitely not it' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_TEXTS.wrongPassword);
    expect(await userRow(email)).toBeDefined();

    const res = await send(ctx.app, 'DELETE', '/api/account', { cookie, body: { password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(cookieHeader(res, cookie)).toBe('');
    expect(await userRow(email)).toBeUndefined();
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(accounts).where(eq(accounts.userId, id))).toHaveLength(0);
    expect((await me(ctx.app, other)).user).toBeNull();
    const log = await ctx.database.db.select().from(auditLog);
    expect(JSON.stringify(log)).not.toContain(email);
    expect(log.find((r) => r.action === 'bulk-op')).toMatchObject({ actorId: null, actorEmail: ACCOUNT_TEXTS.deletedAccount });
    expect(log.find((r) => r.action === 'user-roles')).toMatchObject({
      subject: ACCOUNT_TEXTS.deletedAccount,
      actorEmail: 'admin@example.com',
    });
    expect((await signIn(ctx.app, email, PASSWORD)).res.statusCode).toBe(401);
  });

  it('lets a Google-only account confirm by typing its email', async () => {
    const email = 'google.only@example.com';
    const cookie = await account(email);
    await ctx.database.db.delete(accounts).where(eq(accounts.userId, (await userRow(email))?.id ?? ''));
    const wrong = await send(ctx.app, 'DELETE', '/api/account', { cookie, body: { confirmEmail: 'someone.else@example.com' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_TEXTS.confirmEmailMismatch);
    const res = await send(ctx.app, 'DELETE', '/api/account', { cookie, body: { confirmEmail: ' Google.Only@example.com ' } });
    expect(res.statusCode).toBe(200);
    expect(await userRow(email)).toBeUndefined();
  });

  it('refuses the last admin with a 409, and lets an admin go once another exists', async () => {
    const first = await account('only.admin@example.com');
    await ctx.app.users.setRole('only.admin@example.com', 'admin', true);
    const refused = await send(ctx.app, 'DELETE', '/api/account', { cookie: first, body: { password: PASSWORD } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: ACCOUNT_TEXTS.lastAdmin });
    expect(await userRow('only.admin@example.com')).toBeDefined();

    await account('second.admin@example.com');
    await ctx.app.users.setRole('second.admin@example.com', 'admin', true);
    const res = await send(ctx.app, 'DELETE', '/api/account', { cookie: first, body: { password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    // The role change recorded the admin's email as its subject: gone too.
    expect(JSON.stringify(await ctx.database.db.select().from(auditLog))).not.toContain('only.admin@example.com');
  });
});
