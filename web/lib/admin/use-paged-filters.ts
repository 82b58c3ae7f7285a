import { useState } from 'react';
import { FILTER_DEBOUNCE_MS } from '../../../common/constants';
import { useDebouncedValue } from '../use-debounced-value';

/**
 * Filters of a paged dashboard list: `query` follows `filters` once the 300 ms debounce has passed (spec section 4),
 * and each new query goes back to page 1.
 */
export function usePagedFilters<F>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const [query] = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const [pagedQuery, setPagedQuery] = useState(query);
  if (pagedQuery !== query) {
    setPagedQuery(query);
    setPage(1);
  }
  return { filters, setFilters, query, page, setPage };
}
