// What the finder's cached answers are keyed by beyond the filters themselves: in the storefront's first bundle (the
// page's data is put under these keys before the finder's own code is in), so kept apart from the finder's codec.
import { DEFAULT_SORT } from './constants';
import type { FinderFilters } from './finder-filters';

/**
 * Whether the listing's order depends on the visitor's shuffle seed: only Recommended without a search is the
 * visitor's rotation of the shuffled order. A search and the other orders read the same for everyone (decision
 * 0043), so the browser leaves the seed out of those requests and visitors share their answers in every cache.
 */
export function orderUsesSeed(f: Pick<FinderFilters, 'search' | 'sort'>): boolean {
  return f.sort === DEFAULT_SORT && f.search.trim() === '';
}

/** The filters a facet count depends on: everything but the order. */
export type FacetFilters = Omit<FinderFilters, 'sort'>;

export function facetFilters({ sort: _sort, ...rest }: FinderFilters): FacetFilters {
  return rest;
}
