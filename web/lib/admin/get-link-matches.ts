import { useQuery } from '@tanstack/react-query';
import type { LinkMatches } from '../../../common/schemas/changes';
import { isHttpUrl } from '../../../common/schemas/fields';
import { apiGet } from '../api-client';
import { adminKeys } from './keys';

/** Other items with this buy link; asked only for a complete http(s) address. */
export function useLinkMatches(link: string, excludeId: string | undefined) {
  const wanted = link.trim();
  return useQuery({
    queryKey: adminKeys.linkMatches(wanted, excludeId ?? ''),
    queryFn: ({ signal }) => apiGet<LinkMatches>('/api/admin/products/link-matches', { link: wanted, excludeId }, signal),
    enabled: isHttpUrl(wanted),
    staleTime: 10_000,
  });
}
