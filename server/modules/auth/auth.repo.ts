import { and, count, eq, gte, like, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, appSecrets, rateLimits, sessions, users, verifications } from '../../db/schema/index';

/** How long the library's request counters are kept after an address's last request. */
export const RATE_LIMIT_ROWS_KEPT_MS = 24 * 60 * 60 * 1000;

export function createAuthRepo({ db }: Database) {
  return {
    /** The stored secret of this name, made once by whichever process asks first. */
    async secret(name: string, make: () => string): Promise<string> {
      await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
      const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
      if (!row) throw new Error(`The secret ${name} could not be stored.`);
      return row.value;
    },
    /** The stored password hash of the account with this email, if it has one. */
    async passwordHash(email: string): Promise<string | null> {
      const [row] = await db
        .select({ hash: accounts.password })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(users.email, email.trim().toLowerCase()), eq(accounts.providerId, 'credential')));
      return row?.hash ?? null;
    },
    /** Password reset tokens made for this account since then (the library keeps them as 'reset-password:<token>'). */
    async resetRequestsSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(verifications)
        .where(
          and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId), gte(verifications.createdAt, since)),
        );
      return row?.n ?? 0;
    },
    async deleteSession(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.token, token));
    },
    /**
     * Sessions and sign-in states past their expiry (the library removes them only when someone presents one), and
     * the library's per-address request counters a day after their last request: their longest window is an hour,
     * and an address is personal data the privacy policy promises not to keep.
     */
    async deleteExpired(now = new Date()): Promise<{ sessions: number; verifications: number; rateLimits: number }> {
      const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
      const states = await db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id });
      const counters = await db
        .delete(rateLimits)
        .where(lt(rateLimits.lastRequest, now.getTime() - RATE_LIMIT_ROWS_KEPT_MS))
        .returning({ id: rateLimits.id });
      return { sessions: gone.length, verifications: states.length, rateLimits: counters.length };
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
