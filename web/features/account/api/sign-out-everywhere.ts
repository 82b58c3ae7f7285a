import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { forgetSignedInData } from './forget-signed-in-data';

export function signOutEverywhere(): Promise<{ ok: true }> {
  return apiPost<{ ok: true }>('/api/account/sign-out-everywhere', {});
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOutEverywhere, onSuccess: () => forgetSignedInData(queryClient) });
}
