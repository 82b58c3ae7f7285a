import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SyncedSheet, SyncedSheetInput, SyncedSheetLimitsInput, SyncedSheetList } from '../../../../common/schemas/import-sources';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../lib/api-client';
import { adminKeys, invalidateCatalogue } from '../../../lib/admin/keys';

const syncedKey = [...adminKeys.imports, 'synced'] as const;

export function useSyncedSheets() {
  return useQuery({ queryKey: syncedKey, queryFn: ({ signal }) => apiGet<SyncedSheetList>('/api/admin/import-sources', {}, signal) });
}

/** After a change the list, the imports (a run is one) and the catalogue (a run may have written) are read again. */
function useSyncMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.imports });
      await invalidateCatalogue(queryClient);
    },
  });
}

export const useAddSyncedSheet = () =>
  useSyncMutation((input: SyncedSheetInput) => apiPost<SyncedSheet>('/api/admin/import-sources', input));
export const useRunSyncedSheet = () =>
  useSyncMutation((id: string) => apiPost<SyncedSheet>(`/api/admin/import-sources/${encodeURIComponent(id)}/run`));
export const useRemoveSyncedSheet = () =>
  useSyncMutation((id: string) => apiDelete<null>(`/api/admin/import-sources/${encodeURIComponent(id)}`));
export const useEditSyncedSheet = () =>
  useSyncMutation(({ id, limits }: { id: string; limits: SyncedSheetLimitsInput }) =>
    apiPatch<SyncedSheet>(`/api/admin/import-sources/${encodeURIComponent(id)}`, limits),
  );
