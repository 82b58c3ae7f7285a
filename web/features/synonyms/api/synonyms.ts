// The search's synonym groups (issue 27): list, add, edit, delete. A change drops the storefront's cached answers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Synonym, SynonymList } from '../../../../common/schemas/synonym';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../lib/admin/keys';

const synonymsKey = ['admin', 'synonyms'] as const;

export async function getSynonyms(signal?: AbortSignal): Promise<Synonym[]> {
  return (await apiGet<SynonymList>('/api/admin/synonyms', {}, signal)).items;
}

export function useSynonyms() {
  return useQuery({ queryKey: synonymsKey, queryFn: ({ signal }) => getSynonyms(signal), staleTime: 0 });
}

export function saveSynonym({ id, terms }: { id: string | null; terms: string[] }): Promise<Synonym> {
  return id ? apiPut<Synonym>(`/api/admin/synonyms/${id}`, { terms }) : apiPost<Synonym>('/api/admin/synonyms', { terms });
}

export function deleteSynonym(id: string): Promise<{ id: string; terms: string[] }> {
  return apiDelete(`/api/admin/synonyms/${id}`);
}

export function useSaveSynonym() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSynonym, onSuccess: () => invalidateCatalogue(queryClient) });
}

export function useDeleteSynonym() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSynonym, onSuccess: () => invalidateCatalogue(queryClient) });
}
