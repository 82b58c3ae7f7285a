import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInputDraft } from '../../../../common/schemas/category';
import { apiPut } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';

export function updateCategory({ id, input }: { id: string; input: CategoryInputDraft }): Promise<Category> {
  return apiPut<Category>(`/api/admin/categories/${encodeURIComponent(id)}`, input);
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCategory, onSuccess: () => invalidateCatalogue(queryClient) });
}
