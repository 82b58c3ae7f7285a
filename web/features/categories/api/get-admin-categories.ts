import { useQuery } from '@tanstack/react-query';
import type { AdminCategory, AdminCategoryList } from '../../../../common/schemas/category';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin/keys';

export async function getAdminCategories(signal?: AbortSignal): Promise<AdminCategory[]> {
  return (await apiGet<AdminCategoryList>('/api/admin/categories', {}, signal)).items;
}

export function useAdminCategories() {
  return useQuery({ queryKey: adminKeys.categories, queryFn: ({ signal }) => getAdminCategories(signal), staleTime: 0 });
}
