import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiErrorBody } from '../../../../common/schemas/error';
import type { AdminUser, AdminUserPage, UserRolesInput } from '../../../../common/schemas/user';
import { ApiError } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { usersKeys } from './keys';

export type UserRolesChange = { id: string; roles: UserRolesInput };

/**
 * PATCH /api/admin/users/:id. The shared API client has no PATCH helper yet, so this call makes its own request
 * and fails the same way (an ApiError carrying the server's sentence).
 */
export async function updateUserRoles({ id, roles }: UserRolesChange): Promise<AdminUser> {
  let res: Response;
  try {
    res = await fetch(`/api/admin/users/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(roles),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection.');
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const error = (body ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(res.status, error.message ?? `Request failed (${res.status})`, error.code);
  }
  return body as AdminUser;
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
