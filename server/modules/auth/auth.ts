import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { verifyPassword } from 'better-auth/crypto';
import { openAPI } from 'better-auth/plugins';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/constants';
import { isPlainText } from '../../../common/schemas/fields';
import type { Database } from '../../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index';
import type { AdminAccountOps } from '../users/users.service';
import type { AuthRepo } from './auth.repo';

/** The header the Fastify bridge sets to the client address Fastify resolved (see TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-finder-client-ip';

/** Request headers the bridge never passes on as the client sent them. */
const DROPPED_HEADERS = new Set([CLIENT_IP_HEADER, 'x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'content-length']);

/** The request's headers as Fetch Headers, with the client address Fastify resolved (honouring TRUST_PROXY). */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || DROPPED_HEADERS.has(key)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/**
 * The library's endpoints this site uses. Every other endpoint it ships (password reset, email change, account
 * deletion, session listing...) is switched off, so nothing the screens do not offer is reachable.
 */
export const ENABLED_AUTH_PATHS = [
  '/sign-up/email',
  '/sign-in/email',
  '/sign-in/social',
  '/callback/:id',
  '/get-session',
  '/sign-out',
  '/ok',
] as const;

const DISABLED_AUTH_PATHS = [
  '/account-info',
  '/change-email',
  '/change-password',
  '/delete-user',
  '/delete-user/callback',
  '/error',
  '/get-access-token',
  '/link-social',
  '/list-accounts',
  '/list-sessions',
  '/refresh-token',
  '/request-password-reset',
  '/reset-password',
  '/reset-password/:token',
  '/revoke-other-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/send-verification-email',
  '/unlink-account',
  '/update-session',
  '/update-user',
  '/verify-email',
  '/verify-password',
  // The OpenAPI plugin is used only to generate the document merged into /api/openapi.json.
  '/open-api/generate-schema',
  '/reference',
];

/** Longest display name accepted at sign-up (Google names are taken as Google sends them). */
export const NAME_MAX_LENGTH = 100;

/**
 * Sign-up with email and password takes an email, a password and at most a short display name: a photo address
 * comes only from Google, never from a form.
 */
const signUpRules = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-up/email') return;
  const body = (ctx.body ?? {}) as { name?: unknown; image?: unknown };
  if (body.image !== undefined && body.image !== null) {
    throw new APIError('BAD_REQUEST', { code: 'IMAGE_NOT_ALLOWED', message: 'A photo cannot be set when signing up.' });
  }
  if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length > NAME_MAX_LENGTH)) {
    throw new APIError('BAD_REQUEST', {
      code: 'NAME_NOT_VALID',
      message: `The display name must be text of at most ${NAME_MAX_LENGTH} characters.`,
    });
  }
  // A NUL would fail the insert (a 422 and an error in the log); other control characters have no place in a name.
  if (typeof body.name === 'string' && !isPlainText(body.name)) {
    throw new APIError('BAD_REQUEST', { code: 'NAME_NOT_VALID', message: 'The display name must not contain control characters.' });
  }
});

export type AuthSettings = {
  /** The address visitors use; undefined: http://localhost:PORT or http://127.0.0.1:PORT, as the visitor typed it. */
  publicUrl: string | undefined;
  port: number;
  trustedOrigins: string[];
  secret: string;
  /** Sign-in and sign-up attempts per minute from one address. */
  rateLimitPerMinute: number;
  google: { clientId: string; clientSecret: string } | undefined;
};

/** Origins allowed to send requests that carry a session: the site's own and any configured extra ones. */
export function trustedOrigins(settings: Pick<AuthSettings, 'publicUrl' | 'port' | 'trustedOrigins'>): string[] {
  const own = settings.publicUrl
    ? [settings.publicUrl]
    : [`http://localhost:${settings.port}`, `http://127.0.0.1:${settings.port}`];
  return [...new Set([...own, ...settings.trustedOrigins])];
}

export function createAuth(database: Database, settings: AuthSettings, log: FastifyBaseLogger) {
  const secure = settings.publicUrl?.startsWith('https://') ?? false;
  const origins = trustedOrigins(settings);
  return betterAuth({
    appName: 'Finder',
    basePath: AUTH_BASE_PATH,
    baseURL: settings.publicUrl ?? {
      allowedHosts: origins.filter((o) => o.startsWith('http://')).map((o) => new URL(o).host),
      protocol: 'http',
      fallback: `http://localhost:${settings.port}`,
    },
    trustedOrigins: origins,
    secret: settings.secret,
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      requireEmailVerification: false,
    },
    socialProviders: settings.google
      ? {
          google: {
            clientId: settings.google.clientId,
            clientSecret: settings.google.clientSecret,
            prompt: 'select_account',
            // Spec section 7: Google sign-in refreshes the display name and photo each time.
            overrideUserInfoOnSignIn: true,
          },
        }
      : {},
    user: {
      additionalFields: {
        // input: false: neither sign-up nor any other auth endpoint accepts these from a client.
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        isDev: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    account: {
      // The site never calls Google with them; if the table leaks, they are useless without the secret.
      encryptOAuthTokens: true,
      accountLinking: {
        enabled: true,
        // A Google identity joins an existing account only when that account's email was proven; a password
        // account made with someone else's address can never capture their Google sign-in.
        requireLocalEmailVerified: true,
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 600,
      customRules: {
        '/sign-in/*': { window: 60, max: settings.rateLimitPerMinute },
        '/sign-up/*': { window: 60, max: settings.rateLimitPerMinute },
        '/get-session': false,
      },
    },
    hooks: { before: signUpRules },
    // Google's ID token is only read once, at sign-in; nothing is gained by keeping a copy of it.
    databaseHooks: {
      account: {
        create: { before: async (account) => ({ data: { ...account, idToken: null } }) },
        update: { before: async (account) => ('idToken' in account ? { data: { ...account, idToken: null } } : undefined) },
      },
    },
    onAPIError: {
      // Google sign-in failures that lose their way (no state, say) land on the login screen, which explains them.
      errorURL: '/login',
      onError: (error) => {
        const status = (error as { statusCode?: unknown }).statusCode;
        if (typeof status === 'number' && status < 500) log.debug({ status, message: (error as Error).message }, 'auth: request refused');
        else log.error({ err: error }, 'auth: request failed');
      },
    },
    disabledPaths: DISABLED_AUTH_PATHS,
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'finder',
      useSecureCookies: secure,
      // Explicit, so tests run with the same checks as production (the library relaxes them under test runners).
      disableCSRFCheck: false,
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const fields = args.length > 0 ? { details: args } : {};
        if (level === 'error') log.error(fields, `auth: ${message}`);
        else if (level === 'warn') log.warn(fields, `auth: ${message}`);
        else log.debug(fields, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
    plugins: [openAPI({ disableDefaultReference: true })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Account operations for the ADMIN_EMAIL start-up step, done by the library (it hashes and checks passwords).
 * The session the library opens when it creates an account is closed again: nobody signed in.
 */
export function adminAccountOps(auth: Auth, repo: AuthRepo): AdminAccountOps {
  return {
    async create(email, password) {
      try {
        const result = await auth.api.signUpEmail({ body: { email, password, name: '' } });
        if (result.token) await repo.deleteSession(result.token);
        return true;
      } catch (err) {
        const code = (err as { body?: { code?: unknown } }).body?.code;
        if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') return false;
        throw err;
      }
    },
    async passwordMatches(email, password) {
      const hash = await repo.passwordHash(email);
      return hash ? verifyPassword({ hash, password }) : false;
    },
  };
}
