import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StorefrontSettings } from '../../../../common/schemas/storefront-settings';
import { apiGet, apiPut } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';

const storefrontSettingsKey = ['admin', 'storefront-settings'] as const;

export function useStorefrontSettings() {
  return useQuery({
    queryKey: storefrontSettingsKey,
    queryFn: ({ signal }) => apiGet<StorefrontSettings>('/api/admin/storefront-settings', {}, signal),
  });
}

/** Saves the setting; the storefront's lists and the dashboard's views are read again after it. */
export function useSaveStorefrontSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: StorefrontSettings) => apiPut<StorefrontSettings>('/api/admin/storefront-settings', settings),
    onSettled: () => invalidateCatalogue(queryClient),
  });
}
