import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkReport } from '../../../../common/schemas/requests';
import type { RequestStatus } from '../../../../common/requests';
import { apiPatch } from '../../../lib/api-client';
import { requestsKeys } from './keys';

export function updateLinkReport(id: string, status: RequestStatus): Promise<LinkReport> {
  return apiPatch<LinkReport>(`/api/admin/link-reports/${encodeURIComponent(id)}`, { status });
}

export function useUpdateLinkReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: RequestStatus }) => updateLinkReport(id, status),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
        queryClient.invalidateQueries({ queryKey: requestsKeys.reportStates }),
      ]),
  });
}
