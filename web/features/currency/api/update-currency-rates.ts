import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCurrencies, CurrencyRates, CurrencyRatesInput } from '../../../../common/schemas/currency';
import { apiPut } from '../../../lib/api-client';
import { currenciesQueryKey } from '../../../lib/query-keys';
import { adminCurrenciesKey } from './get-admin-currencies';

export function updateCurrencyRates(input: CurrencyRatesInput): Promise<AdminCurrencies> {
  return apiPut<AdminCurrencies>('/api/admin/currencies', input);
}

/** Saves rates; the tab shows the answer, and the storefront's prices read the new rates. */
export function useUpdateCurrencyRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrencyRates,
    onSuccess: (view) => {
      queryClient.setQueryData(adminCurrenciesKey, view);
      // The storefront's copy follows at once (its query may be idle: a store without rates shows no picker).
      queryClient.setQueryData<CurrencyRates>(currenciesQueryKey, {
        base: view.base,
        rates: view.currencies.flatMap((c) =>
          c.rate === null || c.updatedAt === null ? [] : [{ currency: c.currency, rate: c.rate, updatedAt: c.updatedAt }],
        ),
      });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] });
    },
  });
}
