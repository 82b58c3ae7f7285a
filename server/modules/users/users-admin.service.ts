import { hasRole, type RoleFlags } from '../../../common/roles';
import type { AdminUser, AdminUserPage, AdminUserQuery, UserRolesAuditDetails, UserRolesInput } from '../../../common/schemas/user';
import { USER_ROLE_ERRORS } from '../../../common/texts/users';
import type { Transact } from '../../db/unit-of-work';
import { AppError } from '../../errors';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { UsersRepo, UserWithProviders } from './users.repo';

export function toAdminUser(row: UserWithProviders): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
    providers: row.providers,
    isAdmin: row.isAdmin,
    isDev: row.isDev,
  };
}

export type RoleChangeState = {
  /** The caller's flags as the locked transaction reads them; null when the account is gone. */
  actor: (RoleFlags & { id: string }) | null;
  /** Whether the caller is among the locked admin rows. */
  actorIsAdmin: boolean;
  target: RoleFlags & { id: string; email: string };
  /** Admins right now, the target included when it is one. */
  adminCount: number;
  change: UserRolesInput;
};

/**
 * The rules of a role change (issue 5), on the state read under lock; throws the refusal, or answers the flags
 * before and after. The caller is checked again here although the route's guard already did: another admin may
 * have removed their role between the guard and the lock.
 */
export function decideRoleChange({ actor, actorIsAdmin, target, adminCount, change }: RoleChangeState): {
  before: RoleFlags;
  after: RoleFlags;
  changed: boolean;
} {
  if (!actor || !actorIsAdmin) throw new AppError('FORBIDDEN', USER_ROLE_ERRORS.noLongerAdmin);
  const before = { isAdmin: target.isAdmin, isDev: target.isDev };
  const after = { isAdmin: change.isAdmin ?? before.isAdmin, isDev: change.isDev ?? before.isDev };
  const actorIsDeveloper = hasRole({ isAdmin: actorIsAdmin, isDev: actor.isDev }, 'developer');
  const changed = after.isAdmin !== before.isAdmin || after.isDev !== before.isDev;
  // Issue 13: a plain admin must not strip a developer. The flag alone counts (not developer rights, which need
  // admin too): granting admin to an account with the flag would make it a developer, which is a developer's call.
  if (changed && target.isDev && !actorIsDeveloper) throw new AppError('FORBIDDEN', USER_ROLE_ERRORS.developerAccount(target.email));
  if (after.isDev !== before.isDev && !actorIsDeveloper) throw new AppError('FORBIDDEN', USER_ROLE_ERRORS.developerOnly);
  const demoted = before.isAdmin && !after.isAdmin;
  if (demoted && target.id === actor.id) throw new AppError('CONFLICT', USER_ROLE_ERRORS.ownAdmin);
  if (demoted && adminCount <= 1) throw new AppError('CONFLICT', USER_ROLE_ERRORS.lastAdmin(target.email));
  return { before, after, changed };
}

/** Accounts and their roles for the dashboard's Users tab; every change is written to the audit log with it. */
export function createUsersAdminService(repo: UsersRepo, transaction: Transact<{ users: UsersRepo; audit: AuditRepo }>) {
  return {
    async list(query: AdminUserQuery): Promise<AdminUserPage> {
      const { items, total } = await repo.page(query);
      return { items: items.map(toAdminUser), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Sets the target's flags as asked. A change that changes nothing succeeds without an audit entry; a refusal
     * changes nothing and writes nothing.
     */
    async updateRoles(actor: Actor & { id: string }, targetId: string, change: UserRolesInput): Promise<AdminUser> {
      // One transaction: its reads lock what they read, so crossed changes run one after the other, and throwing
      // rolls everything back, audit entry included.
      return transaction(async (tx) => {
        // Admins first, always in the same order: every role change queues on the same locks.
        const admins = await tx.users.lockAdmins();
        const target = await tx.users.lockUser(targetId);
        if (!target) throw new AppError('NOT_FOUND', USER_ROLE_ERRORS.notFound);
        const actorRoles = await tx.users.rolesOf(actor.id);
        const { before, after, changed } = decideRoleChange({
          actor: actorRoles && { id: actor.id, ...actorRoles },
          actorIsAdmin: admins.includes(actor.id),
          target,
          adminCount: admins.length,
          change,
        });
        if (!changed) return toAdminUser(target);
        await tx.users.setRolesOf(target.id, after);
        const details: UserRolesAuditDetails = { userId: target.id, before, after };
        await tx.audit.record({ action: 'user-roles', subject: target.email, actor, details });
        return toAdminUser({ ...target, ...after });
      });
    },
  };
}
export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
