import { useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ProductView } from '../../../../common/page-data';
import type { Product, ProductDetail, ProductMissing, ProductPage } from '../../../../common/schemas/product';
import { ApiError, apiGet, catalogueLang } from '../../../lib/api-client';
import { productQueryKey } from './keys';

/** A product's page; a deleted product (410) or an unknown number (404) is an answer to show, not an error. */
export async function getProductView(number: number, signal?: AbortSignal): Promise<ProductView> {
  try {
    const detail = await apiGet<ProductDetail>(`/api/products/${number}`, { lang: catalogueLang() }, signal);
    return {
      status: 'found',
      product: detail.product,
      related: detail.related,
      colours: detail.colours,
      qcPhotos: detail.qcPhotos,
      sameItem: detail.sameItem,
      sameItemTotal: detail.sameItemTotal,
      priceHistory: detail.priceHistory,
    };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 410) && err.body) {
      const body = err.body as ProductMissing;
      return err.status === 410
        ? { status: 'gone', category: body.category, similar: body.similar }
        : { status: 'missing', similar: body.similar };
    }
    throw err;
  }
}

/** The product as a card already showed it (finder pages, other products' related lists), to show at once. */
function cachedProduct(queryClient: QueryClient, number: number): Product | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<ProductPage>>({ queryKey: ['products'] })) {
    const found = data?.pages.flatMap((p) => p.items).find((p) => p.number === number);
    if (found) return found;
  }
  for (const [, view] of queryClient.getQueriesData<ProductView>({ queryKey: ['product'] })) {
    const list = view ? (view.status === 'found' ? view.related : view.similar) : [];
    const found = list.find((p) => p.number === number);
    if (found) return found;
  }
  return undefined;
}

export function useProductView(number: number) {
  const queryClient = useQueryClient();
  return useQuery<ProductView>({
    queryKey: productQueryKey(number),
    queryFn: ({ signal }) => getProductView(number, signal),
    // Opened from a card: the card's product shows at once, its related products follow.
    placeholderData: (): ProductView | undefined => {
      const product = cachedProduct(queryClient, number);
      return product ? { status: 'found', product, related: [] } : undefined;
    },
  });
}
