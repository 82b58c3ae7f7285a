import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminProductPage, AdminProductSort } from '../../../../common/schemas/product';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin/keys';

/** `group`: a product's groupKey, its colourways only ('' for every product). */
export type AdminProductFilters = {
  search: string;
  category: string;
  gender: string;
  best: 'all' | 'true' | 'false';
  picture: 'any' | 'none' | 'some';
  link: 'any' | 'none' | 'some';
  group: string;
};
export type AdminProductsRequest = AdminProductFilters & { page: number; pageSize: number; sort: AdminProductSort };

export function getAdminProducts(q: AdminProductsRequest, signal?: AbortSignal): Promise<AdminProductPage> {
  return apiGet<AdminProductPage>(
    '/api/admin/products',
    {
      search: q.search.trim(),
      category: q.category,
      gender: q.gender,
      best: q.best === 'all' ? undefined : q.best,
      picture: q.picture === 'any' ? undefined : q.picture,
      link: q.link === 'any' ? undefined : q.link,
      group: q.group || undefined,
      page: q.page,
      pageSize: q.pageSize,
      sort: q.sort === 'row' ? undefined : q.sort,
    },
    signal,
  );
}

/** The page on screen stays while the next one loads, so the list never jumps to empty. */
export function useAdminProducts(q: AdminProductsRequest) {
  return useQuery({
    queryKey: adminKeys.products(q),
    queryFn: ({ signal }) => getAdminProducts(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
