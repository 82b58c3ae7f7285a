import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageDeleteResult } from '../../../../common/schemas/image';
import { apiDelete } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';

export function deleteImage(id: string): Promise<ImageDeleteResult> {
  return apiDelete<ImageDeleteResult>(`/api/admin/images/${encodeURIComponent(id)}`);
}

export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteImage, onSuccess: () => invalidateCatalogue(queryClient) });
}
