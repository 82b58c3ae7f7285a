import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN } from './test-app';

/** Stands in for every path parameter: a well-formed UUID no row has. */
export const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HTTP_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE']);

/**
 * Operations anyone may call, as 'METHOD /path' the way the OpenAPI document writes them, each with the reason.
 * Adding to this list is a decision about who may change data: say why in the value.
 */
export const PUBLIC_OPERATIONS: Readonly<Record<string, string>> = {
  'POST /api/auth/sign-up/email': 'creating an account is what an anonymous visitor does',
  'POST /api/auth/sign-in/email': 'signing in is how an anonymous visitor gets a session',
  'POST /api/auth/sign-in/social': 'starts a Google sign-in, before anyone is signed in',
  'GET /api/auth/callback/{id}': 'Google sends the browser back here, before anyone is signed in',
  'POST /api/auth/callback/{id}': 'the form_post form of that return from Google',
  'POST /api/auth/sign-out': "ends the caller's own session; without one there is nothing to end",
  'GET /api/auth/get-session': "reports the caller's own session, or null when there is none",
  'POST /api/auth/get-session': "the same read of the caller's own session (the library answers both methods)",
  'GET /api/auth/ok': "the auth library's health check, which reads nothing",
  'POST /api/auth/request-password-reset':
    'a visitor who forgot their password is not signed in (throttled; the answer never says whether the email has an account)',
  'POST /api/auth/reset-password': 'the token from the reset mail is the proof, not a session',
  'POST /api/analytics/events': "the storefront's anonymous visitors report clicks and page views (rate-limited, known products only)",
  'POST /api/requests': 'a visitor whose search found nothing asks for the item (rate-limited per client, small body)',
  'POST /api/convert':
    'the link converter works without an account; it changes nothing but its per-client counters (rate-limited, small body)',
  'POST /api/photo-search':
    'search by photo works without an account; nothing is stored but its per-client counters (rate-limited, 5 MB at most)',
  'POST /api/photo-search/address':
    '"Find this photo" works without an account; nothing is stored but its per-client counters (rate-limited, guarded fetch)',
  'POST /api/products/{id}/link-reports': "a visitor reports a product's broken buy link (rate-limited per client, known products only)",
  'POST /api/setup/owner':
    "the first admin is made before anyone can sign in: the one-time token of the start log's setup address is the proof (decision 0095)",
  'POST /api/price-alerts/unsubscribe':
    "the price digest's one-click unsubscribe (RFC 8058): the signed token in the address is the proof, it only turns alerts off",
  'POST /api/saved-searches/unsubscribe':
    "the saved-search mail's one-click unsubscribe (RFC 8058): the signed token in the address is the proof, it only turns mails off",
};

/**
 * Operations on the caller's own account: any signed-in account may call them, so the check is that a caller
 * who is not signed in gets 401 (a regular user's call is not made: it would change that user's own account).
 * Like the public list, each entry is a decision: say why in the value.
 */
export const SIGNED_IN_OPERATIONS: Readonly<Record<string, string>> = {
  'PATCH /api/account': "changes the display name of the caller's own account",
  'POST /api/account/email': "changes the caller's own email, after checking its password",
  'POST /api/account/sign-out-everywhere': "ends the caller's own sessions",
  'DELETE /api/account': "deletes the caller's own account, after checking its password",
  'POST /api/auth/change-password': "changes the caller's own password, after checking the current one",
  'GET /api/me/preferences': "reads the caller's own remembered agent and currency",
  'GET /api/me/price-alerts': "reads whether the caller's own account gets the price digest for every favourite",
  'PUT /api/me/preferences': "remembers the caller's own agent and currency",
  'GET /api/favorites': "reads the caller's own favourites",
  'PUT /api/favorites/{productId}': "saves a find to the caller's own favourites",
  'DELETE /api/favorites/{productId}': "removes a find from the caller's own favourites",
  'POST /api/favorites/merge': "adds the finds the caller's browser kept to the caller's own favourites",
  'POST /api/favorites/share': "makes or replaces the read-only link to the caller's own favourites",
  'DELETE /api/favorites/share': "stops sharing the caller's own favourites",
  'PUT /api/me/price-alerts': "turns the caller's own price digest for every favourite on or off",
  'PUT /api/me/price-alerts/{productId}': "turns a price alert of the caller's own favourite on or off",
  'GET /api/recently-viewed': "reads the caller's own recently viewed products",
  'PUT /api/recently-viewed/{productId}': "records a product page the caller opened in the caller's own list",
  'POST /api/recently-viewed/merge': "adds the product pages the caller's browser kept to the caller's own list",
  'DELETE /api/recently-viewed': "clears the caller's own recently viewed products",
  'GET /api/me/saved-searches': "reads the caller's own saved searches",
  'POST /api/me/saved-searches': "saves a finder view to the caller's own saved searches (20 at most)",
  'PATCH /api/me/saved-searches/{id}': "renames one of the caller's own saved searches or turns its mail on or off",
  'DELETE /api/me/saved-searches/{id}': "deletes one of the caller's own saved searches",
  'POST /api/me/saved-searches/{id}/open': 'records that the caller opened one of their own saved searches',
};

type OpenApiOperation = { security?: unknown; 'x-required-role'?: unknown };
export type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation | unknown>> };

export type ExaminedOperation = { operation: string; allowListed: boolean };
export type UnguardedOperation = {
  operation: string;
  anonymous: number;
  regularUser: number;
  adminWithoutDev?: number;
  problems: string[];
};

export type GuardCheckOptions = {
  /** Session cookie of a signed-in account with no role. */
  userCookie: string;
  /** Session cookie of an admin without the developer flag; when given, developer operations must refuse it. */
  adminCookie?: string;
  /** Receives every operation the check looked at, so a test can prove it did not pass by looking at nothing. */
  examined?: ExaminedOperation[];
  /** Defaults to PUBLIC_OPERATIONS. */
  publicOperations?: Readonly<Record<string, string>>;
  /** Defaults to SIGNED_IN_OPERATIONS. */
  signedInOperations?: Readonly<Record<string, string>>;
};

/** The operations the role check must cover: every data-changing one and every one that declares a security need. */
export function operationsToGuard(doc: OpenApiDocument): Array<{ method: string; path: string; operation: OpenApiOperation }> {
  const found: Array<{ method: string; path: string; operation: OpenApiOperation }> = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [key, value] of Object.entries(item)) {
      const method = key.toUpperCase();
      if (!HTTP_METHODS.has(method) || !value || typeof value !== 'object') continue;
      const operation = value as OpenApiOperation;
      const secured = Array.isArray(operation.security) && operation.security.length > 0;
      if (MUTATING_METHODS.has(method) || secured) found.push({ method, path, operation });
    }
  }
  return found;
}

/**
 * Calls every operation that changes data or declares a security need (except the public ones) once without a
 * session and once as a regular user, and lists those that do not answer 401 and 403. Path parameters get a valid
 * UUID and the body is an empty JSON object: the role check runs before validation, so neither matters to it.
 */
export async function findUnguardedRoutes(
  app: FastifyInstance,
  doc: OpenApiDocument,
  options: GuardCheckOptions,
): Promise<UnguardedOperation[]> {
  const publicOperations = options.publicOperations ?? PUBLIC_OPERATIONS;
  const signedInOperations = options.signedInOperations ?? SIGNED_IN_OPERATIONS;
  const unguarded: UnguardedOperation[] = [];

  for (const { method, path, operation } of operationsToGuard(doc)) {
    const name = `${method} ${path}`;
    const allowListed = Object.hasOwn(publicOperations, name);
    options.examined?.push({ operation: name, allowListed });
    if (allowListed) continue;

    const url = path.replace(/\{[^}]+\}/g, PLACEHOLDER_ID);
    const withBody = method !== 'GET' && method !== 'HEAD';
    const call = async (cookie: string) =>
      (
        await app.inject({
          method: method as 'POST',
          url,
          headers: {
            origin: TEST_ORIGIN,
            ...(withBody ? { 'content-type': 'application/json' } : {}),
            ...(cookie ? { cookie } : {}),
          },
          ...(withBody ? { payload: '{}' } : {}),
        })
      ).statusCode;

    const role = operation['x-required-role'];
    const anonymous = await call('');
    const problems: string[] = [];
    if (anonymous !== 401) problems.push(`answered ${anonymous} to a caller who is not signed in (expected 401)`);
    if (role === 'user' && Object.hasOwn(signedInOperations, name)) {
      if (problems.length > 0) unguarded.push({ operation: name, anonymous, regularUser: 0, problems });
      continue;
    }
    const regularUser = await call(options.userCookie);
    if (regularUser !== 403) problems.push(`answered ${regularUser} to a signed-in user without a role (expected 403)`);
    if (role !== 'admin' && role !== 'developer') {
      problems.push(
        "its OpenAPI entry does not say which role it needs (spread roleSchema('admin' | 'developer' | 'user') into the schema)",
      );
    }
    let adminWithoutDev: number | undefined;
    if (role === 'developer' && options.adminCookie) {
      adminWithoutDev = await call(options.adminCookie);
      if (adminWithoutDev !== 403)
        problems.push(`is documented for developers but answered ${adminWithoutDev} to an admin without the developer flag`);
    }
    if (problems.length > 0) {
      unguarded.push({ operation: name, anonymous, regularUser, ...(adminWithoutDev === undefined ? {} : { adminWithoutDev }), problems });
    }
  }
  return unguarded;
}
