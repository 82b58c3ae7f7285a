import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductInputDraft } from '../../../../common/schemas/product';
import { apiPut } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';

export function updateProduct({ id, input }: { id: string; input: ProductInputDraft }): Promise<AdminProduct> {
  return apiPut<AdminProduct>(`/api/admin/products/${encodeURIComponent(id)}`, input);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: () => invalidateCatalogue(queryClient) });
}
