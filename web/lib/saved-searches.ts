// Saved searches (issue 42, decision 0085): the signed-in person's list and its changes, one query and its
// mutations; the finder's Save search, /home and the Account page share them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchChange, SavedSearchInput, SavedSearchList } from '../../common/schemas/saved-search';
import { apiDelete, apiGet, apiPatch, apiPost } from './api-client';

export const savedSearchesKey = ['saved-searches'] as const;

export function useSavedSearches(enabled: boolean) {
  return useQuery({
    queryKey: savedSearchesKey,
    queryFn: ({ signal }) => apiGet<SavedSearchList>('/api/me/saved-searches', {}, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedSearchInput) => apiPost<SavedSearch>('/api/me/saved-searches', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

export function useChangeSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: SavedSearchChange }) =>
      apiPatch<SavedSearch>(`/api/me/saved-searches/${id}`, change),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<null>(`/api/me/saved-searches/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
}

/** Records an opening (its "new since" starts again); the list is read again when next shown. */
export function useOpenSavedSearch(): (id: string) => void {
  const queryClient = useQueryClient();
  return (id) => {
    apiPost<SavedSearch>(`/api/me/saved-searches/${id}/open`).then(
      () => void queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
      () => undefined,
    );
  };
}
