import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../../../common/schemas/user';
import { apiPatch } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export function updateName(name: string): Promise<Me> {
  return apiPatch<Me>('/api/account', { name });
}

/** The answer is the whole account: the top bar and /home show the new name at once. */
export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, { user }),
  });
}
