import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { verifyPassword } from 'better-auth/crypto';
import { openAPI } from 'better-auth/plugins';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { RESET_TOKEN_EXPIRES_IN_S } from '../../../common/account-texts';
import { AUTH_BASE_PATH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/constants';
import { hasControlCharacters, NAME_MAX_LENGTH } from '../../../common/schemas/account';
import type { Database } from '../../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/mail-texts';
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
 * The library's endpoints this site uses. Every other endpoint it ships (email change, account deletion, session
 * listing...) is switched off, so nothing the screens do not offer is reachable; the account page's other
 * changes are the site's own routes (server/modules/account, decision 0026).
 */
export const ENABLED_AUTH_PATHS = [
  '/sign-up/email',
  '/sign-in/email',
  '/sign-in/social',
  '/callback/:id',
  '/get-session',
  '/sign-out',
  '/ok',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
] as const;

const DISABLED_AUTH_PATHS = [
  '/account-info',
  '/change-email',
  '/delete-user',
  '/delete-user/callback',
  '/error',
  '/get-access-token',
  '/link-social',
  '/list-accounts',
  '/list-sessions',
  '/refresh-token',
  // The mail links straight to the site's /reset-password page; this redirecting step is not needed.
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

export { NAME_MAX_LENGTH };

/** Reset mails one account may be sent per hour, whoever asks: a mailbox cannot be flooded through the site. */
export const RESET_MAILS_PER_ACCOUNT_PER_HOUR = 3;

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
  if (typeof body.name === 'string' && hasControlCharacters(body.name)) {
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
  /** Sends the password reset mails; null: no mail on this site, so no password reset either. */
  mailer: Mailer | null;
};

/** What the reset mail step needs from the database. */
export type ResetMailRepo = Pick<AuthRepo, 'resetRequestsSince'>;

/** Origins allowed to send requests that carry a session: the site's own and any configured extra ones. */
export function trustedOrigins(settings: Pick<AuthSettings, 'publicUrl' | 'port' | 'trustedOrigins'>): string[] {
  const own = settings.publicUrl
    ? [settings.publicUrl]
    : [`http://localhost:${settings.port}`, `http://127.0.0.1:${settings.port}`];
  return [...new Set([...own, ...settings.trustedOrigins])];
}

/**
 * Builds and sends the reset mail without holding up the answer: the answer must take as long for an unknown
 * address as for a known one, and a mail server's failure must not tell the visitor anything. The library's `url`
 * starts with the site's address (PUBLIC_URL, or the request's origin among the allowed hosts); the mail links
 * to the site's own /reset-password page instead of the library's redirecting step.
 */
function resetMailSender(mailer: Mailer, repo: ResetMailRepo, log: FastifyBaseLogger) {
  return async ({ user, url, token }: { user: { id: string; email: string }; url: string; token: string }) => {
    const since = new Date(Date.now() - 3600_000);
    // The library stored this request's token just before calling: it is counted too.
    if ((await repo.resetRequestsSince(user.id, since)) > RESET_MAILS_PER_ACCOUNT_PER_HOUR) {
      log.warn({ userId: user.id }, 'password reset: too many requests for one account this hour, no mail sent');
      return;
    }
    const link = `${new URL(url).origin}/reset-password?token=${encodeURIComponent(token)}`;
    void mailer.send(passwordResetMail(user.email, link, RESET_TOKEN_EXPIRES_IN_S)).then(
      () => log.info({ userId: user.id }, 'password reset: mail sent'),
      // Only the error's own fields: the message body (with the link) never reaches the log.
      (err: unknown) => {
        const e = err as { code?: unknown; responseCode?: unknown; command?: unknown; message?: unknown };
        log.error({ userId: user.id, code: e.code, responseCode: e.responseCode, command: e.command, reason: e.message }, 'password reset: the mail could not be sent');
      },
    );
  };
}

export function createAuth(database: Database, settings: AuthSettings, log: FastifyBaseLogger, repo: ResetMailRepo) {
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
      // Without a mailer the library answers /request-password-reset with RESET_PASSWORD_DISABLED (a 503 here).
      ...(settings.mailer ? { sendResetPassword: resetMailSender(settings.mailer, repo, log) } : {}),
      resetPasswordTokenExpiresIn: RESET_TOKEN_EXPIRES_IN_S,
      // Whoever held the old password may hold a session too.
      revokeSessionsOnPasswordReset: true,
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
        // Per client address; per account, resetMailSender sends at most RESET_MAILS_PER_ACCOUNT_PER_HOUR.
        '/request-password-reset': { window: 3600, max: 10 },
        '/reset-password': { window: 60, max: settings.rateLimitPerMinute },
        '/change-password': { window: 60, max: settings.rateLimitPerMinute },
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

/** Set-Cookie lines that remove the library's session cookies (after the sessions themselves are deleted). */
export async function expiredAuthCookies(auth: Auth): Promise<string[]> {
  const { authCookies } = await auth.$context;
  return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map(
    (cookie) => `${cookie.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${cookie.attributes.secure ? '; Secure' : ''}`,
  );
}
