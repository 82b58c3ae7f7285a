import { useQuery } from '@tanstack/react-query';
import type { AdminProductPage } from '../../../../common/schemas/product';
import { apiGet } from '../../../lib/api-client';

/** Products a request may be linked to: the admin list's search, a few at a time. */
export const PRODUCT_MATCHES = 5;

export function searchProducts(search: string, signal?: AbortSignal): Promise<AdminProductPage> {
  return apiGet<AdminProductPage>('/api/admin/products', { search, pageSize: PRODUCT_MATCHES, sort: 'updated' }, signal);
}

/** Asked only for a typed name (2 characters or more, not a number or an address, which link as they are). */
export function useProductMatches(search: string) {
  const text = search.trim();
  const enabled = text.length >= 2 && !/^\d+$/.test(text) && !text.includes('/');
  return useQuery({
    queryKey: ['admin', 'requests', 'product-matches', text],
    queryFn: ({ signal }) => searchProducts(text, signal),
    enabled,
    staleTime: 30_000,
  });
}
