import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '../../../common/texts/account';
import { sessions, users, verifications } from '../../db/schema/index';
import { cookieHeader, me, signIn, signUp } from '../../test/auth-helpers';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { createMailer } from '../mail/mailer';
import { RESET_MAILS_PER_ACCOUNT_PER_HOUR } from './auth';

const OLD_PASSWORD = 'autumn lantern quietly 42';
const NEW_PASSWORD = 'winter harbour slowly 17';

let smtp: SmtpCatcher;
let ctx: TestContext;
let noMail: TestContext;
let ip = 1;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({}, { mailer: createMailer({ smtpUrl: smtp.url, from: 'Finder <no-reply@finder.test>' }) });
  noMail = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
  await noMail?.close();
  await smtp?.close();
});

/** Each test asks from an address of its own, so the per-address throttle of one does not reach the next. */
function fromAddress() {
  return `10.0.0.${ip++}`;
}

function requestReset(app: FastifyInstance, email: string, remoteAddress = '10.0.1.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    payload: JSON.stringify({ email }),
    remoteAddress,
  });
}

function resetPassword(app: FastifyInstance, token: string, newPassword: string, remoteAddress = '10.0.2.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    payload: JSON.stringify({ token, newPassword }),
    remoteAddress,
  });
}

function tokenFrom(text: string): string {
  const match = /http:\/\/finder\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe('forgot password', () => {
  it('mails a one-hour, single-use link that resets the password and signs out every session', async () => {
    const email = 'forgetful@example.com';
    await signUp(ctx.app, email, OLD_PASSWORD);
    const other = await signIn(ctx.app, email, OLD_PASSWORD);
    expect((await me(ctx.app, other.cookie)).user?.email).toBe(email);

    const res = await requestReset(ctx.app, email, fromAddress());
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(mail.from).toBe('no-reply@finder.test');
    expect(mail.subject).toContain('Finder');
    expect(mail.text).toContain('Finder');
    expect(mail.text).toContain('expires in one hour');
    expect(mail.html).toContain('expires in one hour');
    const token = tokenFrom(mail.text);
    expect(mail.html).toContain(`/reset-password?token=${token}`);

    const [row] = await ctx.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const reset = await resetPassword(ctx.app, token, NEW_PASSWORD);
    expect(reset.statusCode).toBe(200);
    // Every session of the account is gone, the one signed in elsewhere included.
    expect((await me(ctx.app, other.cookie)).user).toBeNull();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(
      await ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? '')),
    ).toHaveLength(0);

    expect((await signIn(ctx.app, email, OLD_PASSWORD)).res.statusCode).toBe(401);
    expect((await signIn(ctx.app, email, NEW_PASSWORD)).res.statusCode).toBe(200);

    // Single use.
    const again = await resetPassword(ctx.app, token, 'another fine passphrase 9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION', message: ACCOUNT_TEXTS.resetLinkInvalid });
  });

  it('refuses an expired link', async () => {
    const email = 'late@example.com';
    await signUp(ctx.app, email, OLD_PASSWORD);
    await requestReset(ctx.app, email, fromAddress());
    const token = tokenFrom((await smtp.waitFor(email)).text);
    await ctx.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const res = await resetPassword(ctx.app, token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: ACCOUNT_TEXTS.resetLinkInvalid });
    expect((await signIn(ctx.app, email, OLD_PASSWORD)).res.statusCode).toBe(200);
  });

  it('holds a new password to the registration rules', async () => {
    const email = 'short@example.com';
    await signUp(ctx.app, email, OLD_PASSWORD);
    await requestReset(ctx.app, email, fromAddress());
    const token = tokenFrom((await smtp.waitFor(email)).text);
    const res = await resetPassword(ctx.app, token, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Password must be at least 8 characters.' });
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const known = await requestReset(ctx.app, 'forgetful@example.com', fromAddress());
    const unknown = await requestReset(ctx.app, 'nobody-here@example.com', fromAddress());
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ status: true, message: expect.any(String) });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.to('nobody-here@example.com')).toHaveLength(0);
  });

  it('sends at most a few mails an hour to one account, whoever asks', async () => {
    const email = 'flooded@example.com';
    await signUp(ctx.app, email, OLD_PASSWORD);
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT_PER_HOUR + 2; i++) {
      expect((await requestReset(ctx.app, email, fromAddress())).statusCode).toBe(200);
    }
    await smtp.waitFor(email, RESET_MAILS_PER_ACCOUNT_PER_HOUR);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to(email)).toHaveLength(RESET_MAILS_PER_ACCOUNT_PER_HOUR);
  });

  it('throttles requests from one address', async () => {
    const address = fromAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await requestReset(ctx.app, `someone${i}@example.com`, address)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('gives the same neutral answer when the mail server refuses', async () => {
    const email = 'bounced@example.com';
    await signUp(ctx.app, email, OLD_PASSWORD);
    smtp.state.reject = true;
    try {
      const res = await requestReset(ctx.app, email, fromAddress());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true, message: expect.any(String) });
    } finally {
      await new Promise((r) => setTimeout(r, 300));
      smtp.state.reject = false;
    }
  });

  it('is not available without a mail server: a clear 503', async () => {
    await signUp(noMail.app, 'nomail@example.com', OLD_PASSWORD);
    const res = await requestReset(noMail.app, 'nomail@example.com', fromAddress());
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, code: 'UNAVAILABLE', message: ACCOUNT_TEXTS.resetUnavailable });
    const site = await noMail.app.inject('/api/site');
    expect(site.json()).toMatchObject({ passwordReset: false });
    expect((await ctx.app.inject('/api/site')).json()).toMatchObject({ passwordReset: true });
    expect(await noMail.database.db.select().from(verifications).where(like(verifications.identifier, 'reset-password:%'))).toHaveLength(0);
  });

  it('keeps the session token out of the answer of a reset', async () => {
    // The reset answers { status: true } and sets no cookie: the person signs in again with the new password.
    const email = 'nocookie@example.com';
    await signUp(ctx.app, email, OLD_PASSWORD);
    await requestReset(ctx.app, email, fromAddress());
    const token = tokenFrom((await smtp.waitFor(email)).text);
    const res = await resetPassword(ctx.app, token, NEW_PASSWORD);
    expect(res.json()).toEqual({ status: true });
    expect(cookieHeader(res)).toBe('');
  });
});
