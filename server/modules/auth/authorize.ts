import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AUTH_BASE_PATH } from '../../../common/constants';
import { errorSchema } from '../../../common/schemas/error';
import { hasRole, type Role, type RoleFlags } from '../../../common/roles';
import { AppError } from '../../errors';
import type { UsersRepo } from '../users/users.repo';
import { authHeaders, type Auth } from './auth';

export type SessionUser = { id: string; email: string } & RoleFlags;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one role check (spec section 6), as an onRequest hook so it runs before the body is read:
     * 401 when nobody is signed in, 403 when the account lacks the role or its roles cannot be read.
     */
    requireRole(role: Role): onRequestAsyncHookHandler;
    /** 401 unless someone is signed in. */
    requireUser: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by requireRole / requireUser: who is calling, with roles read from the database for this request. */
    sessionUser: SessionUser | null;
  }
}

const NOT_SIGNED_IN = 'Please sign in to do this.';
const ROLE_MISSING: Record<Role, string> = {
  admin: 'This needs admin privileges.',
  developer: 'This needs developer privileges.',
};
const ROLE_LOOKUP_FAILED = 'Your permissions could not be checked just now, so the request was refused. Please try again.';

/** The refusals every guarded route that takes input may answer besides its success, for its response schema. */
export const GUARDED_ERRORS = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

/** OpenAPI fields a guarded route adds to its schema, so the document says who may call it. */
export function roleSchema(role: Role | 'user') {
  return {
    security: [{ sessionCookie: [] }],
    'x-required-role': role,
  } as const;
}

export function registerAuthorization(app: FastifyInstance, deps: { auth: Auth; users: UsersRepo }): void {
  const { auth, users } = deps;
  app.decorateRequest('sessionUser', null);

  async function sessionUserId(request: FastifyRequest): Promise<{ id: string; email: string } | null> {
    // Read only: renewing here would move the expiry without sending the renewed cookie (GET /api/me renews).
    const session = await auth.api.getSession({ headers: authHeaders(request), query: { disableRefresh: true } });
    return session ? { id: session.user.id, email: session.user.email } : null;
  }

  const requireUser: onRequestAsyncHookHandler = async (request) => {
    let who: { id: string; email: string } | null;
    try {
      who = await sessionUserId(request);
    } catch (err) {
      request.log.error({ err }, 'session lookup failed');
      throw new AppError('UNAVAILABLE', 'Your session could not be checked just now. Please try again.');
    }
    if (!who) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN);
    request.sessionUser = { ...who, isAdmin: false, isDev: false };
  };

  app.decorate('requireUser', requireUser);
  app.decorate('requireRole', (role: Role): onRequestAsyncHookHandler => async (request, reply) => {
    let who: { id: string; email: string } | null;
    try {
      who = await sessionUserId(request);
    } catch (err) {
      // Spec section 6: a failed lookup means no role.
      request.log.error({ err }, 'session lookup failed during a role check');
      throw new AppError('FORBIDDEN', ROLE_LOOKUP_FAILED);
    }
    if (!who) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN);
    let flags: RoleFlags | null;
    try {
      flags = await users.findRoles(who.id);
    } catch (err) {
      request.log.error({ err, userId: who.id }, 'role lookup failed');
      throw new AppError('FORBIDDEN', ROLE_LOOKUP_FAILED);
    }
    if (!hasRole(flags, role)) throw new AppError('FORBIDDEN', ROLE_MISSING[role]);
    request.sessionUser = { ...who, isAdmin: flags?.isAdmin ?? false, isDev: flags?.isDev ?? false };
    reply.header('cache-control', 'no-store');
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for every route of the site (the auth library guards its own): a browser request that
 * changes data must come from this site. Browsers always send Origin on such requests; Sec-Fetch-Site covers
 * the rest. Requests from non-browser clients carry neither and pass (they hold no victim's cookie).
 *
 * `ownHost`: also accept an Origin equal to the request's own Host. Only for a site without PUBLIC_URL (reached
 * as localhost, 127.0.0.1 or a LAN address); with PUBLIC_URL set the Host header is the client's to choose (a
 * proxy passing it through, DNS rebinding), so only the configured origins count.
 */
export function registerCsrfCheck(app: FastifyInstance, trusted: readonly string[], options: { ownHost: boolean }): void {
  const trustedSet = new Set(trusted);
  app.addHook('onRequest', async (request) => {
    // Decided on the matched route, not the raw URL: the router decodes %-escapes (/%61pi/... is /api/...).
    if (SAFE_METHODS.has(request.method) || request.routeOptions.url === `${AUTH_BASE_PATH}/*`) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (trustedSet.has(origin)) return;
      if (options.ownHost && origin === `${request.protocol}://${request.host}`) return;
      throw new AppError('FORBIDDEN', 'This request came from another site, so it was refused.');
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      throw new AppError('FORBIDDEN', 'This request came from another site, so it was refused.');
    }
  });
}
