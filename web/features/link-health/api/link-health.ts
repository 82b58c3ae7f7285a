import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkFilter } from '../../../../common/link-health';
import type { LinkHealthOverview } from '../../../../common/schemas/link-health';
import { apiGet, apiPost } from '../../../lib/api-client';

/** Under ['admin'], so any dashboard change (a product edited or deleted) reads the view again. */
export const linkHealthKeys = {
  all: ['admin', 'link-health'] as const,
  page: (filter: LinkFilter, page: number) => ['admin', 'link-health', filter, page] as const,
};

export function getLinkHealth(filter: LinkFilter, page: number, signal?: AbortSignal): Promise<LinkHealthOverview> {
  return apiGet<LinkHealthOverview>('/api/admin/link-health', { filter, page }, signal);
}

export function useLinkHealth(filter: LinkFilter, page: number) {
  return useQuery({
    queryKey: linkHealthKeys.page(filter, page),
    queryFn: ({ signal }) => getLinkHealth(filter, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function recheckLink(id: string): Promise<{ ok: true }> {
  return apiPost<{ ok: true }>(`/api/admin/link-health/${encodeURIComponent(id)}/recheck`);
}

export function markLinkFine(id: string): Promise<{ ok: true }> {
  return apiPost<{ ok: true }>(`/api/admin/link-health/${encodeURIComponent(id)}/fine`);
}

/** Re-check now or Mark fine on one product; the view is read again after either. */
export function useLinkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; title: string; action: 'recheck' | 'fine' }) =>
      action === 'recheck' ? recheckLink(id) : markLinkFine(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkHealthKeys.all }),
  });
}
