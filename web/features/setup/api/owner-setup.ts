import { useMutation, useQuery } from '@tanstack/react-query';
import type { OwnerSetupInput, OwnerSetupResult, OwnerSetupStatus } from '../../../../common/schemas/setup';
import { apiGet, apiPost } from '../../../lib/api-client';

/** Whether the site still needs its first admin (issue 40): asked by a signed-out /admin. */
export function useOwnerSetupStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['owner-setup'],
    queryFn: ({ signal }) => apiGet<OwnerSetupStatus>('/api/setup/owner', {}, signal),
    enabled,
    staleTime: 0,
  });
}

export function useCreateOwner() {
  return useMutation({ mutationFn: (input: OwnerSetupInput) => apiPost<OwnerSetupResult>('/api/setup/owner', input) });
}
