import { asc, eq, sql } from 'drizzle-orm';
import type { RoleFlags } from '../../../common/roles';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type UserWithProviders = UserRow & { providers: string[] };

export function createUsersRepo({ db }: Database) {
  // Spelled out: inside a subquery drizzle would leave column names unqualified, and "id" would bind to accounts.
  const providersOf = sql<string[]>`coalesce(
    (select array_agg(distinct a.provider_id order by a.provider_id) from accounts a where a.user_id = "users"."id"),
    '{}'::text[])`;

  return {
    /** The role flags of one account, read fresh on every check; null when the account does not exist. */
    async findRoles(userId: string): Promise<RoleFlags | null> {
      const [row] = await db.select({ isAdmin: users.isAdmin, isDev: users.isDev }).from(users).where(eq(users.id, userId));
      return row ?? null;
    },
    async findWithProviders(userId: string): Promise<UserWithProviders | null> {
      const [row] = await db
        .select({ user: users, providers: providersOf })
        .from(users)
        .where(eq(users.id, userId));
      return row ? { ...row.user, providers: row.providers } : null;
    },
    async findByEmail(email: string): Promise<UserWithProviders | null> {
      const [row] = await db
        .select({ user: users, providers: providersOf })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()));
      return row ? { ...row.user, providers: row.providers } : null;
    },
    async list(): Promise<UserWithProviders[]> {
      const rows = await db
        .select({ user: users, providers: providersOf })
        .from(users)
        .orderBy(asc(users.createdAt), asc(users.id));
      return rows.map((r) => ({ ...r.user, providers: r.providers }));
    },
    /** Sets the given flags on the account with this email; null when there is none. */
    async setRoles(email: string, flags: Partial<RoleFlags>): Promise<UserRow | null> {
      if (flags.isAdmin === undefined && flags.isDev === undefined) return this.findByEmail(email);
      const [row] = await db
        .update(users)
        .set({ ...flags, updatedAt: new Date() })
        .where(eq(users.email, email.trim().toLowerCase()))
        .returning();
      return row ?? null;
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
