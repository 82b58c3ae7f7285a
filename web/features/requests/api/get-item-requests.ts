import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ItemRequestPage } from '../../../../common/schemas/requests';
import { apiGet } from '../../../lib/api-client';
import { requestsKeys, statusParam, type QueueRequest } from './keys';

export function getItemRequests(q: QueueRequest, signal?: AbortSignal): Promise<ItemRequestPage> {
  return apiGet<ItemRequestPage>('/api/admin/requests', statusParam(q), signal);
}

export function useItemRequests(q: QueueRequest) {
  return useQuery({
    queryKey: requestsKeys.items(q),
    queryFn: ({ signal }) => getItemRequests(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
