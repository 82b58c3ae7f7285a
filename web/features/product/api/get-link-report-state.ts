import { useQuery } from '@tanstack/react-query';
import type { LinkReportState } from '../../../../common/schemas/requests';
import { apiGet } from '../../../lib/api-client';

/** Under ['admin'], so the dashboard's changes (a report marked done) drop it too. */
export const linkReportStateKey = (productId: string) => ['admin', 'link-report-state', productId] as const;

export function getLinkReportState(productId: string, signal?: AbortSignal): Promise<LinkReportState> {
  return apiGet<LinkReportState>(`/api/admin/link-reports/product/${encodeURIComponent(productId)}`, {}, signal);
}

/** A product's open link reports, asked only for an admin (the server refuses anyone else). */
export function useLinkReportState(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: linkReportStateKey(productId),
    queryFn: ({ signal }) => getLinkReportState(productId, signal),
    enabled,
    staleTime: 0,
  });
}
