import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInputDraft } from '../../../../common/schemas/category';
import { apiPost } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';

export function createCategory(input: CategoryInputDraft): Promise<Category> {
  return apiPost<Category>('/api/admin/categories', input);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidateCatalogue(queryClient) });
}
