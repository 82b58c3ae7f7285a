import { useMutation } from '@tanstack/react-query';
import type { AccountDeleteInput } from '../../../../common/schemas/account';
import { apiDelete } from '../../../lib/api-client';

export function deleteAccount(input: AccountDeleteInput): Promise<{ ok: true }> {
  return apiDelete<{ ok: true }>('/api/account', {}, input);
}

/** The caller leaves the page first, then forgets the session (forgetSignedInData): else the page would send it to /login. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
