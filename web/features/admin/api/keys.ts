import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryKey } from '../../../lib/categories';

/** Query keys of the dashboard; everything under ['admin'] is dropped together after a change. */
export const adminKeys = {
  products: (query: object) => ['admin', 'products', query] as const,
  categories: ['admin', 'categories'] as const,
  images: (query: object) => ['admin', 'images', query] as const,
};

/**
 * After any catalogue change: the dashboard's lists, counts and usage numbers, the storefront's pages and its
 * category chips may all show something else now.
 */
export function invalidateCatalogue(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: ['products'] }),
    queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  ]).then(() => undefined);
}
