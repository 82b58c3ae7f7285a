import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { finderApiParams, type FinderFilters } from '../../../../common/finder-filters';
import { orderUsesSeed } from '../../../../common/finder-keys';
import { productsQueryKey } from './keys';
import type { ProductPage } from '../../../../common/schemas/product';
import { apiGet, catalogueLang } from '../../../lib/api-client';

export type ProductsRequest = { filters: FinderFilters; seed: number; limit: number; cursor?: string | undefined };

/** The seed goes only where the order depends on it: a search's pages are one address for every visitor. */
export function getProducts({ filters, seed, limit, cursor }: ProductsRequest, signal?: AbortSignal): Promise<ProductPage> {
  return apiGet<ProductPage>(
    '/api/products',
    { ...finderApiParams(filters), seed: orderUsesSeed(filters) ? seed : undefined, limit, cursor, lang: catalogueLang() },
    signal,
  );
}

/** Pages of the finder; the page size is read when each page is fetched, so resizing never restarts the list. */
export function useProducts(filters: FinderFilters, seed: number, pageSize: () => number) {
  return useInfiniteQuery({
    queryKey: productsQueryKey(filters, seed),
    queryFn: ({ pageParam, signal }) => getProducts({ filters, seed, limit: pageSize(), cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The previous results stay on screen while a new filter loads; the search box shows a spinner meanwhile.
    placeholderData: keepPreviousData,
  });
}
