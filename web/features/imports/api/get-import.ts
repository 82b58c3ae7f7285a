import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Import, ImportList } from '../../../../common/schemas/imports';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin/keys';

/** How often a running import's progress is read. */
const POLL_MS = 1000;

export function getImport(id: string, signal?: AbortSignal): Promise<Import> {
  return apiGet<Import>(`/api/admin/imports/${id}`, {}, signal);
}

/** One import, read again every second while it runs. */
export function useImport(id: string | null) {
  return useQuery({
    queryKey: adminKeys.importJob(id ?? ''),
    queryFn: ({ signal }) => getImport(id ?? '', signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
}

/** The latest imports: a running one shows on the Items tab after a reload (the import runs on the server). */
export function useImports() {
  return useQuery({
    queryKey: adminKeys.imports,
    queryFn: ({ signal }) => apiGet<ImportList>('/api/admin/imports', {}, signal),
    refetchInterval: (query) => (query.state.data?.items.some((i) => i.status === 'running') ? POLL_MS : false),
  });
}

/** A page of the import history (newest first); read again every second while one of its imports runs. */
export function useImportHistory(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.imports, 'history', page] as const,
    queryFn: ({ signal }) => apiGet<ImportList>('/api/admin/imports', { page }, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((i) => i.status === 'running') ? POLL_MS : false),
  });
}
