import type { FastifyInstance, FastifyRequest, FastifySchema, onRequestAsyncHookHandler } from 'fastify';
import { errorSchema } from '../../common/schemas/error';
import { hasRole, type Role, type RoleFlags } from '../../common/roles';
import { AppError } from '../errors';
import { authHeaders, type Auth } from '../modules/auth/auth';

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
    /**
     * A guarded route's options in one call: its onRequest check (requireRole, or requireUser for 'user') and, in
     * its schema, the role it needs and the 400/401/403 it may answer, for the OpenAPI document.
     */
    guard<O extends GuardableOptions>(role: Role | 'user', options: O): Guarded<O>;
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

/**
 * Who is calling: the one way a route reads the caller. Behind `app.guard` (or requireRole / requireUser) it is set
 * before the handler runs, so this never throws there; it only makes the type non-null.
 */
export function callerOf(request: FastifyRequest): SessionUser {
  const user = request.sessionUser;
  if (!user) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN);
  return user;
}

/** The refusals every guarded route may answer besides its success (400 only where it takes input). */
export const GUARDED_ERRORS = { 400: errorSchema, 401: errorSchema, 403: errorSchema } as const;

/** OpenAPI fields a guarded route adds to its schema, so the document says who may call it. */
export function roleSchema(role: Role | 'user') {
  return {
    security: [{ sessionCookie: [] }],
    'x-required-role': role,
  } as const;
}

/** Route options app.guard accepts: anything but its own onRequest (the guard is the route's first check). */
export type GuardableOptions = { schema: FastifySchema; onRequest?: never } & Record<string, unknown>;

export type Guarded<O extends GuardableOptions> = Omit<O, 'schema'> & {
  onRequest: onRequestAsyncHookHandler;
  schema: Omit<O['schema'], 'response'> &
    ReturnType<typeof roleSchema> & { response: (O['schema'] extends { response: infer R } ? R : object) & typeof GUARDED_ERRORS };
};

const TAKES_INPUT = ['body', 'querystring', 'params'] as const;

/** The documented refusals of a route's schema: 401 and 403 always, 400 where a request can be malformed. */
function refusals(schema: FastifySchema): Partial<typeof GUARDED_ERRORS> {
  const { 400: invalid, ...rest } = GUARDED_ERRORS;
  return TAKES_INPUT.some((part) => schema[part] !== undefined) ? { 400: invalid, ...rest } : rest;
}

/** The role check (requireRole, requireUser, guard); registered once on the root instance by app.ts. */
export function registerAuthorization(app: FastifyInstance, deps: { auth: Auth }): void {
  const { auth } = deps;
  app.decorateRequest('sessionUser', null);

  /**
   * Who is calling, with their roles: the session and its user are one lookup in the database for each request
   * (no session cookie cache is configured), and the role flags are columns of that user row, so a role taken away
   * counts from the next request on.
   */
  async function sessionUserId(request: FastifyRequest): Promise<SessionUser | null> {
    // Read only: renewing here would move the expiry without sending the renewed cookie (GET /api/me renews).
    const session = await auth.api.getSession({ headers: authHeaders(request), query: { disableRefresh: true } });
    if (!session) return null;
    const { id, email, isAdmin, isDev } = session.user as typeof session.user & Partial<RoleFlags>;
    return { id, email, isAdmin: isAdmin === true, isDev: isDev === true };
  }

  const requireUser: onRequestAsyncHookHandler = async (request, reply) => {
    let who: SessionUser | null;
    try {
      who = await sessionUserId(request);
    } catch (err) {
      request.log.error({ err }, 'session lookup failed');
      throw new AppError('UNAVAILABLE', 'Your session could not be checked just now. Please try again.');
    }
    if (!who) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN);
    request.sessionUser = who;
    reply.header('cache-control', 'private, no-store');
  };

  app.decorate('requireUser', requireUser);
  app.decorate('requireRole', (role: Role): onRequestAsyncHookHandler => async (request, reply) => {
    let who: SessionUser | null;
    try {
      who = await sessionUserId(request);
    } catch (err) {
      // Spec section 6: a failed lookup means no role.
      request.log.error({ err }, 'session lookup failed during a role check');
      throw new AppError('FORBIDDEN', ROLE_LOOKUP_FAILED);
    }
    if (!who) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN);
    if (!hasRole(who, role)) throw new AppError('FORBIDDEN', ROLE_MISSING[role]);
    request.sessionUser = who;
    reply.header('cache-control', 'private, no-store');
  });

  app.decorate('guard', <O extends GuardableOptions>(role: Role | 'user', options: O): Guarded<O> => {
    const schema = options.schema;
    // A cast the compiler cannot avoid: it does not relate a spread of the generic O's schema to the mapped
    // Omit<O['schema'], 'response'>, nor the response map to the conditional type of O's own responses. The
    // declared answers are a superset: a route that reads no input has no 400 (refusals()), which it never sends.
    return {
      ...options,
      onRequest: role === 'user' ? requireUser : app.requireRole(role),
      schema: { ...schema, ...roleSchema(role), response: { ...(schema.response as object | undefined), ...refusals(schema) } },
    } as unknown as Guarded<O>;
  });
}
