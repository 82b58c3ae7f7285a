import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkEditInput, BulkEditPreview, BulkEditResult, UndoResult } from '../../../../common/schemas/changes';
import { apiPost } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';

export function bulkEditProducts(body: BulkEditInput): Promise<BulkEditResult> {
  return apiPost<BulkEditResult>('/api/admin/products/bulk', body);
}

/** What a bulk action would change (the count and its first changes); changes nothing. */
export function previewBulkEdit(body: BulkEditInput): Promise<BulkEditPreview> {
  return apiPost<BulkEditPreview>('/api/admin/products/bulk/preview', body);
}

export function undoBulkEdit(changeId: string): Promise<UndoResult> {
  return apiPost<UndoResult>(`/api/admin/products/changes/${changeId}/undo`);
}

export function useBulkEditProducts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkEditProducts, onSettled: () => invalidateCatalogue(queryClient) });
}

export function useUndoBulkEdit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoBulkEdit, onSettled: () => invalidateCatalogue(queryClient) });
}
