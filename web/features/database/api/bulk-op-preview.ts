import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkOperation } from '../../../../common/bulk-op-rules';
import type { BulkPreview } from '../../../../common/schemas/bulk-op';
import type { UndoResult } from '../../../../common/schemas/changes';
import { apiGet, apiPost } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';

/** What an operation would change; read when its button is pressed, so it is never stale. */
export function previewBulkOp(operation: BulkOperation): Promise<BulkPreview> {
  return apiGet<BulkPreview>(`/api/admin/bulk-ops/${operation}/preview`);
}

export function usePreviewBulkOp() {
  return useMutation({ mutationFn: previewBulkOp });
}

export function undoBulkOp(changeId: string): Promise<UndoResult> {
  return apiPost<UndoResult>(`/api/admin/bulk-ops/changes/${changeId}/undo`);
}

export function useUndoBulkOp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoBulkOp, onSettled: () => invalidateCatalogue(queryClient) });
}
