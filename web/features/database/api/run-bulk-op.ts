import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkOperation } from '../../../../common/bulk-op-rules';
import type { BulkResult } from '../../../../common/schemas/bulk-op';
import { apiPost } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';

export function runBulkOp(operation: BulkOperation): Promise<BulkResult> {
  return apiPost<BulkResult>(`/api/admin/bulk-ops/${encodeURIComponent(operation)}`, {});
}

/** Runs an operation; afterwards every list, count and the category distribution are read again. */
export function useRunBulkOp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runBulkOp, onSettled: () => invalidateCatalogue(queryClient) });
}
