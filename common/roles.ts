// Roles of spec section 6. No zod here: the top bar imports this into the first page's bundle.

export const ROLES = ['admin', 'developer'] as const;
export type Role = (typeof ROLES)[number];

export type RoleFlags = { isAdmin: boolean; isDev: boolean };

/**
 * Admin: isAdmin. Developer: isDev on top of isAdmin, since the developer tools live inside the admin dashboard
 * (decision 0008); a developer flag on a non-admin account grants nothing until admin is granted too.
 */
export function hasRole(flags: RoleFlags | null | undefined, role: Role): boolean {
  if (!flags) return false;
  return role === 'admin' ? flags.isAdmin : flags.isAdmin && flags.isDev;
}
