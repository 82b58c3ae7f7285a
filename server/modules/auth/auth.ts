import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { verifyPassword } from 'better-auth/crypto';
import { openAPI } from 'better-auth/plugins';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ACCOUNT_TEXTS } from '../../../common/texts/account';
import { AUTH_BASE_PATH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, RESET_TOKEN_EXPIRES_IN_S } from '../../../common/constants';
import { NAME_MAX_LENGTH } from '../../../common/schemas/account';
import { isPlainText } from '../../../common/schemas/fields';
import type { Database } from '../../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/mail-texts';
import type { AdminAccountOps } from '../users/users.service';
import { redactText, redactValue } from '../../logging';
import { noteLibraryError } from './auth-database-watch';
import type { AuthRepo } from './auth.repo';
import { emailWords, weakPasswordReason } from './password-strength';
import type { LockoutRule, SignInThrottleRepo, ThrottleKey } from './sign-in-throttle.repo';

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

/** The library's error-level log messages that report a client's refused request (origin-check.mjs, callback.mjs). */
const CLIENT_REFUSALS =
  /^(Invalid (origin|callbackURL|errorCallbackURL|newUserCallbackURL|redirectURL|[A-Za-z]*URL)\b|Blocked cross-site navigation|INVALID_CALLBACK_REQUEST|State not found|No callback URL found|state_mismatch|please_restart_the_process)/;

/** Email sign-ins one address may make a minute, right or wrong: far above what people behind one address need. */
const SIGN_IN_FLOOD_PER_MINUTE = 300;

/** What the hooks below read of the library's context (structural, so they stay testable and version-light). */
type HookInput = { path: string; body?: unknown; request?: Request | undefined; headers?: Headers | undefined };
type AfterHookInput = HookInput & { context: { returned?: unknown; newSession?: unknown } };

/**
 * Sign-up with email and password takes an email, a password and at most a short display name: a photo address
 * comes only from Google, never from a form.
 */
function signUpRules(ctx: HookInput): void {
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
}

/** Body fields that hold a password: only hashed or compared, never stored as text, so any character may be in one. */
const PASSWORD_BODY_FIELDS = new Set(['password', 'newPassword', 'currentPassword']);

/** The first text of a body (fields, list items, nested objects) that is not plain text, with its field's name. */
function firstControlText(value: unknown, field: string, depth = 0): string | null {
  if (typeof value === 'string') return isPlainText(value) ? null : field;
  if (depth > 3 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!Array.isArray(value) && PASSWORD_BODY_FIELDS.has(key)) continue;
    const found = firstControlText(inner, Array.isArray(value) ? field : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A control character (a NUL above all, which PostgreSQL refuses in text) or a lone surrogate in any text of a body
 * other than a password: refused with a sentence before anything reads the database with it. Before this a NUL in
 * the email of a sign-in failed the throttle's insert (a 500), and one in a reset token the library's lookup.
 */
function plainTextRules(ctx: HookInput): void {
  const field = firstControlText(ctx.body, '');
  if (field === null) return;
  throw new APIError('BAD_REQUEST', { code: 'CONTROL_CHARACTERS', message: ACCOUNT_TEXTS.controlCharacters(field) });
}

/** Every endpoint that sets a password, and the body field it arrives in: each gets the weak-password rule. */
export const PASSWORD_FIELDS: Readonly<Record<string, string>> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};

/** Common and trivially weak passwords are refused (issue 13; decision 0023). The length limits come first. */
async function passwordRules(ctx: HookInput): Promise<void> {
  const field = Object.hasOwn(PASSWORD_FIELDS, ctx.path) ? PASSWORD_FIELDS[ctx.path] : undefined;
  if (!field) return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const password = body[field];
  // Missing, not text or outside the length limits: the library's own checks answer with their messages.
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
  const reason = await weakPasswordReason(password, emailWords(body.email));
  if (reason) throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_WEAK', message: reason });
}

/** The keys an email sign-in counts against: the account (by normalised email, existing or not) and the address. */
function signInKeys(ctx: HookInput, throttle: SignInThrottleSettings): ThrottleKey[] {
  const keys: ThrottleKey[] = [];
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  if (typeof email === 'string' && email.trim() !== '')
    keys.push({ key: `account:${email.trim().toLowerCase()}`, threshold: throttle.accountFailures });
  const address = (ctx.request?.headers ?? ctx.headers)?.get(CLIENT_IP_HEADER);
  if (address) keys.push({ key: `address:${address}`, threshold: throttle.addressFailures });
  return keys;
}

/** Seconds until the latest of the locks, at least 1. */
function secondsUntil(dates: Array<Date | null>, now: Date): number {
  const latest = Math.max(...dates.map((d) => d?.getTime() ?? 0));
  return Math.max(1, Math.ceil((latest - now.getTime()) / 1000));
}

export type SignInThrottleSettings = {
  /** Failed sign-ins to one account before it is locked (from every address together). */
  accountFailures: number;
  /** Failed sign-ins from one address before it is locked (to every account together). */
  addressFailures: number;
  lockout: LockoutRule;
  /** The clock (tests move it). */
  now: () => Date;
};

export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleSettings = {
  accountFailures: 5,
  addressFailures: 30,
  lockout: { baseSeconds: 60, maxSeconds: 60 * 60, forgetAfterSeconds: 24 * 60 * 60 },
  now: () => new Date(),
};

/**
 * Email sign-in is throttled by failures, per account and per address (issue 13; decision 0022): each attempt is
 * counted before the password is checked and taken back when it succeeds, so successes use up nothing and a
 * success clears the account's count. A locked key answers 429 with Retry-After, even to the right password.
 */
function signInThrottle(repo: SignInThrottleRepo, settings: SignInThrottleSettings, log: FastifyBaseLogger) {
  return {
    async before(ctx: HookInput): Promise<void> {
      if (ctx.path !== '/sign-in/email') return;
      const keys = signInKeys(ctx, settings);
      const now = settings.now();
      const reservations = await repo.reserve(keys, settings.lockout, now);
      const refused = reservations.filter((r) => r.refused);
      if (refused.length === 0) return;
      const counted = new Set(refused.map((r) => r.key));
      await repo.release(keys.filter((k) => !counted.has(k.key)));
      const seconds = secondsUntil(
        refused.map((r) => r.lockedUntil),
        now,
      );
      throw new APIError(
        'TOO_MANY_REQUESTS',
        { code: 'SIGN_IN_LOCKED', message: 'Too many failed sign-ins. Please wait and try again.' },
        { 'X-Retry-After': String(seconds) },
      );
    },
    async after(ctx: AfterHookInput): Promise<void> {
      if (ctx.path !== '/sign-in/email') return;
      const keys = signInKeys(ctx, settings);
      const returned = ctx.context.returned;
      // A wrong password (or an unknown email): the reserved attempt stays counted.
      if (returned instanceof APIError && returned.statusCode === 401) return;
      try {
        if (ctx.context.newSession) {
          const account = keys.find((k) => k.key.startsWith('account:'));
          if (account) await repo.clear(account.key);
          await repo.release(keys.filter((k) => k !== account));
        } else {
          // Refused for another reason (a malformed body, say): not a guess at a password.
          await repo.release(keys);
        }
      } catch (err) {
        log.warn({ err }, 'auth: could not update the sign-in throttle after an attempt');
      }
    },
  };
}

export type AuthSettings = {
  /** The address visitors use; undefined: http://localhost:PORT or http://127.0.0.1:PORT, as the visitor typed it. */
  publicUrl: string | undefined;
  port: number;
  trustedOrigins: string[];
  secret: string;
  /** Sign-up attempts per minute from one address (sign-in is throttled by failures, signInThrottle). */
  rateLimitPerMinute: number;
  /** Defaults: DEFAULT_SIGN_IN_THROTTLE. */
  signInThrottle?: Partial<SignInThrottleSettings> | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  /** Sends the password reset mails; null: no mail on this site, so no password reset either. */
  mailer: Mailer | null;
};

/** What the reset mail step needs from the database. */
export type ResetMailRepo = Pick<AuthRepo, 'resetRequestsSince'>;

/** Origins allowed to send requests that carry a session: the site's own and any configured extra ones. */
export function trustedOrigins(settings: Pick<AuthSettings, 'publicUrl' | 'port' | 'trustedOrigins'>): string[] {
  const own = settings.publicUrl ? [settings.publicUrl] : [`http://localhost:${settings.port}`, `http://127.0.0.1:${settings.port}`];
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
        log.error(
          { userId: user.id, code: e.code, responseCode: e.responseCode, command: e.command, reason: e.message },
          'password reset: the mail could not be sent',
        );
      },
    );
  };
}

/** The tables the auth library does not keep itself: reset mails per account, and the sign-in throttle. */
export type AuthRepos = { resetMails: ResetMailRepo; throttle: SignInThrottleRepo };

export function createAuth(database: Database, settings: AuthSettings, log: FastifyBaseLogger, repos: AuthRepos) {
  const secure = settings.publicUrl?.startsWith('https://') ?? false;
  const origins = trustedOrigins(settings);
  const repo = repos.resetMails;
  const throttle = signInThrottle(repos.throttle, { ...DEFAULT_SIGN_IN_THROTTLE, ...settings.signInThrottle }, log);
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
        // Email sign-in is throttled by failures instead (signInThrottle): this only stops floods, and lets many
        // people behind one address sign in. Listed before the wildcard, which the library matches in order.
        '/sign-in/email': { window: 60, max: SIGN_IN_FLOOD_PER_MINUTE },
        '/sign-in/*': { window: 60, max: settings.rateLimitPerMinute },
        '/sign-up/*': { window: 60, max: settings.rateLimitPerMinute },
        // Per client address; per account, resetMailSender sends at most RESET_MAILS_PER_ACCOUNT_PER_HOUR.
        '/request-password-reset': { window: 3600, max: 10 },
        '/reset-password': { window: 60, max: settings.rateLimitPerMinute },
        '/change-password': { window: 60, max: settings.rateLimitPerMinute },
        '/get-session': false,
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        plainTextRules(ctx);
        signUpRules(ctx);
        await passwordRules(ctx);
        await throttle.before(ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await throttle.after(ctx);
      }),
    },
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
      // The library's own refusals still become answers; any other error (a database that does not answer, say)
      // reaches the bridge and the app's error handler, which tells "unavailable" (503) from a fault (500). Left
      // to the library, every such error was an empty 500.
      throw: true,
    },
    disabledPaths: DISABLED_AUTH_PATHS,
    advanced: {
      // joins: a session is read with its user in one statement (server/db/schema/auth.ts has the relations), so
      // every signed-in request costs one round trip less.
      database: { generateId: 'uuid', joins: true },
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
        noteLibraryError(args);
        // What the library hands over may be a failed query with its parameters (a session token): redacted.
        const fields = args.length > 0 ? { details: args.map(redactValue) } : {};
        const text = `auth: ${redactText(message)}`;
        // A refused request (another site's origin, a bad callback address, a lost sign-in state) is the
        // client's doing, not a fault of the server: logged, but not as an error.
        if (level === 'error' && CLIENT_REFUSALS.test(message)) log.info(fields, text);
        else if (level === 'error') log.error(fields, text);
        else if (level === 'warn') log.warn(fields, text);
        else log.debug(fields, text);
      },
    },
    telemetry: { enabled: false },
    plugins: [openAPI({ disableDefaultReference: true })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** ADMIN_PASSWORD is common or easily guessed: the start-up step does not make an admin account with it. */
export class WeakAdminPasswordError extends Error {
  override name = 'WeakAdminPasswordError';
}

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
        if (code === 'PASSWORD_TOO_WEAK') throw new WeakAdminPasswordError((err as Error).message);
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
