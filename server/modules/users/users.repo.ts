import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { RoleFlags } from '../../../common/roles';
import type { UserRoleFilter } from '../../../common/schemas/user';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { escapeLike } from '../../db/sql';

export type UserRow = typeof users.$inferSelect;
export type UserWithProviders = UserRow & { providers: string[] };

export type UserListFilter = { search?: string | undefined; role: UserRoleFilter; page: number; pageSize: number };

export function createUsersRepo({ db }: Database) {
  // Spelled out: inside a subquery drizzle would leave column names unqualified, and "id" would bind to accounts.
  const providersOf = sql<string[]>`coalesce(
    (select array_agg(distinct a.provider_id order by a.provider_id) from accounts a where a.user_id = "users"."id"),
    '{}'::text[])`;

  function listConditions(f: UserListFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (f.search) {
      const pattern = `%${escapeLike(f.search)}%`;
      const match = or(sql`${users.email} ilike ${pattern}`, sql`${users.name} ilike ${pattern}`);
      if (match) conditions.push(match);
    }
    if (f.role === 'admin') conditions.push(eq(users.isAdmin, true));
    if (f.role === 'developer') conditions.push(eq(users.isDev, true));
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  return {
    /** The role flags of one account, read fresh on every check; null when the account does not exist. */
    async findWithProviders(userId: string): Promise<UserWithProviders | null> {
      const [row] = await db.select({ user: users, providers: providersOf }).from(users).where(eq(users.id, userId));
      return row ? { ...row.user, providers: row.providers } : null;
    },
    async findByEmail(email: string): Promise<UserWithProviders | null> {
      const [row] = await db.select({ user: users, providers: providersOf }).from(users).where(eq(users.email, email.trim().toLowerCase()));
      return row ? { ...row.user, providers: row.providers } : null;
    },
    async list(): Promise<UserWithProviders[]> {
      const rows = await db.select({ user: users, providers: providersOf }).from(users).orderBy(asc(users.createdAt), asc(users.id));
      return rows.map((r) => ({ ...r.user, providers: r.providers }));
    },
    /** One page of accounts, newest first, with the count of all that match. */
    async page(f: UserListFilter): Promise<{ items: UserWithProviders[]; total: number }> {
      const where = listConditions(f);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select({ user: users, providers: providersOf })
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(f.pageSize)
          .offset((f.page - 1) * f.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { items: rows.map((r) => ({ ...r.user, providers: r.providers })), total: totalRow?.n ?? 0 };
    },
    // A role change's statements (users-admin.service's updateRoles runs them in one transaction): the reads lock
    // the rows they read (select ... for update), so two changes that would each be allowed alone but not together
    // (two admins demoting each other) run one after the other, and the second sees what the first did. The rows
    // stay locked until the transaction ends.

    /** Locks every admin's row (in id order, so concurrent changes queue instead of deadlocking) and lists their ids. */
    async lockAdmins(): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.id)).for('update');
      return rows.map((r) => r.id);
    },
    /** Locks one account's row and reads it with its sign-in methods; null when there is none. */
    async lockUser(id: string): Promise<UserWithProviders | null> {
      const [row] = await db
        .select({ user: users, providers: providersOf })
        .from(users)
        .where(eq(users.id, id))
        .for('update', { of: users });
      return row ? { ...row.user, providers: row.providers } : null;
    },
    /** The role flags of an account as the transaction sees them (after the locks above, the committed ones). */
    async rolesOf(id: string): Promise<RoleFlags | null> {
      const [row] = await db.select({ isAdmin: users.isAdmin, isDev: users.isDev }).from(users).where(eq(users.id, id));
      return row ?? null;
    },
    /** Sets both flags on the account with this id. */
    async setRolesOf(id: string, flags: RoleFlags): Promise<void> {
      await db.update(users).set({ isAdmin: flags.isAdmin, isDev: flags.isDev, updatedAt: new Date() }).where(eq(users.id, id));
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
