import { useQuery } from '@tanstack/react-query';
import type { Category, CategoryList } from '../../common/schemas/category';
import { apiGet } from './api-client';
import { categoriesQueryKey } from './query-keys';

export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return (await apiGet<CategoryList>('/api/categories', {}, signal)).items;
}

export function useCategories() {
  return useQuery({ queryKey: categoriesQueryKey, queryFn: ({ signal }) => getCategories(signal) });
}
