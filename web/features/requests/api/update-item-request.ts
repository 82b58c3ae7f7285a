import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemRequest } from '../../../../common/schemas/requests';
import type { RequestStatus } from '../../../../common/requests';
import { apiPatch } from '../../../lib/api-client';
import { requestsKeys } from './keys';

/** The product as typed (a number, an id or a page address); null unlinks. */
export type ItemRequestChange = { status?: RequestStatus; product?: string | null };

export function updateItemRequest(id: string, change: ItemRequestChange): Promise<ItemRequest> {
  return apiPatch<ItemRequest>(`/api/admin/requests/${encodeURIComponent(id)}`, change);
}

export function useUpdateItemRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ItemRequestChange }) => updateItemRequest(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
  });
}
