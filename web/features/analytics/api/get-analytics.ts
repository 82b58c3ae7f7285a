import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange, AnalyticsSummary } from '../../../../common/schemas/analytics';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin/keys';

export function getAnalytics(range: AnalyticsRange, signal?: AbortSignal): Promise<AnalyticsSummary> {
  return apiGet<AnalyticsSummary>('/api/admin/analytics', { from: range.from, to: range.to }, signal);
}

/** The Analytics tab's figures for a range; the previous range stays on screen while the next one loads. */
export function useAnalytics(range: AnalyticsRange) {
  return useQuery({
    queryKey: adminKeys.analytics(range),
    queryFn: ({ signal }) => getAnalytics(range, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
