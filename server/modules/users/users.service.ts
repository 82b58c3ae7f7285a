import type { Role, RoleFlags } from '../../../common/roles';
import type { Me } from '../../../common/schemas/user';
import { AppError } from '../../errors';
import type { AuditRepo } from '../audit/audit.repo';
import type { UsersRepo, UserWithProviders } from './users.repo';

export function toMe(row: UserWithProviders): Me {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    isAdmin: row.isAdmin,
    isDev: row.isDev,
    hasPassword: row.providers.includes('credential'),
    providers: row.providers,
    createdAt: row.createdAt.toISOString(),
  };
}

const FLAG: Record<Role, 'isAdmin' | 'isDev'> = { admin: 'isAdmin', developer: 'isDev' };

/** What ensureAdmin needs from the auth library: it hashes and checks passwords, never this module. */
export type AdminAccountOps = {
  /** Creates an email and password account; false when the email is taken. */
  create(email: string, password: string): Promise<boolean>;
  /** Whether the password is the one of the account with this email (false when it has none). */
  passwordMatches(email: string, password: string): Promise<boolean>;
};

export type EnsureAdminOutcome = 'created' | 'promoted' | 'unchanged' | 'missing' | 'refused';

/** Who the audit log names for changes made outside the dashboard. */
export const COMMAND_LINE_ACTOR = { id: null, email: 'npm run users (command line)' } as const;
export const START_UP_ACTOR = { id: null, email: 'ADMIN_EMAIL (at start)' } as const;
/** The one-time setup address of a first start (issue 40). */
export const OWNER_SETUP_ACTOR = { id: null, email: 'setup address (first admin)' } as const;

/** What a role change made here runs on: one transaction's users and audit repos (the unit of work's). */
export type UsersChange = <T>(work: (repos: { users: UsersRepo; audit: Pick<AuditRepo, 'record'> }) => Promise<T>) => Promise<T>;

/**
 * Role changes made here (the command line and the start-up admin) each run in one transaction of `transaction`,
 * with their audit entry (decision 0028's rule, on the unit of work of decision 0065): the account's row is locked
 * after the admins', in the dashboard's order, so a change here and one there run one after the other.
 */
export function createUsersService(repo: UsersRepo, transaction: UsersChange) {
  /** Sets `flags` on the account of `email` and records the change; null when no account has that email. */
  const changeRoles = (email: string, flags: Partial<RoleFlags>, actor: { id: string | null; email: string }) =>
    transaction(async ({ users, audit }) => {
      await users.lockAdmins();
      const found = await users.findByEmail(email);
      const before = found && (await users.lockUser(found.id));
      if (!before) return null;
      const after = { isAdmin: flags.isAdmin ?? before.isAdmin, isDev: flags.isDev ?? before.isDev };
      if (after.isAdmin === before.isAdmin && after.isDev === before.isDev) return before;
      await users.setRolesOf(before.id, after);
      await audit.record({
        action: 'user-roles',
        subject: before.email,
        actor,
        details: { userId: before.id, before: { isAdmin: before.isAdmin, isDev: before.isDev }, after },
      });
      return { ...before, ...after };
    });

  return {
    async me(userId: string): Promise<Me | null> {
      const row = await repo.findWithProviders(userId);
      return row ? toMe(row) : null;
    },
    async list(): Promise<Me[]> {
      return (await repo.list()).map(toMe);
    },
    /** Grants or revokes one role flag by email (the command-line task). */
    async setRole(email: string, role: Role, granted: boolean): Promise<Me> {
      const row = await changeRoles(email, { [FLAG[role]]: granted }, COMMAND_LINE_ACTOR);
      if (!row) throw new AppError('NOT_FOUND', `No account has the email ${email.trim().toLowerCase()}.`);
      return toMe(row);
    },
    /**
     * ADMIN_EMAIL / ADMIN_PASSWORD at start: afterwards the account exists with admin and developer set. Nobody's
     * email is verified at sign-up, so an existing account is promoted only when it proves to be the operator's:
     * ADMIN_PASSWORD is its password, or its email was verified by Google. Otherwise anyone who registered that
     * address first would be made admin ('refused'). Safe when two processes start at once.
     */
    async ensureAdmin(
      admin: { email: string; password: string | undefined },
      ops: AdminAccountOps,
      actor: { id: string | null; email: string } = START_UP_ACTOR,
    ): Promise<EnsureAdminOutcome> {
      const email = admin.email.trim().toLowerCase();
      let existing = await repo.findByEmail(email);
      let created = false;
      if (!existing) {
        if (!admin.password) return 'missing';
        try {
          created = await ops.create(email, admin.password);
        } catch (err) {
          // Another process starting at the same moment may have made it first (the unique email refused ours).
          if (!(await repo.findByEmail(email))) throw err;
        }
        existing = await repo.findByEmail(email);
        if (!existing) throw new Error(`The admin account ${email} could not be created.`);
      }
      if (existing.isAdmin && existing.isDev) return created ? 'created' : 'unchanged';
      const proven =
        created || existing.emailVerified || (admin.password !== undefined && (await ops.passwordMatches(email, admin.password)));
      if (!proven) return 'refused';
      await changeRoles(email, { isAdmin: true, isDev: true }, actor);
      return created ? 'created' : 'promoted';
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
