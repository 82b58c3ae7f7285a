import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LinkReportPage } from '../../../../common/schemas/requests';
import { apiGet } from '../../../lib/api-client';
import { requestsKeys, statusParam, type QueueRequest } from './keys';

export function getLinkReports(q: QueueRequest, signal?: AbortSignal): Promise<LinkReportPage> {
  return apiGet<LinkReportPage>('/api/admin/link-reports', statusParam(q), signal);
}

export function useLinkReports(q: QueueRequest) {
  return useQuery({
    queryKey: requestsKeys.reports(q),
    queryFn: ({ signal }) => getLinkReports(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
