import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDeleteInput } from '../../../../common/schemas/account';
import { apiDelete } from '../../../lib/api-client';
import { forgetSignedInData } from './forget-signed-in-data';

export function deleteAccount(input: AccountDeleteInput): Promise<{ ok: true }> {
  return apiDelete<{ ok: true }>('/api/account', {}, input);
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => forgetSignedInData(queryClient) });
}
