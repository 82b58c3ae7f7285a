import { useQuery } from '@tanstack/react-query';
import type { CategoryStats } from '../../../../common/schemas/bulk-op';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin/keys';

export function getCategoryStats(signal?: AbortSignal): Promise<CategoryStats> {
  return apiGet<CategoryStats>('/api/admin/bulk-ops/category-stats', {}, signal);
}

/** The Category Distribution panel (developers only, so only asked for when enabled). */
export function useCategoryStats(enabled: boolean) {
  return useQuery({ queryKey: adminKeys.categoryStats, queryFn: ({ signal }) => getCategoryStats(signal), enabled, staleTime: 0 });
}
