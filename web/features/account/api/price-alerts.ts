import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceAlertSettings } from '../../../../common/schemas/price-history';
import { apiGet, apiPut } from '../../../lib/api-client';
import { myFavoritesQueryKey } from '../../../lib/favorites';

export const priceAlertsQueryKey = ['me', 'price-alerts'] as const;

export function getPriceAlerts(signal?: AbortSignal): Promise<PriceAlertSettings> {
  return apiGet<PriceAlertSettings>('/api/me/price-alerts', {}, signal);
}

/** Whether the account gets the price digest for every favourite, and whether the site can mail at all (issue 29). */
export function usePriceAlerts() {
  return useQuery({ queryKey: priceAlertsQueryKey, queryFn: ({ signal }) => getPriceAlerts(signal) });
}

export function setPriceAlertsAll(all: boolean): Promise<PriceAlertSettings> {
  return apiPut<PriceAlertSettings>('/api/me/price-alerts', { all });
}

/** The favourites' switches follow (they show "on for all"), so their list is read again. */
export function useSetPriceAlertsAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPriceAlertsAll,
    onSuccess: (settings) => {
      queryClient.setQueryData(priceAlertsQueryKey, settings);
      void queryClient.invalidateQueries({ queryKey: myFavoritesQueryKey });
    },
  });
}
