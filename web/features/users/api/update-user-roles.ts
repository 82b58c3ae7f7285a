import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserPage, UserRolesInput } from '../../../../common/schemas/user';
import { apiPatch } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { usersKeys } from '../../../lib/admin/keys';

export type UserRolesChange = { id: string; roles: UserRolesInput };

export function updateUserRoles({ id, roles }: UserRolesChange): Promise<AdminUser> {
  return apiPatch<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, roles);
}

/**
 * After a change the row shows the server's answer at once; the lists and the audit log are read again, and the
 * session too when the change was one's own (the Database tab follows the developer role).
 */
export function useUpdateUserRoles(viewerId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRoles,
    onSuccess: (user) => {
      queryClient.setQueriesData<AdminUserPage>({ queryKey: usersKeys.all }, (page) =>
        page ? { ...page, items: page.items.map((u) => (u.id === user.id ? user : u)) } : page,
      );
      // Not awaited: the change is done and shown; the fresh pages follow.
      void queryClient.invalidateQueries({ queryKey: usersKeys.all });
      void queryClient.invalidateQueries({ queryKey: usersKeys.auditAll });
      if (user.id === viewerId) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
