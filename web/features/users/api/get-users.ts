import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserPage, UserRoleFilter } from '../../../../common/schemas/user';
import { apiGet } from '../../../lib/api-client';
import { usersKeys } from '../../../lib/admin/keys';

export type UsersRequest = { search: string; role: UserRoleFilter; page: number };

export function getUsers(q: UsersRequest, signal?: AbortSignal): Promise<AdminUserPage> {
  return apiGet<AdminUserPage>(
    '/api/admin/users',
    { search: q.search.trim(), role: q.role === 'all' ? undefined : q.role, page: q.page },
    signal,
  );
}

/** The page on screen stays while the next one loads, so the list never jumps to empty. */
export function useUsers(q: UsersRequest) {
  return useQuery({
    queryKey: usersKeys.list(q),
    queryFn: ({ signal }) => getUsers(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
