// The kept brand list (issue 40): an import reads a brandless title's brand with it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandAliasList } from '../../../../common/schemas/synonym';
import { apiGet, apiPut } from '../../../lib/api-client';

const brandAliasesKey = ['admin', 'brand-aliases'] as const;

export function getBrandAliases(signal?: AbortSignal): Promise<BrandAliasList> {
  return apiGet<BrandAliasList>('/api/admin/brand-aliases', {}, signal);
}

export function useBrandAliases() {
  return useQuery({ queryKey: brandAliasesKey, queryFn: ({ signal }) => getBrandAliases(signal), staleTime: 0 });
}

export function useSaveBrandAliases() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: BrandAliasList['items']) => apiPut<BrandAliasList>('/api/admin/brand-aliases', { items }),
    onSuccess: (saved) => queryClient.setQueryData(brandAliasesKey, saved),
  });
}
