import { useQuery } from '@tanstack/react-query';
import { FAVORITES_LOOKUP_MAX } from '../../../../common/favorites';
import type { Product } from '../../../../common/schemas/product';
import type { ProductsByIds } from '../../../../common/schemas/favorite';
import { apiGet, catalogueLang } from '../../../lib/api-client';

/** The products as they are now, in the order asked (batches of FAVORITES_LOOKUP_MAX); ids no longer listed are left out. */
export async function getProductsByIds(ids: readonly string[], signal?: AbortSignal): Promise<Product[]> {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += FAVORITES_LOOKUP_MAX) batches.push(ids.slice(i, i + FAVORITES_LOOKUP_MAX));
  const answers = await Promise.all(
    batches.map((batch) => apiGet<ProductsByIds>('/api/products/by-ids', { ids: batch.join(','), lang: catalogueLang() }, signal)),
  );
  return answers.flatMap((a) => a.items);
}

/** A signed-out visitor's favourites as they are now: one query per set of ids (sorted, so order changes reuse it). */
export function useProductsByIds(ids: readonly string[], enabled: boolean) {
  const sorted = [...ids].sort();
  return useQuery({
    queryKey: ['favorites', 'browser-products', sorted.join(',')],
    queryFn: ({ signal }) => getProductsByIds(sorted, signal),
    enabled: enabled && ids.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
