import { isIP } from 'node:net';
import path from 'node:path';
import cronParser from 'cron-parser';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../common/constants';
import { CURRENCIES, DEFAULT_BASE_CURRENCY, type CurrencyCode } from '../common/currency';
import { DEFAULT_SHORT_LINK_HOSTS } from '../common/import-mapping';
import { DEFAULT_CHANGE_TIMEOUT_MS, DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS, QUERY_TIMEOUT_MARGIN_MS } from './db/types';
import { isSafeKey } from './storage/storage';

const httpUrl = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, `${name} must be an http(s) URL`);

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** An origin (scheme, host and port) given as a URL; a path, query or fragment is refused, not dropped. */
function parseOrigin(value: string): string | null {
  try {
    const u = new URL(value);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    if ((u.pathname !== '/' && u.pathname !== '') || u.search || u.hash || u.username || u.password) return null;
    return u.origin;
  } catch {
    return null;
  }
}

const origin = (name: string) =>
  optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const o = parseOrigin(v);
    if (o) return o;
    ctx.addIssue({ code: 'custom', message: `${name} must be an http(s) origin such as https://finder.example (no path)` });
    return z.NEVER;
  });

/** An IPv4 or IPv6 address, optionally with a prefix length that fits it (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** undefined when unset, so a default may depend on another variable. */
const optionalBooleanFlag = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
      return z.NEVER;
    });

const booleanFlag = (name: string, fallback: boolean) => optionalBooleanFlag(name).transform((v) => v ?? fallback);

// Today's naming rule for new buckets; checked here so a typo is reported with the other problems, not at the
// first upload.
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Inside the bucket, every key starts with the prefix; it follows the same rule as a key, so it cannot escape. */
function normaliseS3Prefix(value: string): string | null {
  const bare = value.endsWith('/') ? value.slice(0, -1) : value;
  return isSafeKey(bare) ? `${bare}/` : null;
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

export type BackPressureSettings = {
  /** Requests under way at once (health, assets and media not counted); the next one is answered 503 at once. */
  maxActiveRequests: number;
  /** Event loop delay beyond which requests are answered 503 at once; 0 turns the check off. */
  maxEventLoopDelayMs: number;
  /** The Retry-After of those answers. */
  retryAfterSeconds: number;
};

export const DEFAULT_BACK_PRESSURE: BackPressureSettings = { maxActiveRequests: 64, maxEventLoopDelayMs: 1000, retryAfterSeconds: 5 };

/** A whole number of at least `min`, from its text in the environment. */
function wholeNumber(name: string, min: number) {
  return z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`);
}

/** How often the alert mails (price drops, saved searches) look for due work: the first drop of a day goes out within it. */
export const DEFAULT_ALERTS_CRON = '*/5 * * * *';

/** A five-field cron expression (minute hour day month weekday, UTC) as pg-boss schedules it. */
export function isCronExpression(value: string): boolean {
  if (value.split(/\s+/).length !== 5) return false;
  try {
    cronParser.parseExpression(value, { tz: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL must start with postgres:// or postgresql://'),
  COMMUNITY_URL: httpUrl('COMMUNITY_URL').default('https://discord.com/invite/finder'),
  REFERRAL_URL: httpUrl('REFERRAL_URL').default('https://cnfans.com/register/?ref=finder'),
  DISCOUNT_CODE: z
    .string()
    .trim()
    .min(1, 'DISCOUNT_CODE must not be empty')
    .max(40, 'DISCOUNT_CODE must be at most 40 characters')
    .default('FINDER10'),
  CONTACT_EMAIL: z.email('CONTACT_EMAIL must be an email address').default('support@example.com'),
  SEED_DEMO: booleanFlag('SEED_DEMO', true),
  BASE_CURRENCY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : DEFAULT_BASE_CURRENCY))
    .pipe(z.enum(CURRENCIES, { error: `BASE_CURRENCY must be one of ${CURRENCIES.join(', ')} (upper case)` })),
  RATES_URL: optionalText.pipe(httpUrl('RATES_URL').optional()),
  /**
   * rel of the external links in a guide's text (issue 43): "noopener nofollow ugc" when unset; an operator who
   * vouches for the sites the guides link to may set "noopener" (or "noopener nofollow").
   */
  GUIDE_LINK_REL: z
    .enum(['noopener nofollow ugc', 'noopener nofollow', 'noopener'], {
      message: 'GUIDE_LINK_REL must be "noopener nofollow ugc", "noopener nofollow" or "noopener"',
    })
    .default('noopener nofollow ugc'),
  IMPORT_ALLOW_PRIVATE_HOSTS: booleanFlag('IMPORT_ALLOW_PRIVATE_HOSTS', false),
  // Link health (issue 29, decision 0067); the marketplaces' base addresses (MARKETPLACE_*_URL) are collected by
  // marketplaceUrls below and read by marketplaceBasesFrom in modules/link-health/marketplace-rules.ts, the rules' one table.
  LINK_CHECKS_PER_HOST_PER_MINUTE: wholeNumber('LINK_CHECKS_PER_HOST_PER_MINUTE', 1).default(20),
  LINK_CHECKS_PER_DAY: wholeNumber('LINK_CHECKS_PER_DAY', 0).default(20_000),
  LINK_HIDE_AFTER_GONE: wholeNumber('LINK_HIDE_AFTER_GONE', 0).default(0),
  LINK_CHECK_TIMEOUT_MS: wholeNumber('LINK_CHECK_TIMEOUT_MS', 100).default(10_000),
  IMPORT_SHORT_LINK_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v.trim() === ''
        ? [...DEFAULT_SHORT_LINK_HOSTS]
        : v
            .split(',')
            .map((h) => h.trim().toLowerCase())
            .filter((h) => h !== ''),
    )
    .pipe(
      z.array(
        z.string().regex(/^[a-z0-9.-]+$/, 'IMPORT_SHORT_LINK_HOSTS must list host names separated by commas (m.tb.cn,k.youshop10.com)'),
      ),
    ),
  STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: 'STATEMENT_TIMEOUT_MS must be a number' })
    .int()
    .min(100, 'STATEMENT_TIMEOUT_MS must be at least 100')
    .default(DEFAULT_STATEMENT_TIMEOUT_MS),
  CHANGE_TIMEOUT_MS: z.coerce
    .number({ message: 'CHANGE_TIMEOUT_MS must be a number' })
    .int()
    .min(100, 'CHANGE_TIMEOUT_MS must be at least 100')
    .default(DEFAULT_CHANGE_TIMEOUT_MS),
  RESPONSE_CACHE_MB: z.coerce
    .number({ message: 'RESPONSE_CACHE_MB must be a number' })
    .min(0, 'RESPONSE_CACHE_MB must be 0 (off) or more')
    .max(4096, 'RESPONSE_CACHE_MB must be at most 4096')
    .default(32),
  DB_CONNECT_TIMEOUT_MS: wholeNumber('DB_CONNECT_TIMEOUT_MS', 100).default(DEFAULT_CONNECT_TIMEOUT_MS),
  DB_QUERY_TIMEOUT_MS: wholeNumber('DB_QUERY_TIMEOUT_MS', 100).optional(),
  MAX_ACTIVE_REQUESTS: wholeNumber('MAX_ACTIVE_REQUESTS', 1).default(DEFAULT_BACK_PRESSURE.maxActiveRequests),
  MAX_EVENT_LOOP_DELAY_MS: wholeNumber('MAX_EVENT_LOOP_DELAY_MS', 0).default(DEFAULT_BACK_PRESSURE.maxEventLoopDelayMs),
  BUSY_RETRY_AFTER_S: wholeNumber('BUSY_RETRY_AFTER_S', 1).default(DEFAULT_BACK_PRESSURE.retryAfterSeconds),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json'], 'LOG_FORMAT must be auto, pretty or json').default('auto'),
  PUBLIC_URL: origin('PUBLIC_URL'),
  TRUSTED_ORIGINS: optionalText.transform((v, ctx) => {
    const origins: string[] = [];
    for (const item of (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const o = parseOrigin(item);
      if (o) origins.push(o);
      else ctx.addIssue({ code: 'custom', message: `TRUSTED_ORIGINS: "${item}" is not an http(s) origin` });
    }
    return origins;
  }),
  TRUST_PROXY: optionalText.transform((v, ctx): boolean | number | string[] => {
    if (v === undefined || ['false', '0', 'no', 'off'].includes(v.toLowerCase())) return false;
    if (['true', 'yes', 'on'].includes(v.toLowerCase())) return true;
    if (/^[1-9]\d*$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isAddressOrRange)) return list;
    ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be true, false, a number of proxy hops or a list of proxy addresses' });
    return z.NEVER;
  }),
  AUTH_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, 'AUTH_SECRET must be at least 32 characters'),
  AUTH_RATE_LIMIT: z.coerce
    .number({ message: 'AUTH_RATE_LIMIT must be a number' })
    .int('AUTH_RATE_LIMIT must be a whole number')
    .min(1, 'AUTH_RATE_LIMIT must be at least 1')
    .default(10),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an email address').optional()),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= PASSWORD_MIN_LENGTH, `ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .refine((v) => v === undefined || v.length <= PASSWORD_MAX_LENGTH, `ADMIN_PASSWORD must be at most ${PASSWORD_MAX_LENGTH} characters`),
  SMTP_URL: optionalText.refine((v) => {
    if (v === undefined) return true;
    try {
      const u = new URL(v);
      return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'SMTP_URL must be an smtp:// or smtps:// address such as smtp://user:password@mail.example:587'),
  MAIL_FROM: optionalText.refine(
    // "Finder <no-reply@finder.example>" or a bare address.
    (v) => v === undefined || /^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/.test(v),
    'MAIL_FROM must be an email address, optionally with a name: Finder <no-reply@finder.example>',
  ),
  ALERTS_CRON: optionalText
    .transform((v) => v ?? DEFAULT_ALERTS_CRON)
    .refine(isCronExpression, 'ALERTS_CRON must be a cron expression of five fields in UTC, such as */5 * * * * (every five minutes)'),
  S3_BUCKET: optionalText.refine(
    (v) => v === undefined || BUCKET_PATTERN.test(v),
    'S3_BUCKET must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens',
  ),
  S3_ENDPOINT: optionalText.pipe(httpUrl('S3_ENDPOINT').optional()),
  S3_REGION: optionalText
    .refine((v) => v === undefined || /^[a-z0-9-]+$/.test(v), 'S3_REGION must be a region name such as us-east-1')
    .transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalBooleanFlag('S3_FORCE_PATH_STYLE'),
  S3_PREFIX: optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const prefix = normaliseS3Prefix(v);
    if (prefix) return prefix;
    ctx.addIssue({
      code: 'custom',
      message: 'S3_PREFIX must be folder names of letters, digits, dots, dashes and underscores separated by slashes, such as finder/',
    });
    return z.NEVER;
  }),
});

/** Rules over two variables; checked on the raw environment so they are reported beside any other bad value. */
function pairProblems(env: NodeJS.ProcessEnv): string[] {
  const set = (name: string) => Boolean(env[name]?.trim());
  const problems: string[] = [];
  if (set('GOOGLE_CLIENT_ID') !== set('GOOGLE_CLIENT_SECRET')) {
    problems.push('GOOGLE_CLIENT_ID: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither');
  }
  if (set('SMTP_URL') !== set('MAIL_FROM'))
    problems.push('SMTP_URL: set both SMTP_URL and MAIL_FROM, or neither (no password reset mails)');
  const statementMs = Number(env.STATEMENT_TIMEOUT_MS?.trim() || DEFAULT_STATEMENT_TIMEOUT_MS);
  const queryMs = Number(env.DB_QUERY_TIMEOUT_MS?.trim() || NaN);
  if (Number.isFinite(queryMs) && Number.isFinite(statementMs) && queryMs <= statementMs) {
    problems.push(
      'DB_QUERY_TIMEOUT_MS: must be longer than STATEMENT_TIMEOUT_MS, so the server stops a slow statement before the client gives up on it',
    );
  }
  if (env.ADMIN_PASSWORD && !set('ADMIN_EMAIL')) problems.push('ADMIN_EMAIL: ADMIN_PASSWORD is set without ADMIN_EMAIL');
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) {
    problems.push('S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the default AWS credentials');
  }
  // Without the bucket these would be ignored and uploads would quietly go to the local disk.
  const strayS3 = S3_VARIABLES.filter(set);
  if (!set('S3_BUCKET') && strayS3.length > 0) {
    problems.push(`S3_BUCKET: ${strayS3.join(', ')} ${strayS3.length === 1 ? 'is' : 'are'} set without S3_BUCKET`);
  }
  return problems;
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  communityUrl: string;
  referralUrl: string;
  discountCode: string;
  contactEmail: string;
  seedDemo: boolean;
  /** The currency prices are stored in; visitors see them converted with the rates (server/modules/currency). */
  baseCurrency: CurrencyCode;
  /** A JSON address of exchange rates read once a day; undefined: admins keep the rates by hand. */
  ratesUrl: string | undefined;
  /** rel of a guide's external links (GUIDE_LINK_REL). */
  guideLinkRel: string;
  /** Imports may fetch from private, loopback and link-local addresses (tests, a closed network). */
  importAllowPrivateHosts: boolean;
  /** Share-link hosts an import's preview follows to the item (m.tb.cn, k.youshop10.com…). */
  importShortLinkHosts?: string[] | undefined;
  /** The link checks' settings (issue 29, decision 0067). */
  linkHealth: LinkHealthConfig;
  statementTimeoutMs: number;
  /** The limit of a long change's statements (undo, bulk item actions, an import's batches): CHANGE_TIMEOUT_MS. */
  changeTimeoutMs: number;
  /** Memory for the shared answers of anonymous visitors (server/plugins/response-cache.ts), in bytes; 0: none kept. */
  responseCacheBytes: number;
  /** node-postgres's own limits: connecting (and waiting for a pooled connection), and one statement's answer. */
  database: { connectTimeoutMs: number; queryTimeoutMs: number };
  /** Load shedding (server/plugins/back-pressure.ts). */
  backPressure: BackPressureSettings;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Lines for a person (pretty) or one JSON object a line (for a log collector); auto: pretty when stdout is a terminal. */
  logFormat: z.infer<typeof envSchema>['LOG_FORMAT'];
  /** The address visitors use; undefined means http://localhost:PORT or http://127.0.0.1:PORT, whichever they typed. */
  publicUrl: string | undefined;
  /** Further origins allowed to call the API with a session (the Vite dev server, say). */
  trustedOrigins: string[];
  /** Fastify's trustProxy: whether X-Forwarded-For names the client (for throttling and logs). */
  trustProxy: boolean | number | string[];
  /** Signs session cookies; undefined means one generated once and kept in the database. */
  authSecret: string | undefined;
  /** Sign-in and sign-up attempts allowed per minute from one address. */
  authRateLimit: number;
  google: { clientId: string; clientSecret: string } | undefined;
  /** The account made or promoted to admin and developer at start. */
  admin: { email: string; password: string | undefined } | undefined;
  /** Outgoing mail (password reset, email change); undefined: the site sends none and says so. */
  mail: MailSettings | undefined;
  /** When the alert mails (price digest, saved searches) look for due work: ALERTS_CRON, five cron fields in UTC. */
  alertsCron: string;
  /** Object storage for uploads; undefined means the local disk under DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  /** The build (dist/web for the browser, dist/server for rendering pages). */
  distDir: string;
};

/** The link checks' settings as set; the link-health module turns them into its own (composition.ts). */
export type LinkHealthConfig = {
  /** MARKETPLACE_<NAME>_URL variables as set: the link-health module's rules say which names it reads. */
  marketplaceUrls: Record<string, string>;
  /** LINK_CHECKS_PER_HOST_PER_MINUTE. */
  perHostPerMinute: number;
  /** LINK_CHECKS_PER_DAY. */
  perDay: number;
  /** LINK_HIDE_AFTER_GONE; 0: never. */
  hideAfterGone: number;
  /** LINK_CHECK_TIMEOUT_MS. */
  timeoutMs: number;
};

const MARKETPLACE_URL_VARIABLE = /^MARKETPLACE_[A-Z0-9_]+_URL$/;

/** The MARKETPLACE_*_URL variables that are set, by name. */
function marketplaceUrls(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => MARKETPLACE_URL_VARIABLE.test(entry[0]) && entry[1] !== undefined),
  );
}

export type MailSettings = {
  /** smtp:// or smtps:// with the credentials in it; never logged. */
  smtpUrl: string;
  /** The From header: an address, optionally with a name. */
  from: string;
};

export type S3Settings = {
  bucket: string;
  /** For MinIO, R2 and the like; undefined means AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Both undefined means the AWS SDK's default credential chain (environment, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Ends with '/' when set. */
  prefix: string | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; every problem is reported together, one line each. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const lines = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`)),
    ...pairProblems(env),
  ];
  if (!parsed.success || lines.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${lines.map((l) => `  - ${l}`).join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    communityUrl: e.COMMUNITY_URL,
    referralUrl: e.REFERRAL_URL,
    discountCode: e.DISCOUNT_CODE,
    contactEmail: e.CONTACT_EMAIL,
    seedDemo: e.SEED_DEMO,
    baseCurrency: e.BASE_CURRENCY,
    ratesUrl: e.RATES_URL,
    guideLinkRel: e.GUIDE_LINK_REL,
    importAllowPrivateHosts: e.IMPORT_ALLOW_PRIVATE_HOSTS,
    importShortLinkHosts: e.IMPORT_SHORT_LINK_HOSTS,
    linkHealth: {
      marketplaceUrls: marketplaceUrls(env),
      perHostPerMinute: e.LINK_CHECKS_PER_HOST_PER_MINUTE,
      perDay: e.LINK_CHECKS_PER_DAY,
      hideAfterGone: e.LINK_HIDE_AFTER_GONE,
      timeoutMs: e.LINK_CHECK_TIMEOUT_MS,
    },
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    changeTimeoutMs: e.CHANGE_TIMEOUT_MS,
    responseCacheBytes: Math.round(e.RESPONSE_CACHE_MB * 1024 * 1024),
    database: {
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: e.DB_QUERY_TIMEOUT_MS ?? e.STATEMENT_TIMEOUT_MS + QUERY_TIMEOUT_MARGIN_MS,
    },
    backPressure: {
      maxActiveRequests: e.MAX_ACTIVE_REQUESTS,
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
      retryAfterSeconds: e.BUSY_RETRY_AFTER_S,
    },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    publicUrl: e.PUBLIC_URL,
    trustedOrigins: e.TRUSTED_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    authSecret: e.AUTH_SECRET,
    authRateLimit: e.AUTH_RATE_LIMIT,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : undefined,
    admin: e.ADMIN_EMAIL ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    alertsCron: e.ALERTS_CRON,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // Self-hosted servers rarely have a DNS name per bucket; AWS itself wants virtual-hosted style.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    distDir: path.resolve('dist'),
  };
}
