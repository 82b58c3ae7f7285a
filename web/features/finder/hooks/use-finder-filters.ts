import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FILTER_DEBOUNCE_MS } from '../../../../common/constants';
import { filtersFromParams, paramsFromFilters, type FinderFilters } from '../../../../common/finder-filters';
import { useSearchParams } from '../../../lib/router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * The filters in the address and back. On a brand's page the brand is fixed by the path: the query string's brand
 * is ignored and never written.
 */
function filtersCodec(brandSlug: string | undefined) {
  return {
    read(params: URLSearchParams): FinderFilters {
      const filters = filtersFromParams(params);
      return brandSlug ? { ...filters, brands: [brandSlug] } : filters;
    },
    write(filters: FinderFilters): URLSearchParams {
      const params = paramsFromFilters(filters);
      if (brandSlug) params.delete('brand');
      return params;
    },
  };
}

/**
 * The finder's filters as the controls, the address and the server see them (issue 30: one hook, one codec, instead
 * of the page keeping five keys in step). `filters` answer every click and keystroke at once; the address follows
 * (a click adds a history entry through `writeUrl`, settled typing replaces it); an address this page did not write
 * (Back, Forward, a link) is adopted; `queryFilters` are what the server is asked, after the debounce (spec section 4).
 * Keys are the filters as the address writes them, so two spellings of one question are one key.
 */
export function useFinderFilters(brandSlug: string | undefined) {
  const [params, setParams] = useSearchParams();
  const codec = useMemo(() => filtersCodec(brandSlug), [brandSlug]);
  const urlKey = codec.write(codec.read(params)).toString();
  const urlFilters = useMemo(() => codec.read(new URLSearchParams(urlKey)), [codec, urlKey]);

  // The controls own the filter state, so a click or a keystroke never waits for the router; the URL follows,
  // and a URL this page did not write (Back, Forward, a link) is adopted.
  const [filters, setFilters] = useState(urlFilters);
  const writtenKey = useRef(urlKey);
  useEffect(() => {
    if (urlKey === writtenKey.current) return;
    writtenKey.current = urlKey;
    setFilters(urlFilters);
  }, [urlKey, urlFilters]);
  const writeUrl = useCallback(
    (next: FinderFilters, replace: boolean) => {
      const params = codec.write(next);
      writtenKey.current = params.toString();
      setParams(params, { replace });
    },
    [codec, setParams],
  );

  // Every filter change reaches the server after the debounce (spec section 4).
  const currentKey = codec.write(filters).toString();
  const [queryKey, setQueryKeyNow] = useDebouncedValue(currentKey, FILTER_DEBOUNCE_MS);
  const queryFilters = useMemo(() => codec.read(new URLSearchParams(queryKey)), [codec, queryKey]);

  // Once the typed text has settled, it goes into the URL (replacing, not adding, a history entry).
  useEffect(() => {
    if (queryKey !== currentKey || queryKey === writtenKey.current) return;
    writeUrl(queryFilters, true);
  }, [queryKey, currentKey, queryFilters, writeUrl]);

  return { codec, urlFilters, filters, setFilters, writeUrl, currentKey, queryKey, setQueryKeyNow, queryFilters };
}
