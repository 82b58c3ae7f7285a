import { useQuery } from '@tanstack/react-query';
import type { AdminQcPhotoList, QcPhotosInputDraft } from '../../../../common/schemas/qc';
import { apiGet, apiPut } from '../../../lib/api-client';

/** Under ['admin'], so any catalogue change (an image deleted, say) reads them again. */
export const qcPhotosKey = (productId: string) => ['admin', 'qc-photos', productId] as const;

const path = (productId: string) => `/api/admin/products/${encodeURIComponent(productId)}/qc-photos`;

/** An item's QC photos as the item form edits them; nothing is asked for an item not saved yet. */
export function useQcPhotos(productId: string | null) {
  return useQuery({
    queryKey: qcPhotosKey(productId ?? ''),
    queryFn: ({ signal }) => apiGet<AdminQcPhotoList>(path(productId ?? ''), {}, signal),
    enabled: productId !== null,
  });
}

/** Replaces the item's QC photos with this ordered list; the caller drops the cached catalogue after it. */
export function saveQcPhotos(productId: string, input: QcPhotosInputDraft): Promise<AdminQcPhotoList> {
  return apiPut<AdminQcPhotoList>(path(productId), input);
}
