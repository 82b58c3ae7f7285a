import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryDeleteResult } from '../../../../common/schemas/category';
import { apiDelete } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';

export function deleteCategory({ id, moveTo }: { id: string; moveTo?: string | undefined }): Promise<CategoryDeleteResult> {
  return apiDelete<CategoryDeleteResult>(`/api/admin/categories/${encodeURIComponent(id)}`, { moveTo });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => invalidateCatalogue(queryClient) });
}
