import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SessionState } from '../../common/schemas/user';
import { buildApp, type AppOptions } from '../app';
import { TEST_AUTH, TEST_ORIGIN, TEST_SITE, type TestContext } from './test-app';

export const TEST_PASSWORD = 'correct horse battery';

/** The cookies a response sets, as one Cookie request header (name=value pairs). */
export function cookieHeader(res: LightMyRequestResponse, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const raw = res.headers['set-cookie'];
  for (const line of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = /max-age=0/i.test(line) || value === '';
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * A second app over a test context's database and storage, as a second process or a restart would be; the caller
 * closes it (the database stays with the context).
 */
export async function anotherAppOn(
  ctx: TestContext,
  options: { config?: Partial<AppOptions['config']>; logger?: AppOptions['logger'] } & Pick<
    AppOptions,
    'responseCacheBytes' | 'frontEnd'
  > = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { ...TEST_SITE, ...TEST_AUTH, ...options.config },
    database: ctx.database,
    storage: ctx.storage,
    logger: options.logger ?? false,
    responseCacheBytes: options.responseCacheBytes,
    frontEnd: options.frontEnd,
  });
  await app.ready();
  return app;
}

/** A browser-like JSON POST from the site's own pages. */
export function post(app: FastifyInstance, url: string, body: unknown, cookie = '', headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    payload: JSON.stringify(body),
  });
}

export async function signUp(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const res = await post(app, '/api/auth/sign-up/email', { email, password, name: '' });
  return { res, cookie: cookieHeader(res) };
}

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const res = await post(app, '/api/auth/sign-in/email', { email, password });
  return { res, cookie: cookieHeader(res) };
}

export async function me(app: FastifyInstance, cookie: string) {
  const res = await app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });
  return res.json() as SessionState;
}

/** A signed-in account with the given roles; returns its session cookie. */
export async function signedInAs(app: FastifyInstance, email: string, roles: { isAdmin?: boolean; isDev?: boolean } = {}): Promise<string> {
  const { res, cookie } = await signUp(app, email);
  if (res.statusCode !== 200) throw new Error(`sign-up of ${email} failed: ${res.statusCode} ${res.body}`);
  if (roles.isAdmin) await app.users.setRole(email, 'admin', true);
  if (roles.isDev) await app.users.setRole(email, 'developer', true);
  return cookie;
}

export type GoogleIdentity = { email: string; name?: string; picture?: string; emailVerified?: boolean };

/**
 * Runs a Google sign-in the way a browser would: ask the app for Google's address, answer the stand-in's
 * account chooser, then follow the redirect back into the app's callback. Returns where the app sent the
 * browser at the end, and the cookies it holds then.
 */
export async function googleSignIn(
  app: FastifyInstance,
  identity: GoogleIdentity,
  options: { decision?: 'allow' | 'deny'; cookie?: string; callbackURL?: string; errorCallbackURL?: string; tamperState?: boolean } = {},
): Promise<{ location: string; cookie: string; startStatus: number; startBody: string }> {
  const start = await post(
    app,
    '/api/auth/sign-in/social',
    {
      provider: 'google',
      callbackURL: options.callbackURL ?? '/home',
      errorCallbackURL: options.errorCallbackURL ?? '/login',
      newUserCallbackURL: options.callbackURL ?? '/home',
    },
    options.cookie ?? '',
  );
  let cookie = cookieHeader(start, options.cookie ?? '');
  if (start.statusCode !== 200) return { location: '', cookie, startStatus: start.statusCode, startBody: start.body };
  const googleUrl = new URL((start.json() as { url: string }).url);
  // The browser would now show Google's account chooser; the stand-in's form posts these fields.
  const chooser = await fetch(googleUrl, { redirect: 'manual' });
  if (chooser.status !== 200) throw new Error(`account chooser answered ${chooser.status}: ${await chooser.text()}`);
  const form = new URLSearchParams();
  for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'nonce', 'scope']) {
    form.set(name, googleUrl.searchParams.get(name) ?? '');
  }
  form.set('email', identity.email);
  form.set('name', identity.name ?? '');
  form.set('picture', identity.picture ?? '');
  if (identity.emailVerified !== false) form.set('email_verified', 'true');
  form.set('decision', options.decision ?? 'allow');
  const decided = await fetch(new URL('/o/oauth2/v2/auth/decide', googleUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = new URL(decided.headers.get('location') ?? '');
  if (options.tamperState) back.searchParams.set('state', 'forged-state');
  const callback = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
  });
  cookie = cookieHeader(callback, cookie);
  return { location: String(callback.headers.location ?? ''), cookie, startStatus: start.statusCode, startBody: start.body };
}

/** A browser-like request from the site's own pages with any method; a body goes as JSON. */
export function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string; body?: unknown } = {},
) {
  const withBody = options.body !== undefined;
  return app.inject({
    method,
    url,
    headers: {
      origin: TEST_ORIGIN,
      ...(withBody ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(withBody ? { payload: JSON.stringify(options.body) } : {}),
  });
}
