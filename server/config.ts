import path from 'node:path';
import { z } from 'zod';

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

const booleanFlag = (name: string, fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
      return z.NEVER;
    });

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
  STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: 'STATEMENT_TIMEOUT_MS must be a number' })
    .int()
    .min(100, 'STATEMENT_TIMEOUT_MS must be at least 100')
    .default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

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
  statementTimeoutMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Built front end; absent in API-only tests. */
  webDist: string | undefined;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once; every problem is reported together, one line each. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
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
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve('dist/web'),
  };
}
