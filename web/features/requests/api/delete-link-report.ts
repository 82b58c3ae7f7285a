import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { requestsKeys } from './keys';

export function deleteLinkReport(id: string): Promise<{ id: string }> {
  return apiDelete<{ id: string }>(`/api/admin/link-reports/${encodeURIComponent(id)}`);
}

export function useDeleteLinkReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLinkReport,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
        queryClient.invalidateQueries({ queryKey: requestsKeys.reportStates }),
      ]),
  });
}
