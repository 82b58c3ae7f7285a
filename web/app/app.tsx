import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import type { InitialData } from '../../common/page-data';
import { ToastProvider } from '../components/ui/toast';
import { facetFilters } from '../../common/finder-keys';
import { brandQueryKey, facetsQueryKey, productsQueryKey } from '../features/finder/api/keys';
import { productQueryKey } from '../features/product/api/keys';
import { sharedFavoritesQueryKey } from '../features/favorites/api/keys';
import { agentsQueryKey, categoriesQueryKey, currenciesQueryKey } from '../lib/query-keys';
import { PageDataProvider } from '../lib/page-data';
import { SiteLayout } from '../features/layout/site-layout';
import { PageRoutes } from './routes';

/** Puts the data a page was rendered from into the query cache, under the keys its screens read. */
export function seedQueries(queryClient: QueryClient, data: InitialData | null): void {
  if (!data) return;
  if (data.agents) queryClient.setQueryData(agentsQueryKey, data.agents);
  if (data.categories) queryClient.setQueryData(categoriesQueryKey, data.categories);
  if (data.currencies) queryClient.setQueryData(currenciesQueryKey, data.currencies);
  if (data.finder) {
    const { filters, seed, page } = data.finder;
    queryClient.setQueryData(productsQueryKey(filters, seed), { pages: [page], pageParams: [undefined] });
    if (data.facets) queryClient.setQueryData(facetsQueryKey(facetFilters(filters)), data.facets);
  }
  if (data.brand) queryClient.setQueryData(brandQueryKey(data.brand.slug), data.brand.summary);
  if (data.product) queryClient.setQueryData(productQueryKey(data.product.number), data.product.view);
  if (data.sharedFavorites) queryClient.setQueryData(sharedFavoritesQueryKey(data.sharedFavorites.token), data.sharedFavorites.list);
}

function AppRoutes() {
  return (
    <SiteLayout>
      <PageRoutes />
    </SiteLayout>
  );
}

/**
 * The whole site, inside the router (web/lib/router.tsx: following the address, or the server's URL). `onCommit` is
 * called once React has committed its first render in the browser (after hydrating the page, but for its later parts).
 */
export function App({ queryClient, data, onCommit }: { queryClient: QueryClient; data: InitialData | null; onCommit?: () => void }) {
  useEffect(() => onCommit?.(), [onCommit]);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <PageDataProvider value={data}>
          <ToastProvider>
            <AppRoutes />
          </ToastProvider>
        </PageDataProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
