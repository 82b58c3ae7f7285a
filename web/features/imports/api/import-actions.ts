import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Import, ImportCommitBody, ImportPolicy } from '../../../../common/schemas/imports';
import { apiPost } from '../../../lib/api-client';
import { adminKeys, invalidateCatalogue } from '../../../lib/admin/keys';

/** Starts writing a previewed import (the server answers 202 at once; the import runs there). */
export function commitImport({
  id,
  policy,
  oddPrices,
  noLink,
  categories,
}: { id: string; policy: ImportPolicy } & Pick<ImportCommitBody, 'oddPrices' | 'noLink' | 'categories'>): Promise<Import> {
  return apiPost<Import>(`/api/admin/imports/${id}/commit`, { policy, oddPrices, noLink, categories });
}

export function cancelImport(id: string): Promise<Import> {
  return apiPost<Import>(`/api/admin/imports/${id}/cancel`);
}

export function undoImport(id: string): Promise<Import> {
  return apiPost<Import>(`/api/admin/imports/${id}/undo`);
}

/** Each answer is the import's new state: it goes straight into the cache the progress panel reads. */
function useImportMutation<V>(mutationFn: (vars: V) => Promise<Import>, changesCatalogue: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (state) => {
      queryClient.setQueryData(adminKeys.importJob(state.id), state);
      await queryClient.invalidateQueries({ queryKey: adminKeys.imports });
      if (changesCatalogue) await invalidateCatalogue(queryClient);
    },
  });
}

export const useCommitImport = () => useImportMutation(commitImport, false);
export const useCancelImport = () => useImportMutation(cancelImport, true);
export const useUndoImport = () => useImportMutation(undoImport, true);
