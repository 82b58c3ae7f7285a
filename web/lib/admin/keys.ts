import type { QueryClient } from '@tanstack/react-query';
import { categoriesQueryKey } from '../query-keys';

/** Query keys of the dashboard; everything under ['admin'] is dropped together after a change. */
export const adminKeys = {
  products: (query: object) => ['admin', 'products', query] as const,
  categories: ['admin', 'categories'] as const,
  images: (query: object) => ['admin', 'images', query] as const,
  categoryStats: ['admin', 'category-stats'] as const,
  analytics: (range: object) => ['admin', 'analytics', range] as const,
  imports: ['admin', 'imports'] as const,
  importJob: (id: string) => ['admin', 'imports', id] as const,
  linkMatches: (link: string, excludeId: string) => ['admin', 'link-matches', link, excludeId] as const,
};

/**
 * After any catalogue change: the dashboard's lists, counts and usage numbers, the storefront's pages, its category
 * chips and its counts, suggestions and brands (under ['finder']) may all show something else now.
 */
export function invalidateCatalogue(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: ['products'] }),
    queryClient.invalidateQueries({ queryKey: ['finder'] }),
    queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  ]).then(() => undefined);
}

/** The Users tab's account pages and the audit log; under ['admin'], so a catalogue change refreshes the log too. */
export const usersKeys = {
  all: ['admin', 'users'] as const,
  list: (query: object) => ['admin', 'users', query] as const,
  auditAll: ['admin', 'audit-log'] as const,
  audit: (query: object) => ['admin', 'audit-log', query] as const,
};
