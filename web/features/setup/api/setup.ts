import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DemoRemoval, SetupStatus } from '../../../../common/schemas/setup';
import { apiPost, apiPut } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';
import { setupKey } from '../../../lib/admin/setup-status';

export function useDismissSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dismissed: boolean) => apiPut<SetupStatus>('/api/admin/setup/dismissal', { dismissed }),
    onSuccess: (status) => queryClient.setQueryData(setupKey, status),
  });
}

export function useRemoveDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<DemoRemoval>('/api/admin/setup/demo-removal'),
    onSettled: () => invalidateCatalogue(queryClient),
  });
}
