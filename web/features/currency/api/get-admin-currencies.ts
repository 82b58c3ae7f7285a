import { useQuery } from '@tanstack/react-query';
import type { AdminCurrencies } from '../../../../common/schemas/currency';
import { apiGet } from '../../../lib/api-client';

export const adminCurrenciesKey = ['admin', 'currencies'] as const;

export function getAdminCurrencies(signal?: AbortSignal): Promise<AdminCurrencies> {
  return apiGet<AdminCurrencies>('/api/admin/currencies', {}, signal);
}

export function useAdminCurrencies() {
  return useQuery({ queryKey: adminCurrenciesKey, queryFn: ({ signal }) => getAdminCurrencies(signal), staleTime: 0 });
}
