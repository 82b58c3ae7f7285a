import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/constants';
import { WEAK_PASSWORD_MESSAGE } from '../../../common/schemas/auth';
import { appSecrets, rateLimits, signInThrottle, users } from '../../db/schema/index';
import { anotherAppOn, cookieHeader, me, post, signIn, signUp, TEST_PASSWORD } from '../../test/auth-helpers';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { DEFAULT_SIGN_IN_THROTTLE, ENABLED_AUTH_PATHS, PASSWORD_FIELDS } from './auth';
import { createSignInThrottleRepo } from './sign-in-throttle.repo';
import { createAuthRepo, RATE_LIMIT_ROWS_KEPT_MS } from './auth.repo';

const EVIL_ORIGIN = 'https://evil.example';
const SESSION_COOKIE = 'finder.session_token';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

function setCookieLines(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

/** The one Set-Cookie line for the session cookie (fails the test when there is none or more than one). */
function sessionCookieLine(res: LightMyRequestResponse, name = SESSION_COOKIE): string {
  const lines = setCookieLines(res).filter((line) => line.startsWith(`${name}=`));
  expect(lines, `Set-Cookie ${name} in ${JSON.stringify(res.headers['set-cookie'])}`).toHaveLength(1);
  return lines[0] ?? '';
}

const attributes = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

async function userRow(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('sign-up with email and password', () => {
  it('creates the account and a session cookie the page scripts cannot read', async () => {
    const { res, cookie } = await signUp(ctx.app, 'new.person@example.com');
    expect(res.statusCode).toBe(200);
    const line = sessionCookieLine(res);
    const attrs = attributes(line);
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    // PUBLIC_URL is http here: a Secure cookie would never come back.
    expect(attrs).not.toContain('secure');
    const body = res.json() as Record<string, unknown>;
    expect(body).not.toHaveProperty('token');
    expect(JSON.stringify(body)).not.toContain(cookie.split('=')[1]?.split('.')[0] ?? 'no token');

    const signedIn = await me(ctx.app, cookie);
    expect(signedIn.user).toEqual({
      id: expect.any(String),
      email: 'new.person@example.com',
      name: '',
      image: null,
      isAdmin: false,
      isDev: false,
      hasPassword: true,
      providers: ['credential'],
      createdAt: expect.any(String),
    });
    const createdAt = signedIn.user?.createdAt ?? '';
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
  });

  it('stores the email lower-case, so any spelling of it signs in', async () => {
    const { res } = await signUp(ctx.app, 'Mixed@Example.com');
    expect(res.statusCode).toBe(200);
    expect((await userRow('mixed@example.com'))?.email).toBe('mixed@example.com');
    const lower = await signIn(ctx.app, 'mixed@example.com');
    expect(lower.res.statusCode).toBe(200);
    expect((await me(ctx.app, lower.cookie)).user?.email).toBe('mixed@example.com');
    const upper = await signIn(ctx.app, 'MIXED@EXAMPLE.COM');
    expect(upper.res.statusCode).toBe(200);
  });

  it('refuses an email that already has an account with 409 Conflict', async () => {
    expect((await signUp(ctx.app, 'taken@example.com')).res.statusCode).toBe(200);
    const again = await signUp(ctx.app, 'Taken@Example.com', 'another password');
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json()).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: expect.stringContaining('already exists'),
    });
    expect(again.cookie).not.toContain(SESSION_COOKIE);
  });

  it('refuses passwords outside the length limits', async () => {
    const short = await signUp(ctx.app, 'short.pw@example.com', 'x'.repeat(PASSWORD_MIN_LENGTH - 1));
    expect(short.res.statusCode).toBe(400);
    expect(short.res.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message: 'Password must be at least 8 characters.' });

    const long = await signUp(ctx.app, 'long.pw@example.com', 'x'.repeat(PASSWORD_MAX_LENGTH + 1));
    expect(long.res.statusCode).toBe(400);
    expect(long.res.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message: 'Password must be at most 128 characters.' });

    // The limits themselves are allowed (passwords that are not weak, see below).
    const minimal = 'Kq8#vZ2m';
    const maximal = 'tangerine mosaic velvet harbour '.repeat(4).slice(0, PASSWORD_MAX_LENGTH);
    expect([minimal.length, maximal.length]).toEqual([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]);
    expect((await signUp(ctx.app, 'min.pw@example.com', minimal)).res.statusCode).toBe(200);
    expect((await signUp(ctx.app, 'max.pw@example.com', maximal)).res.statusCode).toBe(200);
    expect(await userRow('short.pw@example.com')).toBeUndefined();
    expect(await userRow('long.pw@example.com')).toBeUndefined();
  });

  // Issue 13: "password", "12345678" and "aaaaaaaa" made accounts.
  it('refuses common and trivially weak passwords with a sentence', async () => {
    for (const [i, password] of ['password', '12345678', 'aaaaaaaa', 'qwertyuiop', 'Password1', 'weak.pw5@example.com'].entries()) {
      const { res, cookie } = await signUp(ctx.app, `weak.pw${i}@example.com`, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION',
        message: expect.stringContaining(WEAK_PASSWORD_MESSAGE),
      });
      expect(cookie).toBe('');
      expect(await userRow(`weak.pw${i}@example.com`)).toBeUndefined();
    }
  });

  it('applies the same rule to every endpoint that sets a password, switched on or not', async () => {
    expect(Object.keys(PASSWORD_FIELDS).sort()).toEqual(['/change-password', '/reset-password', '/sign-up/email']);
    // Called on the library directly (the HTTP paths are switched off here): the hook refuses before the token
    // or the session is even looked at.
    await expect(ctx.app.auth.api.resetPassword({ body: { newPassword: '12345678', token: 'any' } })).rejects.toMatchObject({
      body: { code: 'PASSWORD_TOO_WEAK' },
    });
    await expect(
      ctx.app.auth.api.changePassword({ body: { newPassword: 'password', currentPassword: TEST_PASSWORD }, headers: new Headers() }),
    ).rejects.toMatchObject({ body: { code: 'PASSWORD_TOO_WEAK' } });
  });

  // The library reports a bad email as VALIDATION_ERROR ("[body.email] Invalid email address"); the answer must
  // still say what is wrong.
  it('refuses an invalid email, saying what is wrong', async () => {
    const { res, cookie } = await signUp(ctx.app, 'not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION', message: 'Enter a valid email address.' });
    expect(cookie).toBe('');
  });

  // Issue 13: a NUL in the name answered 422 and logged an error (the insert failed).
  it('refuses control characters in the display name with 400 and a sentence', async () => {
    for (const [i, c] of ['\u0000', '\u001b'].entries()) {
      const res = await post(ctx.app, '/api/auth/sign-up/email', {
        email: `nul${i}@example.com`,
        password: TEST_PASSWORD,
        name: `Ann${c}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message: 'The display name must not contain control characters.' });
      expect(await userRow(`nul${i}@example.com`)).toBeUndefined();
    }
  });

  it('never makes an admin or developer from what the client sends', async () => {
    const res = await post(ctx.app, '/api/auth/sign-up/email', {
      email: 'climber@example.com',
      password: TEST_PASSWORD,
      name: '',
      isAdmin: true,
      isDev: true,
    });
    // The library ignores fields it does not accept from clients (input: false) and makes a plain account.
    expect(res.statusCode).toBe(200);
    expect((await me(ctx.app, cookieHeader(res))).user).toMatchObject({ email: 'climber@example.com', isAdmin: false, isDev: false });
    expect(await userRow('climber@example.com')).toMatchObject({ isAdmin: false, isDev: false });
  });
});

describe('sign-in and sign-out', () => {
  beforeAll(async () => {
    expect((await signUp(ctx.app, 'member@example.com')).res.statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 and sets no cookie', async () => {
    const { res, cookie } = await signIn(ctx.app, 'member@example.com', 'wrong password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid email or password.' });
    expect(cookie).toBe('');
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const wrong = await signIn(ctx.app, 'member@example.com', 'wrong password');
    const unknown = await signIn(ctx.app, 'nobody@example.com', 'wrong password');
    expect(unknown.res.statusCode).toBe(wrong.res.statusCode);
    expect(unknown.res.json()).toEqual(wrong.res.json());
    expect(unknown.cookie).toBe('');
  });

  it('signs in with the right password', async () => {
    const { res, cookie } = await signIn(ctx.app, 'member@example.com');
    expect(res.statusCode).toBe(200);
    expect(attributes(sessionCookieLine(res))).toContain('httponly');
    expect(res.json()).not.toHaveProperty('token');
    expect((await me(ctx.app, cookie)).user?.email).toBe('member@example.com');
    // The library's own session read does not hand the token to page scripts either.
    const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    const body = session.json() as { session: Record<string, unknown>; user: { email: string } };
    expect(body.user.email).toBe('member@example.com');
    expect(body.session).toBeTruthy();
    expect(body.session).not.toHaveProperty('token');
  });

  it('signs out: the cookie is cleared and the old one stops working', async () => {
    const { cookie } = await signIn(ctx.app, 'member@example.com');
    expect((await me(ctx.app, cookie)).user?.email).toBe('member@example.com');

    const out = await post(ctx.app, '/api/auth/sign-out', {}, cookie);
    expect(out.statusCode).toBe(200);
    const cleared = sessionCookieLine(out);
    expect(cleared).toMatch(/max-age=0/i);
    expect(cookieHeader(out, cookie)).not.toContain(SESSION_COOKIE);

    const after = await ctx.app.inject({ method: 'GET', url: '/api/me' });
    expect(after.json()).toEqual({ user: null });
    // Someone who kept a copy of the cookie cannot use it.
    expect(await me(ctx.app, cookie)).toEqual({ user: null });
  });
});

// Issue 25: a NUL in a sign-in's email failed the throttle's insert (PostgreSQL refuses it in text) and answered 500;
// one in a reset token failed the library's lookup the same way. Every auth body's texts (passwords aside) are checked.
describe('control characters in what reaches the database', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      '/api/auth/sign-in/email',
      { email: 'member\u0000@example.com', password: TEST_PASSWORD },
      'The email must not contain control characters.',
    ],
    [
      '/api/auth/sign-in/email',
      { email: 'member@example.com\u001b', password: TEST_PASSWORD },
      'The email must not contain control characters.',
    ],
    [
      '/api/auth/sign-in/email',
      { email: 'member@example.com\ud800', password: TEST_PASSWORD },
      'The email must not contain control characters.',
    ],
    [
      '/api/auth/sign-up/email',
      { email: 'new\u0000@example.com', password: TEST_PASSWORD, name: '' },
      'The email must not contain control characters.',
    ],
    [
      '/api/auth/request-password-reset',
      { email: 'member\u0000@example.com', redirectTo: '/reset-password' },
      'The email must not contain control characters.',
    ],
    [
      '/api/auth/reset-password',
      { token: 'abc\u0000def', newPassword: 'winter harbour slowly 17' },
      'This reset link is not valid: ask for a new one.',
    ],
  ];
  it.each(cases)('%s with %j answers 400 with a sentence', async (url, body, message) => {
    const res = await post(ctx.app, url, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message });
  });

  it('lets a password hold any character: it is only hashed and compared', async () => {
    const password = 'quiet\u0000harbour lantern 42';
    expect((await signUp(ctx.app, 'nul-password@example.com', password)).res.statusCode).toBe(200);
    expect((await signIn(ctx.app, 'nul-password@example.com', password)).res.statusCode).toBe(200);
  });
});

describe('requests from other sites', () => {
  it('refuses a sign-out with the session cookie from another origin', async () => {
    const { cookie } = await signIn(ctx.app, 'member@example.com');
    const res = await post(ctx.app, '/api/auth/sign-out', {}, cookie, { origin: EVIL_ORIGIN });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect((await me(ctx.app, cookie)).user?.email).toBe('member@example.com');
  });

  it('refuses a sign-in or sign-up from another origin', async () => {
    for (const origin of [EVIL_ORIGIN, 'null', 'http://finder.test.evil.example']) {
      const signInRes = await post(ctx.app, '/api/auth/sign-in/email', { email: 'member@example.com', password: TEST_PASSWORD }, '', {
        origin,
      });
      expect(signInRes.statusCode, origin).toBe(403);
      expect(signInRes.json(), origin).toMatchObject({ code: 'FORBIDDEN' });
      expect(cookieHeader(signInRes), origin).toBe('');
      // Signing a victim into the attacker's new account is login CSRF too.
      const signUpRes = await post(
        ctx.app,
        '/api/auth/sign-up/email',
        { email: 'planted@example.com', password: TEST_PASSWORD, name: '' },
        '',
        {
          origin,
        },
      );
      expect(signUpRes.statusCode, origin).toBe(403);
    }
    expect(await userRow('planted@example.com')).toBeUndefined();
  });

  it('refuses a cross-site form post to sign-in (login CSRF)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      payload: JSON.stringify({ email: 'member@example.com', password: TEST_PASSWORD }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(cookieHeader(res)).toBe('');
  });
});

describe('over HTTPS', () => {
  let secure: TestContext;
  const SECURE_ORIGIN = 'https://finder.test';
  beforeAll(async () => {
    secure = await createTestApp({ publicUrl: SECURE_ORIGIN });
  });
  afterAll(async () => {
    await secure?.close();
  });

  it('sets a Secure cookie with the __Secure- prefix', async () => {
    const res = await post(secure.app, '/api/auth/sign-up/email', { email: 'tls@example.com', password: TEST_PASSWORD, name: '' }, '', {
      origin: SECURE_ORIGIN,
    });
    expect(res.statusCode).toBe(200);
    const line = sessionCookieLine(res, `__Secure-${SESSION_COOKIE}`);
    const attrs = attributes(line);
    expect(attrs).toContain('secure');
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(setCookieLines(res).some((l) => l.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect((await me(secure.app, cookieHeader(res))).user?.email).toBe('tls@example.com');
  });
});

describe('throttling of sign-in and sign-up', () => {
  let limited: TestContext;
  const LIMIT = 3;
  /** The throttle's clock: tests move it instead of waiting out a lockout. */
  let clock = Date.parse('2030-01-01T00:00:00Z');
  const throttle = { accountFailures: LIMIT, addressFailures: LIMIT, now: () => new Date(clock) };
  beforeAll(async () => {
    limited = await createTestApp({ authRateLimit: LIMIT }, { signInThrottle: throttle });
    for (const email of ['throttled@example.com', 'many.sign.ins@example.com', 'concurrent@example.com']) {
      const { res } = await signUp(limited.app, email);
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await limited?.close();
  });

  const attempt = (
    remoteAddress: string,
    headers: Record<string, string> = {},
    password = 'wrong password',
    email = 'throttled@example.com',
    app = limited.app,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
      payload: JSON.stringify({ email, password }),
    });

  function expectLockedOut(res: LightMyRequestResponse, seconds: number) {
    expect(res.statusCode, res.body).toBe(429);
    const body = res.json() as { statusCode: number; code: string; message: string };
    expect(body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    const match = /^Too many attempts\. Please wait (\d+) (seconds?|minutes) and try again\.$/.exec(body.message);
    expect(match, body.message).not.toBeNull();
    expect(Number(res.headers['retry-after'])).toBe(seconds);
    expect(cookieHeader(res)).toBe('');
  }

  it('answers 429 with Retry-After once an account and an address used up their failures', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await attempt('203.0.113.1')).statusCode).toBe(401);
    // Even the right password is refused now, from anywhere: the account is locked for the first lockout.
    expectLockedOut(await attempt('203.0.113.1', {}, TEST_PASSWORD), 60);
    expectLockedOut(await attempt('198.51.100.99', {}, TEST_PASSWORD), 60);
    // Other spellings of the same path meet the same lock, or no endpoint at all (404): never a password check.
    for (const url of ['/api/auth/sign-in/email/', '/api/auth/sign-in/email?again=1', '/api/auth/./sign-in/email']) {
      const again = await limited.app.inject({
        method: 'POST',
        url,
        remoteAddress: '203.0.113.1',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        payload: JSON.stringify({ email: 'throttled@example.com', password: TEST_PASSWORD }),
      });
      expect([404, 429], url).toContain(again.statusCode);
    }
    // Once the lockout has passed the right password works, and the success clears the account's failures.
    clock += 61_000;
    expect((await attempt('198.51.100.99', {}, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await attempt('198.51.100.99')).statusCode).toBe(401);
  });

  it('does not hold one address’s failures against another address or account', async () => {
    for (let i = 0; i < LIMIT; i += 1) await attempt('203.0.113.2', {}, 'wrong password', `nobody${i}@example.com`);
    expect((await attempt('203.0.113.2', {}, 'wrong password', 'someone.else@example.com')).statusCode).toBe(429);
    expect((await attempt('198.51.100.7', {}, 'wrong password', 'someone.else@example.com')).statusCode).toBe(401);
  });

  it('cannot be escaped with a made-up X-Forwarded-For or client-address header', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT + 1; i += 1) {
      const res = await attempt(
        '203.0.113.3',
        { 'x-forwarded-for': `192.0.2.${i + 10}`, 'x-real-ip': `192.0.2.${i + 40}`, 'x-finder-client-ip': `192.0.2.${i + 70}` },
        'wrong password',
        `spoofer${i}@example.com`,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('counts the address X-Forwarded-For names when TRUST_PROXY trusts the proxy hop', async () => {
    const proxied = await createTestApp({ authRateLimit: LIMIT, trustProxy: 1 }, { signInThrottle: throttle });
    try {
      const viaProxy = (client: string, i: number) =>
        attempt('10.0.0.1', { 'x-forwarded-for': client }, 'wrong password', `proxied${i}@example.com`, proxied.app);
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i += 1) statuses.push((await viaProxy('192.0.2.1', i)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Another visitor behind the same proxy is not throttled by the first one.
      expect((await viaProxy('192.0.2.2', 99)).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  // Issue 13: 40 wrong passwords from 40 addresses all got 401, then the right one 200.
  it('locks an account that many addresses guess at, with lockouts that double, and says nothing of which accounts exist', async () => {
    let now = Date.parse('2031-01-01T00:00:00Z');
    const accountFailures = 5;
    const proxied = await createTestApp({ trustProxy: true }, { signInThrottle: { accountFailures, now: () => new Date(now) } });
    try {
      expect((await signUp(proxied.app, 'victim@example.com')).res.statusCode).toBe(200);
      const guess = (i: number, email = 'victim@example.com', password = 'wrong password') =>
        attempt('10.0.0.1', { 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${i % 250}` }, password, email, proxied.app);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i += 1) statuses.push((await guess(i)).statusCode);
      expect(statuses).toEqual([...Array<number>(accountFailures).fill(401), ...Array<number>(40 - accountFailures).fill(429)]);
      expectLockedOut(await guess(100, 'victim@example.com', TEST_PASSWORD), 60);
      // An account that does not exist is answered exactly alike.
      const ghost: number[] = [];
      for (let i = 0; i < accountFailures + 2; i += 1) ghost.push((await guess(200 + i, 'ghost@example.com')).statusCode);
      expect(ghost).toEqual([...Array<number>(accountFailures).fill(401), 429, 429]);

      // After the lockout one more failure locks it again, for twice as long.
      now += 61_000;
      expect((await guess(300)).statusCode).toBe(401);
      expectLockedOut(await guess(301, 'victim@example.com', TEST_PASSWORD), 120);
      now += 121_000;
      expect((await guess(302, 'victim@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('lets only as many concurrent wrong guesses through as the account allows', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt(`203.0.113.${100 + i}`, {}, 'wrong password', 'concurrent@example.com')),
    );
    const statuses = guesses.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LIMIT);
  });

  // Issue 13: the 11th correct sign-in from one address in a minute answered 429.
  it('does not count successful sign-ins: 15 from one address in a minute all succeed', async () => {
    const statuses: number[] = [];
    // A failure or two on the way (a typo) does not add up across the successes either.
    for (let i = 0; i < 15; i += 1) {
      if (i === 0 || i === 7) statuses.push((await attempt('203.0.113.50', {}, 'typo password', 'many.sign.ins@example.com')).statusCode);
      statuses.push((await attempt('203.0.113.50', {}, TEST_PASSWORD, 'many.sign.ins@example.com')).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(15);
    expect(statuses.filter((s) => s === 401)).toHaveLength(2);
  });

  it('throttles sign-up per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '203.0.113.4',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        payload: JSON.stringify({ email: `bulk${i}@example.com`, password: TEST_PASSWORD, name: '' }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('endpoints of the auth library that are switched off', () => {
  const SWITCHED_OFF = [
    '/api/auth/list-sessions',
    '/api/auth/update-user',
    '/api/auth/change-email',
    '/api/auth/delete-user',
    '/api/auth/link-social',
    '/api/auth/unlink-account',
    '/api/auth/list-accounts',
    '/api/auth/revoke-sessions',
    '/api/auth/get-access-token',
    '/api/auth/send-verification-email',
    '/api/auth/reference',
    '/api/auth/open-api/generate-schema',
  ];

  it('answer 404 NOT_FOUND, even to a signed-in caller', async () => {
    const { cookie } = await signIn(ctx.app, 'member@example.com');
    expect(cookie).toContain(SESSION_COOKIE);
    for (const url of SWITCHED_OFF) {
      const get = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(get.statusCode, `GET ${url}`).toBe(404);
      expect(get.json(), `GET ${url}`).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      const body = url.endsWith('change-password')
        ? { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' }
        : url.endsWith('update-user')
          ? { name: 'Renamed' }
          : {};
      const res = await post(ctx.app, url, body, cookie);
      expect(res.statusCode, `POST ${url}`).toBe(404);
      expect(res.json(), `POST ${url}`).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
    // Nothing changed behind the 404s.
    expect((await me(ctx.app, cookie)).user?.name).toBe('');
    expect((await signIn(ctx.app, 'member@example.com')).res.statusCode).toBe(200);
  });

  it('are absent from the OpenAPI document, which lists exactly the enabled ones', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json() as { paths: Record<string, unknown> };
    const documented = Object.keys(doc.paths)
      .filter((p) => p.startsWith('/api/auth/'))
      .sort();
    const enabled = ENABLED_AUTH_PATHS.map((p) => `/api/auth${p.replace(/:(\w+)/g, '{$1}')}`).sort();
    expect(documented).toEqual(enabled);
  });
});

describe('GET /api/me', () => {
  it('is never cached', async () => {
    const anonymous = await ctx.app.inject('/api/me');
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const { cookie } = await signIn(ctx.app, 'member@example.com');
    const signedIn = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.json()).toMatchObject({ user: { email: 'member@example.com' } });
  });

  it('answers { user: null } to nobody and to a made-up cookie', async () => {
    expect((await ctx.app.inject('/api/me')).json()).toEqual({ user: null });
    for (const cookie of [`${SESSION_COOKIE}=garbage`, `${SESSION_COOKIE}=abc.def`, `${SESSION_COOKIE}=`, 'other=1']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(res.statusCode, cookie).toBe(200);
      expect(res.json(), cookie).toEqual({ user: null });
    }
  });
});

describe('the session secret made when AUTH_SECRET is not set', () => {
  it('is stored once: a later call gets the first value, whatever it would have made', async () => {
    const repo = createAuthRepo(ctx.database);
    let made = 0;
    const make = () => `made-${(made += 1)}`;
    const first = await repo.secret('test-secret', make);
    expect(first).toBe('made-1');
    const second = await repo.secret('test-secret', make);
    expect(second).toBe(first);
    expect(await createAuthRepo(ctx.database).secret('test-secret', () => 'another process')).toBe(first);
    expect(await ctx.database.db.select().from(appSecrets).where(eq(appSecrets.name, 'test-secret'))).toEqual([
      expect.objectContaining({ value: 'made-1' }),
    ]);
    // Other names are separate.
    expect(await repo.secret('other-secret', () => 'other')).toBe('other');
  });

  it('is shared by every app on the database, so sessions survive a restart', async () => {
    const [stored] = await ctx.database.db.select().from(appSecrets).where(eq(appSecrets.name, 'auth'));
    expect(stored?.value.length).toBeGreaterThanOrEqual(32);
    const { cookie } = await signIn(ctx.app, 'member@example.com');
    const restarted = await anotherAppOn(ctx);
    try {
      expect((await me(restarted, cookie)).user?.email).toBe('member@example.com');
    } finally {
      await restarted.close();
    }
    expect(await ctx.database.db.select().from(appSecrets).where(eq(appSecrets.name, 'auth'))).toEqual([stored]);
  });

  it('is not used when AUTH_SECRET is set: cookies signed with another secret are refused', async () => {
    const { cookie } = await signIn(ctx.app, 'member@example.com');
    const other = await anotherAppOn(ctx, { config: { authSecret: 'a'.repeat(32) } });
    try {
      expect(await me(other, cookie)).toEqual({ user: null });
    } finally {
      await other.close();
    }
  });
});

// Issue 13: a failed query logged its parameters, session tokens among them.
describe('logs', () => {
  it('never carry a session token, even when the query that holds it fails', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await anotherAppOn(ctx, { logger: { level: 'debug', stream } });
    try {
      const { cookie } = await signUp(logged, 'logged.token@example.com');
      const token = /finder\.session_token=([^;.%]+)/.exec(cookie)?.[1] ?? '';
      expect(token.length).toBeGreaterThan(16);
      // Every query on sessions now fails, with the token among its parameters.
      await ctx.database.rows(sql`alter table sessions rename column token to token_moved`);
      try {
        const headers = { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' };
        await logged.inject({ method: 'GET', url: '/api/me', headers });
        await logged.inject({ method: 'GET', url: '/api/admin/users', headers });
        await logged.inject({ method: 'POST', url: '/api/auth/sign-out', headers, payload: '{}' });
      } finally {
        await ctx.database.rows(sql`alter table sessions rename column token_moved to token`);
      }
      const text = lines.join('');
      // Not vacuous: the failures were logged, with their SQL but not their values.
      expect(text).toContain('Failed query');
      expect(text).toContain('params: [redacted]');
      expect(text).not.toContain(token);
      expect(text).not.toContain(TEST_PASSWORD);
    } finally {
      await logged.close();
    }
  });

  it('log a refused origin below error level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await anotherAppOn(ctx, { logger: { level: 'debug', stream } });
    try {
      const res = await post(logged, '/api/auth/sign-in/email', { email: 'a@example.com', password: TEST_PASSWORD }, '', {
        origin: EVIL_ORIGIN,
      });
      expect(res.statusCode).toBe(403);
      const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
      expect(entries.some((e) => /origin/i.test(e.msg))).toBe(true);
      expect(entries.filter((e) => e.level >= 50)).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe('sign-in throttle rows', () => {
  it('are removed once their failures are forgotten, a day after the last', async () => {
    const repo = createSignInThrottleRepo(ctx.database);
    const rule = DEFAULT_SIGN_IN_THROTTLE.lockout;
    await repo.reserve([{ key: 'account:long.ago@example.com', threshold: 5 }], rule, new Date('2020-01-01T00:00:00Z'));
    await repo.reserve([{ key: 'account:just.now@example.com', threshold: 5 }], rule, new Date());
    await repo.prune(new Date(Date.now() - rule.forgetAfterSeconds * 1000));
    const keys = (await ctx.database.db.select({ key: signInThrottle.key }).from(signInThrottle)).map((r) => r.key);
    expect(keys).toContain('account:just.now@example.com');
    expect(keys).not.toContain('account:long.ago@example.com');
  });
});

describe('the library\u2019s request counters', () => {
  it('are removed a day after their last request, so no client address is kept longer', async () => {
    const now = Date.now();
    await ctx.database.db.insert(rateLimits).values([
      { key: '203.0.113.9/sign-up/email', count: 3, lastRequest: now - RATE_LIMIT_ROWS_KEPT_MS - 1000 },
      { key: '203.0.113.10/sign-up/email', count: 1, lastRequest: now },
    ]);
    const removed = await createAuthRepo(ctx.database).deleteExpired(new Date(now));
    expect(removed.rateLimits).toBeGreaterThanOrEqual(1);
    const keys = (await ctx.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('203.0.113.10/sign-up/email');
    expect(keys).not.toContain('203.0.113.9/sign-up/email');
  });
});
