import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductInputDraft } from '../../../common/schemas/product';
import { apiPost } from '../api-client';
import { invalidateCatalogue } from './keys';

export function createProduct(input: ProductInputDraft): Promise<AdminProduct> {
  return apiPost<AdminProduct>('/api/admin/products', input);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: () => invalidateCatalogue(queryClient) });
}
