import swagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import { signedInAs } from '../test/auth-helpers';
import {
  findUnguardedRoutes,
  operationsToGuard,
  PLACEHOLDER_ID,
  PUBLIC_OPERATIONS,
  type ExaminedOperation,
  type OpenApiDocument,
} from '../test/route-guards';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../test/test-app';
import type { Auth } from '../modules/auth/auth';
import { registerCsrfCheck } from './csrf';
import { registerAuthorization, roleSchema } from './role-guard';

const EVIL_ORIGIN = 'https://evil.example';
const CSRF_MESSAGE = 'This request came from another site, so it was refused.';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let ctx: TestContext;
/** Session cookies of accounts made through the real app (the bare apps below share its database and secret). */
const cookies = { user: '', admin: '', adminDev: '', devOnly: '', revocable: '' };

beforeAll(async () => {
  ctx = await createTestApp();
  cookies.user = await signedInAs(ctx.app, 'regular@example.com');
  cookies.admin = await signedInAs(ctx.app, 'admin@example.com', { isAdmin: true });
  cookies.adminDev = await signedInAs(ctx.app, 'developer@example.com', { isAdmin: true, isDev: true });
  cookies.devOnly = await signedInAs(ctx.app, 'dev-flag-only@example.com', { isDev: true });
  cookies.revocable = await signedInAs(ctx.app, 'soon-former-admin@example.com', { isAdmin: true });
});
afterAll(async () => {
  await ctx?.close();
});

type Extras = (app: FastifyInstance) => void;

/**
 * A bare Fastify app with the real role check and CSRF hook over the test app's auth and database, a handful of
 * routes to check, and its own OpenAPI document.
 */
async function buildGuardedApp(options: { auth?: Auth; extra?: Extras; ownHost?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'role check test', version: '1.0.0' },
      components: { securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'finder.session_token' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The same answer shape as app.ts's error handler.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof AppError)
      return reply.status(error.statusCode).send({ statusCode: error.statusCode, code: error.code, message: error.message });
    const status = error.statusCode ?? 500;
    return reply.status(status).send({ statusCode: status, code: status < 500 ? 'VALIDATION' : 'INTERNAL', message: error.message });
  });
  registerAuthorization(app, { auth: options.auth ?? ctx.app.auth });
  registerCsrfCheck(app, [TEST_ORIGIN], { ownHost: options.ownHost ?? false });

  const who = async (request: { sessionUser: unknown }) => ({ sessionUser: request.sessionUser });
  app.post(
    '/api/test/guarded',
    { onRequest: app.requireRole('admin'), schema: { ...roleSchema('admin'), body: z.object({ name: z.string() }) } },
    who,
  );
  app.post('/api/test/open', { schema: { body: z.object({}).loose() } }, async () => ({ changed: true }));
  app.post('/api/test/developer', { onRequest: app.requireRole('developer'), schema: { ...roleSchema('developer') } }, who);
  app.delete(
    '/api/test/items/:id',
    { onRequest: app.requireRole('admin'), schema: { ...roleSchema('admin'), params: z.object({ id: z.uuid() }) } },
    async (request) => ({ deleted: (request.params as { id: string }).id }),
  );
  app.get('/api/test/admin-report', { onRequest: app.requireRole('admin'), schema: { ...roleSchema('admin') } }, who);
  app.get('/api/test/public', async () => ({ public: true }));
  app.post('/api/test/signed-in', { onRequest: app.requireUser, schema: { ...roleSchema('user') } }, who);
  options.extra?.(app);
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.ready();
  return app;
}

async function openApiOf(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject('/api/openapi.json');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OpenApiDocument;
}

function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { cookie?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const withBody = method !== 'GET';
  return app.inject({
    method,
    url,
    headers: {
      ...(withBody ? { 'content-type': 'application/json' } : {}),
      origin: TEST_ORIGIN,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    ...(withBody ? { payload: options.body ?? '{"name":"x"}' } : {}),
  });
}

describe('every data-changing route of the real app checks the role', () => {
  it('finds no unguarded route, having looked at every data-changing operation', async () => {
    const doc = await openApiOf(ctx.app);
    const examined: ExaminedOperation[] = [];
    const unguarded = await findUnguardedRoutes(ctx.app, doc, { userCookie: cookies.user, adminCookie: cookies.admin, examined });
    expect(unguarded).toEqual([]);

    // Not vacuous: the auth library's data-changing operations were seen (and let through by the allow-list only).
    const names = examined.map((e) => e.operation);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/auth/sign-up/email',
        'POST /api/auth/sign-in/email',
        'POST /api/auth/sign-out',
        'GET /api/auth/get-session',
      ]),
    );
    expect(names.sort()).toEqual(
      operationsToGuard(doc)
        .map((o) => `${o.method} ${o.path}`)
        .sort(),
    );
    // Only operations on the allow-list went unchecked.
    for (const e of examined) expect(e.allowListed, e.operation).toBe(Object.hasOwn(PUBLIC_OPERATIONS, e.operation));

    // A data-changing route hidden from the OpenAPI document would escape the check: there must be none, apart
    // from the auth library's catch-all, whose endpoints are documented one by one.
    const registered = ctx.app.registeredRoutes
      .filter((r) => MUTATING.has(r.method) && r.url !== '/api/auth/*')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.filter((name) => !names.includes(name))).toEqual([]);
  });

  it('allow-lists only operations that exist, each with a reason', async () => {
    const doc = await openApiOf(ctx.app);
    const existing = new Set(
      Object.entries(doc.paths ?? {}).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    for (const [operation, reason] of Object.entries(PUBLIC_OPERATIONS)) {
      expect(existing.has(operation), operation).toBe(true);
      expect(reason.length, operation).toBeGreaterThan(10);
    }
  });
});

describe('findUnguardedRoutes', () => {
  let bare: FastifyInstance;
  beforeAll(async () => {
    bare = await buildGuardedApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('reports a data-changing route without a role check, and only that one', async () => {
    const doc = await openApiOf(bare);
    const examined: ExaminedOperation[] = [];
    const unguarded = await findUnguardedRoutes(bare, doc, { userCookie: cookies.user, examined, publicOperations: {} });
    expect(unguarded.map((u) => u.operation)).toEqual(['POST /api/test/open', 'POST /api/test/signed-in']);
    expect(unguarded[0]).toMatchObject({ anonymous: 200, regularUser: 200 });
    // A route that lets any signed-in user change data is reported too, unless allow-listed with a reason.
    expect(unguarded[1]).toMatchObject({ anonymous: 401, regularUser: 200 });
    expect(examined.map((e) => e.operation).sort()).toEqual([
      'DELETE /api/test/items/{id}',
      'GET /api/test/admin-report',
      'POST /api/test/developer',
      'POST /api/test/guarded',
      'POST /api/test/open',
      'POST /api/test/signed-in',
    ]);

    const allowed = await findUnguardedRoutes(bare, doc, {
      userCookie: cookies.user,
      publicOperations: { 'POST /api/test/signed-in': 'a test route any signed-in user may call' },
    });
    expect(allowed.map((u) => u.operation)).toEqual(['POST /api/test/open']);
  });

  it('reports a developer route that admins without the developer flag can call, and an undocumented role', async () => {
    const app = await buildGuardedApp({
      extra: (a) => {
        a.post('/api/test/mislabelled', { onRequest: a.requireRole('admin'), schema: { ...roleSchema('developer') } }, async () => ({}));
        a.post('/api/test/undocumented', { onRequest: a.requireRole('admin') }, async () => ({}));
      },
    });
    try {
      const doc = await openApiOf(app);
      const publicOperations = { 'POST /api/test/open': 'checked in the test above', 'POST /api/test/signed-in': 'checked above' };
      const withoutAdmin = await findUnguardedRoutes(app, doc, { userCookie: cookies.user, publicOperations });
      expect(withoutAdmin.map((u) => u.operation)).toEqual(['POST /api/test/undocumented']);
      expect(withoutAdmin[0]?.problems.join(' ')).toContain('does not say which role');

      const withAdmin = await findUnguardedRoutes(app, doc, { userCookie: cookies.user, adminCookie: cookies.admin, publicOperations });
      expect(withAdmin.map((u) => u.operation).sort()).toEqual(['POST /api/test/mislabelled', 'POST /api/test/undocumented']);
      expect(withAdmin.find((u) => u.operation === 'POST /api/test/mislabelled')).toMatchObject({ adminWithoutDev: 200 });
    } finally {
      await app.close();
    }
  });
});

describe('app.guard', () => {
  it('gives a route its role check and documents the role with its 400, 401 and 403 in one call', async () => {
    const app = await buildGuardedApp({
      extra: (a) => {
        a.post(
          '/api/test/one-call',
          a.guard('developer', { schema: { body: z.object({ name: z.string() }), response: { 200: z.object({ ok: z.boolean() }) } } }),
          async () => ({ ok: true }),
        );
        a.get('/api/test/one-call-report', a.guard('user', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }), async () => ({
          ok: true,
        }));
      },
    });
    try {
      const doc = (await openApiOf(app)) as unknown as {
        paths: Record<string, Record<string, { security?: unknown; 'x-required-role'?: string; responses: Record<string, unknown> }>>;
      };
      const post = doc.paths['/api/test/one-call']?.post;
      expect(post?.['x-required-role']).toBe('developer');
      expect(post?.security).toEqual([{ sessionCookie: [] }]);
      expect(Object.keys(post?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403']);
      // Without input there is nothing to reject as malformed: no 400 documented.
      const get = doc.paths['/api/test/one-call-report']?.get;
      expect(get?.['x-required-role']).toBe('user');
      expect(Object.keys(get?.responses ?? {}).sort()).toEqual(['200', '401', '403']);

      expect((await send(app, 'POST', '/api/test/one-call')).statusCode).toBe(401);
      expect((await send(app, 'POST', '/api/test/one-call', { cookie: cookies.admin })).statusCode).toBe(403);
      const allowed = await send(app, 'POST', '/api/test/one-call', { cookie: cookies.adminDev });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['cache-control']).toBe('private, no-store');
      expect((await send(app, 'GET', '/api/test/one-call-report')).statusCode).toBe(401);
      const signedIn = await send(app, 'GET', '/api/test/one-call-report', { cookie: cookies.user });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
    } finally {
      await app.close();
    }
  });
});

describe('requireRole', () => {
  let bare: FastifyInstance;
  beforeAll(async () => {
    bare = await buildGuardedApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const res = await send(bare, 'POST', '/api/test/guarded');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Please sign in to do this.' });
    expect((await send(bare, 'POST', '/api/test/guarded', { cookie: 'finder.session_token=forged.value' })).statusCode).toBe(401);
  });

  it('answers 403 to a signed-in user without the role', async () => {
    const res = await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.user });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'This needs admin privileges.' });
  });

  it('lets an admin through, with who is calling on the request', async () => {
    const res = await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sessionUser: { id: expect.any(String), email: 'admin@example.com', isAdmin: true, isDev: false } });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const deleted = await send(bare, 'DELETE', `/api/test/items/${PLACEHOLDER_ID}`, { cookie: cookies.admin, body: '{}' });
    expect(deleted.json()).toEqual({ deleted: PLACEHOLDER_ID });
  });

  it('treats developer as admin plus the developer flag', async () => {
    const asAdmin = await send(bare, 'POST', '/api/test/developer', { cookie: cookies.admin });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'This needs developer privileges.' });
    const asDeveloper = await send(bare, 'POST', '/api/test/developer', { cookie: cookies.adminDev });
    expect(asDeveloper.statusCode).toBe(200);
    expect(asDeveloper.json()).toMatchObject({ sessionUser: { email: 'developer@example.com', isAdmin: true, isDev: true } });
    expect((await send(bare, 'POST', '/api/test/developer', { cookie: cookies.devOnly })).statusCode).toBe(403);
    // The developer flag alone does not make an admin either.
    expect((await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.devOnly })).statusCode).toBe(403);
    expect((await send(bare, 'POST', '/api/test/developer', { cookie: cookies.user })).statusCode).toBe(403);
    expect((await send(bare, 'POST', '/api/test/developer')).statusCode).toBe(401);
  });

  it('reads the roles afresh on every request', async () => {
    expect((await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.revocable })).statusCode).toBe(200);
    await ctx.app.users.setRole('Soon-Former-Admin@example.com', 'admin', false);
    const revoked = await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.revocable });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This needs admin privileges.' });
    await ctx.app.users.setRole('soon-former-admin@example.com', 'admin', true);
    expect((await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.revocable })).statusCode).toBe(200);
  });

  it('runs before the body is read', async () => {
    const invalidJson = '{"name": ';
    expect((await send(bare, 'POST', '/api/test/guarded', { body: invalidJson })).statusCode).toBe(401);
    expect((await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.user, body: invalidJson })).statusCode).toBe(403);
    // An admin gets as far as the body, which is refused: so the 401 and 403 above came first.
    expect((await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.admin, body: invalidJson })).statusCode).toBe(400);
    expect((await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.admin, body: '{}' })).statusCode).toBe(400);
  });

  it("grants no role when the session's user comes without role flags", async () => {
    const auth = ctx.app.auth;
    const flagless = {
      ...auth,
      api: {
        ...auth.api,
        getSession: async (...args: Parameters<Auth['api']['getSession']>) => {
          const session = await auth.api.getSession(...args);
          if (!session) return session;
          const { isAdmin: _admin, isDev: _dev, ...user } = session.user as typeof session.user & { isAdmin?: boolean; isDev?: boolean };
          return { ...session, user };
        },
      },
    } as unknown as Auth;
    const broken = await buildGuardedApp({ auth: flagless });
    try {
      for (const route of ['/api/test/guarded', '/api/test/developer']) {
        const res = await send(broken, 'POST', route, { cookie: cookies.adminDev });
        expect(res.statusCode, route).toBe(403);
        expect(res.json(), route).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      }
      expect((await send(broken, 'POST', '/api/test/guarded')).statusCode).toBe(401);
    } finally {
      await broken.close();
    }
  });

  it('refuses with 403 when the session cannot be read', async () => {
    const auth = ctx.app.auth;
    const failing = {
      ...auth,
      api: {
        ...auth.api,
        getSession: async () => {
          throw new Error('connection lost');
        },
      },
    } as unknown as Auth;
    const broken = await buildGuardedApp({ auth: failing });
    try {
      const res = await send(broken, 'POST', '/api/test/guarded', { cookie: cookies.admin });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      await broken.close();
    }
  });

  it('requireUser lets any signed-in account through, without roles', async () => {
    expect((await send(bare, 'POST', '/api/test/signed-in')).statusCode).toBe(401);
    const res = await send(bare, 'POST', '/api/test/signed-in', { cookie: cookies.user });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sessionUser: { email: 'regular@example.com', isAdmin: false, isDev: false } });
  });
});

describe('CSRF check of the site’s own API', () => {
  let bare: FastifyInstance;
  beforeAll(async () => {
    bare = await buildGuardedApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('refuses a data-changing request from another origin, even from an admin', async () => {
    const res = await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.admin, headers: { origin: EVIL_ORIGIN } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: CSRF_MESSAGE });
    const open = await send(bare, 'POST', '/api/test/open', { headers: { origin: EVIL_ORIGIN }, body: '{}' });
    expect(open.statusCode).toBe(403);
    expect((await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.admin, headers: { origin: 'null' } })).statusCode).toBe(403);
  });

  // The router decodes percent-escapes, so /%61pi/... reaches the /api/... route; browsers send such a path as
  // written. The check must hold for it too.
  it('cannot be sidestepped by spelling the path with percent-escapes', async () => {
    for (const url of ['/%61pi/test/guarded', '/%61%70%69/test/guarded']) {
      const res = await send(bare, 'POST', url, { cookie: cookies.admin, headers: { origin: EVIL_ORIGIN } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ message: CSRF_MESSAGE });
    }
  });

  it('passes requests from the site’s own origin on to the role check', async () => {
    expect((await send(bare, 'POST', '/api/test/guarded', { headers: { origin: TEST_ORIGIN } })).statusCode).toBe(401);
    expect((await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.admin, headers: { origin: TEST_ORIGIN } })).statusCode).toBe(
      200,
    );
  });

  // Issue 13: with PUBLIC_URL set, an Origin that merely equals the Host the client sent is not the site's.
  it('with configured origins only, refuses an Origin that just repeats the request’s Host', async () => {
    for (const host of ['localhost:80', 'evil.example']) {
      const res = await send(bare, 'POST', '/api/test/guarded', { cookie: cookies.admin, headers: { host, origin: `http://${host}` } });
      expect(res.statusCode, host).toBe(403);
      expect(res.json(), host).toMatchObject({ message: CSRF_MESSAGE });
    }
  });

  it('without PUBLIC_URL, also accepts the address the request itself was made to', async () => {
    const local = await buildGuardedApp({ ownHost: true });
    try {
      for (const host of ['localhost:80', '192.168.1.20:3000']) {
        const res = await send(local, 'POST', '/api/test/guarded', { cookie: cookies.admin, headers: { host, origin: `http://${host}` } });
        expect(res.statusCode, host).toBe(200);
      }
      const evil = await send(local, 'POST', '/api/test/guarded', {
        cookie: cookies.admin,
        headers: { host: 'localhost:80', origin: EVIL_ORIGIN },
      });
      expect(evil.statusCode).toBe(403);
    } finally {
      await local.close();
    }
  });

  it('the real app compares with the configured origins only when PUBLIC_URL is set', async () => {
    const attempt = (app: FastifyInstance, host: string) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/categories',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
        payload: '{}',
      });
    // 403 is the CSRF refusal; 401 means the request got past it to the role check.
    expect((await attempt(ctx.app, 'evil.example')).statusCode).toBe(403);
    expect((await attempt(ctx.app, 'finder.test')).statusCode).toBe(401);
    const withoutUrl = await createTestApp({ publicUrl: undefined, port: 3000 });
    try {
      expect((await attempt(withoutUrl.app, 'localhost:3000')).statusCode).toBe(401);
      expect((await attempt(withoutUrl.app, '192.168.1.20:3000')).statusCode).toBe(401);
    } finally {
      await withoutUrl.close();
    }
  });

  it('refuses a request without Origin that the browser marks as cross-site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await bare.inject({
        method: 'POST',
        url: '/api/test/guarded',
        headers: { 'content-type': 'application/json', cookie: cookies.admin, 'sec-fetch-site': site },
        payload: '{"name":"x"}',
      });
      expect(res.statusCode, site).toBe(403);
      expect(res.json(), site).toMatchObject({ message: CSRF_MESSAGE });
    }
    const sameOrigin = await bare.inject({
      method: 'POST',
      url: '/api/test/guarded',
      headers: { 'content-type': 'application/json', cookie: cookies.admin, 'sec-fetch-site': 'same-origin' },
      payload: '{"name":"x"}',
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('lets a non-browser client (neither header) through to the role check', async () => {
    const res = await bare.inject({
      method: 'POST',
      url: '/api/test/guarded',
      headers: { 'content-type': 'application/json', cookie: cookies.admin },
      payload: '{"name":"x"}',
    });
    expect(res.statusCode).toBe(200);
  });

  it('never refuses a GET', async () => {
    const attempts: Array<Record<string, string>> = [{ origin: EVIL_ORIGIN }, { origin: EVIL_ORIGIN, 'sec-fetch-site': 'cross-site' }];
    for (const headers of attempts) {
      expect((await send(bare, 'GET', '/api/test/public', { headers })).statusCode).toBe(200);
      expect((await send(bare, 'GET', '/api/test/admin-report', { cookie: cookies.admin, headers })).statusCode).toBe(200);
    }
  });
});
