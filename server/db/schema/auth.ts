import { relations } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

// Better Auth's tables. Property keys are the library's field names (its Drizzle adapter addresses columns by
// them); column names are snake_case like the rest of the schema.

/** Spec section 3 "User": email, isAdmin, isDev, createdAt; Google adds displayName (name) and photoURL (image). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Display name; empty for accounts made with email and password. */
    name: text('name').notNull().default(''),
    /** Stored lower-case by the library; unique. */
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Photo URL (Google sign-in). */
    image: text('image'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isDev: boolean('is_dev').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email), index('users_created_idx').on(t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sessions_token_idx').on(t.token),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * How the auth library's lookups join (its `database.joins` setting): a session with its user in one statement, a
 * user with their sign-in methods. Relation names are the library's model names (`user`, `accounts`, `sessions`).
 */
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

/** One row per way of signing in: providerId 'credential' holds the password hash, 'google' the Google subject. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [uniqueIndex('accounts_provider_account_idx').on(t.providerId, t.accountId), index('accounts_user_idx').on(t.userId)],
);

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));

/** Short-lived values such as the OAuth state of a Google sign-in in progress. */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Sign-in and sign-up throttling, shared by every app process through the database. */
export const rateLimits = pgTable('rate_limits', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique('rate_limits_key_unique'),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Failed sign-ins per account (key 'account:<email>', whether or not the account exists) and per client address
 * ('address:<ip>'), and the lockout they earned (issue 13; decision 0022). Ours, not the library's: its rate_limits
 * rows count every attempt, successes included.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  /** Failures since the last success (or since the counter was last forgotten); an attempt in flight counts. */
  failures: integer('failures').notNull(),
  /** No sign-in for this key before then; null when not locked. */
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  /** Whether the last attempt was refused because of the lock (so the caller of the upsert can tell). */
  refused: boolean('refused').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Secrets the app makes for itself when the environment gives none (the session-signing secret), so every
 * process on one database agrees on them without configuration.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * One-time setup addresses (issue 40, decision 0095): while no admin exists, each starting process logs an address
 * with a token of its own and keeps only its hash here, with its own name on the database (Database.instance). A
 * token works while that process lives (`processAlive`): a restart, a crash or a stop ends it, in any process that
 * checks it; its first use ends every token (the owner account exists). A use under way holds `claimedUntil`, so
 * two tokens cannot make two owners at once.
 */
export const ownerSetupTokens = pgTable('owner_setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  instance: text('instance').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
});
