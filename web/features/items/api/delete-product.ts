import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';

export function deleteProduct(id: string): Promise<{ id: string }> {
  return apiDelete<{ id: string }>(`/api/admin/products/${encodeURIComponent(id)}`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => invalidateCatalogue(queryClient) });
}
