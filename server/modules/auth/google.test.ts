import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../../../common/texts/storefront-later';
import { accounts, sessions, users } from '../../db/schema/index';
import { googleSignIn, me, post, signIn, signUp } from '../../test/auth-helpers';
import { redirectGoogleFetch, startGoogleStandIn, type GoogleStandIn } from '../../test/google-stand-in';
import { createTestApp, type TestContext } from '../../test/test-app';

const CLIENT_ID = 'finder-test.apps.googleusercontent.com';
const CLIENT_SECRET = 'stand-in-client-secret';
const SESSION_COOKIE = 'finder.session_token';

let standIn: GoogleStandIn;
let undoFetch: () => void = () => undefined;
let ctx: TestContext;

beforeAll(async () => {
  standIn = await startGoogleStandIn({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  undoFetch = redirectGoogleFetch(standIn.url);
  ctx = await createTestApp({ google: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
});
afterAll(async () => {
  await ctx?.close();
  undoFetch();
  await standIn?.close();
});

const usersWithEmail = (email: string) => ctx.database.db.select().from(users).where(eq(users.email, email));
const sessionCount = async () => (await ctx.database.db.select({ id: sessions.id }).from(sessions)).length;

describe('Google sign-in', () => {
  it('creates an account on the first sign-in and lands on /home signed in', async () => {
    const before = standIn.tokenRequests;
    const result = await googleSignIn(ctx.app, {
      email: 'gale@example.com',
      name: 'Gale Tester',
      picture: 'https://images.example/gale.png',
    });
    expect(result.startStatus).toBe(200);
    expect(result.location).toBe('/home');
    expect(result.cookie).toContain(`${SESSION_COOKIE}=`);
    // The app really exchanged the code with the stand-in.
    expect(standIn.tokenRequests).toBe(before + 1);

    expect((await me(ctx.app, result.cookie)).user).toEqual({
      id: expect.any(String),
      email: 'gale@example.com',
      name: 'Gale Tester',
      image: 'https://images.example/gale.png',
      isAdmin: false,
      isDev: false,
      hasPassword: false,
      providers: ['google'],
      createdAt: expect.any(String),
    });
  });

  it("keeps Google's access token only encrypted, and no ID token", async () => {
    await googleSignIn(ctx.app, { email: 'tokens@example.com', name: 'Token Keeper' });
    const [user] = await usersWithEmail('tokens@example.com');
    const [account] = await ctx.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ''));
    expect(account?.accessToken).toEqual(expect.any(String));
    expect(standIn.issuedTokens).not.toContain(account?.accessToken);
    for (const issued of standIn.issuedTokens) expect(account?.accessToken).not.toContain(issued.slice(0, 24));
    // The ID token is read at sign-in and not kept.
    expect(account?.idToken).toBeNull();
    // Also after a second sign-in, which updates the account.
    await googleSignIn(ctx.app, { email: 'tokens@example.com', name: 'Token Keeper' });
    const [again] = await ctx.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ''));
    expect(again?.idToken).toBeNull();
    expect(standIn.issuedTokens).not.toContain(again?.accessToken);
  });

  it('refreshes the name and photo on a later sign-in, without a second account', async () => {
    const first = await googleSignIn(ctx.app, {
      email: 'renamed@example.com',
      name: 'Old Name',
      picture: 'https://images.example/old.png',
    });
    const id = (await me(ctx.app, first.cookie)).user?.id;
    expect(id).toEqual(expect.any(String));
    const again = await googleSignIn(ctx.app, {
      email: 'renamed@example.com',
      name: 'New Name',
      picture: 'https://images.example/new.png',
    });
    expect(again.location).toBe('/home');
    const user = (await me(ctx.app, again.cookie)).user;
    expect(user).toMatchObject({ id, name: 'New Name', image: 'https://images.example/new.png', providers: ['google'] });
    expect(await usersWithEmail('renamed@example.com')).toHaveLength(1);
    const googleAccounts = await ctx.database.db.select().from(accounts).where(eq(accounts.providerId, 'google'));
    expect(googleAccounts.filter((a) => a.userId === id)).toHaveLength(1);
  });

  it('comes back to /login?error=access_denied when the visitor cancels', async () => {
    const sessionsBefore = await sessionCount();
    const result = await googleSignIn(ctx.app, { email: 'cancel@example.com' }, { decision: 'deny' });
    expect(result.location).toBe('/login?error=access_denied');
    expect(result.cookie).not.toContain(SESSION_COOKIE);
    expect(await usersWithEmail('cancel@example.com')).toHaveLength(0);
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it('does not take over an email-and-password account with the same email', async () => {
    const { res } = await signUp(ctx.app, 'owner@example.com');
    expect(res.statusCode).toBe(200);
    const [owner] = await usersWithEmail('owner@example.com');
    const sessionsBefore = await sessionCount();

    const result = await googleSignIn(ctx.app, { email: 'owner@example.com', name: 'Impostor', picture: 'https://images.example/x.png' });
    expect(result.location).toBe('/login?error=account_not_linked');
    expect(result.cookie).not.toContain(SESSION_COOKIE);
    expect(await sessionCount()).toBe(sessionsBefore);
    const linked = await ctx.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, owner?.id ?? ''), eq(accounts.providerId, 'google')));
    expect(linked).toEqual([]);
    expect(await usersWithEmail('owner@example.com')).toEqual([expect.objectContaining({ id: owner?.id, name: '', image: null })]);
    // The owner still signs in with the password.
    expect((await signIn(ctx.app, 'owner@example.com')).res.statusCode).toBe(200);
  });

  it('refuses a forged state', async () => {
    const sessionsBefore = await sessionCount();
    const result = await googleSignIn(ctx.app, { email: 'forged@example.com' }, { tamperState: true });
    const url = new URL(result.location, 'http://finder.test');
    expect(url.pathname).toBe('/login');
    expect(['state_mismatch', 'state_not_found']).toContain(url.searchParams.get('error'));
    expect(result.cookie).not.toContain(SESSION_COOKIE);
    expect(await usersWithEmail('forged@example.com')).toHaveLength(0);
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it('refuses to send the visitor to another site afterwards', async () => {
    for (const field of ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL']) {
      for (const target of ['https://evil.example/home', '//evil.example/home']) {
        const res = await post(ctx.app, '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/home', [field]: target });
        expect(res.statusCode, `${field}=${target}`).toBe(403);
        expect(res.json(), `${field}=${target}`).toEqual({
          statusCode: 403,
          code: 'FORBIDDEN',
          message: 'The address to return to after signing in must be on this site.',
        });
      }
    }
    // A path on the site is fine.
    const ok = await post(ctx.app, '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/admin' });
    expect(ok.statusCode).toBe(200);
    expect(new URL((ok.json() as { url: string }).url).hostname).toBe('accounts.google.com');
  });
});

describe('Google sign-in with a wrong client secret', () => {
  let wrong: TestContext;
  beforeAll(async () => {
    wrong = await createTestApp({ google: { clientId: CLIENT_ID, clientSecret: 'not-the-secret' } });
  });
  afterAll(async () => {
    await wrong?.close();
  });

  it('comes back with error=invalid_code and no session', async () => {
    const before = standIn.tokenRequests;
    const result = await googleSignIn(wrong.app, { email: 'secret@example.com' });
    expect(standIn.tokenRequests).toBe(before + 1);
    expect(result.location).toBe('/login?error=invalid_code');
    expect(result.cookie).not.toContain(SESSION_COOKIE);
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('answers 503 with the sentence saying it is not configured', async () => {
    const res = await post(plain.app, '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/home' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, code: 'UNAVAILABLE', message: AUTH_TEXTS.googleNotConfigured });
  });
});
