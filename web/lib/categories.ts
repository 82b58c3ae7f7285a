import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { categoryLabelOf, contentLanguage, isContentLanguage } from '../../common/catalogue-languages';
import { currentLanguage } from '../../common/i18n';
import type { Category, CategoryList } from '../../common/schemas/category';
import { apiGet } from './api-client';
import { categoriesQueryKey } from './query-keys';

export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return (await apiGet<CategoryList>('/api/categories', {}, signal)).items;
}

export function useCategories() {
  return useQuery({ queryKey: categoriesQueryKey, queryFn: ({ signal }) => getCategories(signal) });
}

/**
 * The name a category (as products and addresses name it) shows on this page: its name in the page's language
 * (issue 41), else the name. English pages ask for nothing; the others read the category list (in the page's data
 * wherever a page shows a category), and show the name until it is in.
 */
export function useCategoryLabel(): (name: string) => string {
  const lang = contentLanguage(currentLanguage());
  const translated = isContentLanguage(lang);
  const { data } = useQuery({ queryKey: categoriesQueryKey, queryFn: ({ signal }) => getCategories(signal), enabled: translated });
  return useCallback((name: string) => (translated ? categoryLabelOf(name, data, lang) : name), [translated, data, lang]);
}
