import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { finderApiParams, type FinderFilters } from '../../../../common/finder-filters';
import { facetFilters } from '../../../../common/finder-keys';
import { facetsQueryKey } from './keys';
import type { FinderFacets } from '../../../../common/schemas/search';
import { apiGet } from '../../../lib/api-client';

export function getFacets(filters: FinderFilters, signal?: AbortSignal): Promise<FinderFacets> {
  const { sort: _sort, ...params } = finderApiParams(filters);
  return apiGet<FinderFacets>('/api/products/facets', params, signal);
}

/** The counts beside the finder's choices; the previous counts stay while new ones load, so nothing jumps. */
export function useFacets(filters: FinderFilters) {
  const key = facetFilters(filters);
  return useQuery({
    queryKey: facetsQueryKey(key),
    queryFn: ({ signal }) => getFacets(filters, signal),
    placeholderData: keepPreviousData,
  });
}
