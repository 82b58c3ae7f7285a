import { and, eq, gt, like, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Preferences, PreferencesInput } from '../../../common/schemas/preferences';
import { findLanguage } from '../../../common/i18n';
import { accounts, sessions, userPreferences, users, verifications } from '../../db/schema/index';

/** Verification rows of a pending email change: `change-email:<sha-256 of the token>`, value `<user id> <new email>`. */
const EMAIL_CHANGE_PREFIX = 'change-email:';

export type AccountRow = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  /** The scrypt hash of the account's password; null for Google-only accounts. */
  passwordHash: string | null;
};

/** What the deletion rule sees, read under row locks inside the deleting transaction. */
export type DeletionState = { account: AccountRow; otherAdmins: number };

export function createAccountRepo({ db }: Database) {
  async function findAccount(executor: Pick<typeof db, 'select'>, userId: string, lock: boolean): Promise<AccountRow | null> {
    const query = executor
      .select({ id: users.id, email: users.email, name: users.name, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, userId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return null;
    const [credential] = await executor
      .select({ hash: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    return { ...row, passwordHash: credential?.hash ?? null };
  }

  return {
    find: (userId: string) => findAccount(db, userId, false),

    async preferences(userId: string): Promise<Preferences> {
      const [row] = await db
        .select({ agent: userPreferences.agent, currency: userPreferences.currency, language: userPreferences.language })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return row ? { ...row, language: findLanguage(row.language)?.code ?? null } : { agent: null, currency: null, language: null };
    },

    /** Changes the given fields in one statement (a field left out keeps its value); answers the result. */
    async setPreferences(userId: string, input: PreferencesInput): Promise<Preferences> {
      const changes = { ...input, updatedAt: new Date() };
      const [row] = await db
        .insert(userPreferences)
        .values({ userId, agent: input.agent ?? null, currency: input.currency ?? null, language: input.language ?? null })
        .onConflictDoUpdate({ target: userPreferences.userId, set: changes })
        .returning({ agent: userPreferences.agent, currency: userPreferences.currency, language: userPreferences.language });
      return row ? { ...row, language: findLanguage(row.language)?.code ?? null } : { agent: null, currency: null, language: null };
    },

    /** When this admin put the setup checklist away (issue 28); null when it is shown. */
    async setupDismissedAt(userId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: userPreferences.setupDismissedAt })
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return row?.at ?? null;
    },

    /** Puts the setup checklist away for this account, or (null) shows it again. */
    async setSetupDismissedAt(userId: string, at: Date | null): Promise<void> {
      await db
        .insert(userPreferences)
        .values({ userId, setupDismissedAt: at })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { setupDismissedAt: at, updatedAt: new Date() } });
    },

    async setName(userId: string, name: string): Promise<void> {
      await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    async emailTaken(email: string, exceptUserId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row !== undefined && row.id !== exceptUserId;
    },

    /** Sets the email at once (no mail on this site): unproven, so Google cannot be linked to it by that address. */
    async setEmail(userId: string, email: string, verified: boolean): Promise<'changed' | 'taken'> {
      try {
        await db.update(users).set({ email, emailVerified: verified, updatedAt: new Date() }).where(eq(users.id, userId));
        return 'changed';
      } catch (err) {
        if (isUniqueViolation(err)) return 'taken';
        throw err;
      }
    },

    /**
     * Keeps one pending change per account: a new request replaces the last one (two statements: run them in the
     * service's transaction).
     */
    async saveEmailChange(userId: string, newEmail: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db
        .delete(verifications)
        .where(and(like(verifications.identifier, `${EMAIL_CHANGE_PREFIX}%`), like(verifications.value, `${userId} %`)));
      await db
        .insert(verifications)
        .values({ identifier: `${EMAIL_CHANGE_PREFIX}${tokenHash}`, value: `${userId} ${newEmail}`, expiresAt });
    },

    /**
     * Spends a pending change (once: the row is deleted as it is read) and applies it; null when the token is
     * unknown or expired. Throws a unique violation when the address was taken meanwhile (the service's transaction
     * is rolled back, the change left pending).
     */
    async applyEmailChange(tokenHash: string, now: Date): Promise<{ userId: string; email: string } | null> {
      const [row] = await db
        .delete(verifications)
        .where(and(eq(verifications.identifier, `${EMAIL_CHANGE_PREFIX}${tokenHash}`), gt(verifications.expiresAt, now)))
        .returning({ value: verifications.value });
      if (!row) return null;
      const at = row.value.indexOf(' ');
      const userId = row.value.slice(0, at);
      const email = row.value.slice(at + 1);
      const changed = await db
        .update(users)
        .set({ email, emailVerified: true, updatedAt: now })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return changed.length > 0 ? { userId, email } : null;
    },

    async deleteSessions(userId: string): Promise<number> {
      const gone = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
      return gone.length;
    },

    // An account's deletion (account.service's deleteAccount runs these in one transaction): the admins first
    // (users.repo's lockAdmins, as role changes lock them), then the account, so two last admins deleting themselves
    // at once run one after the other.

    /** Locks the account's row and reads it; null when there is none. */
    lockAccount: (userId: string) => findAccount(db, userId, true),
    /**
     * Deletes the account. Its sessions and sign-in methods go with the user row (foreign keys cascade), its pending
     * reset and email-change tokens explicitly (they name it only in text).
     */
    async deleteAccount(userId: string): Promise<void> {
      await db
        .delete(verifications)
        .where(
          or(
            and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)),
            and(like(verifications.identifier, `${EMAIL_CHANGE_PREFIX}%`), like(verifications.value, `${userId} %`)),
          ),
        );
      await db.delete(users).where(eq(users.id, userId));
    },
  };
}
export type AccountRepo = ReturnType<typeof createAccountRepo>;
