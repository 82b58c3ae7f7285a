import { useQuery } from '@tanstack/react-query';
import type { BrandSummary } from '../../../../common/schemas/search';
import { ApiError, apiGet } from '../../../lib/api-client';
import { brandQueryKey } from './keys';

/** A brand's name and product count; null when no product has it (the API's 404). */
export async function getBrand(slug: string, signal?: AbortSignal): Promise<BrandSummary | null> {
  try {
    return await apiGet<BrandSummary>(`/api/brands/${encodeURIComponent(slug)}`, {}, signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useBrand(slug: string) {
  return useQuery({ queryKey: brandQueryKey(slug), queryFn: ({ signal }) => getBrand(slug, signal) });
}
