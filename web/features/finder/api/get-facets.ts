import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { facetFilters, finderApiParams, type FacetFilters, type FinderFilters } from '../../../../common/finder-filters';
import type { FinderFacets } from '../../../../common/schemas/search';
import { apiGet } from '../../../lib/api-client';

export function getFacets(filters: FinderFilters, signal?: AbortSignal): Promise<FinderFacets> {
  const { sort: _sort, ...params } = finderApiParams(filters);
  return apiGet<FinderFacets>('/api/products/facets', params, signal);
}

/** Under 'finder', which a catalogue change drops (lib/admin/keys.ts). The order changes no count. */
export const facetsQueryKey = (filters: FacetFilters) => ['finder', 'facets', filters] as const;

/** The counts beside the finder's choices; the previous counts stay while new ones load, so nothing jumps. */
export function useFacets(filters: FinderFilters) {
  const key = facetFilters(filters);
  return useQuery({
    queryKey: facetsQueryKey(key),
    queryFn: ({ signal }) => getFacets(filters, signal),
    placeholderData: keepPreviousData,
  });
}
