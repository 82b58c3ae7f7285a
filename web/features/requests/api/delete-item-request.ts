import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { requestsKeys } from './keys';

export function deleteItemRequest(id: string): Promise<{ id: string }> {
  return apiDelete<{ id: string }>(`/api/admin/requests/${encodeURIComponent(id)}`);
}

export function useDeleteItemRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteItemRequest, onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKeys.all }) });
}
