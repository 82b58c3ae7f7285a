// The dashboard's guides (issue 43): list, read, save, delete, revisions, restore, Undo and the preview.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGuide, AdminGuideList, GuideInput, GuideRevisionList, GuideSaved, GuideUndone } from '../../../../common/schemas/guide';
import type { GuidePreview } from '../../../../common/schemas/guide-page';
import type { LangCode } from '../../../../common/i18n';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client';

export const guidesKey = ['admin', 'guides'] as const;

export function useAdminGuides() {
  return useQuery({
    queryKey: guidesKey,
    queryFn: async ({ signal }) => (await apiGet<AdminGuideList>('/api/admin/guides', {}, signal)).items,
  });
}

export function useAdminGuide(id: string | null) {
  return useQuery({
    queryKey: [...guidesKey, id] as const,
    queryFn: ({ signal }) => apiGet<AdminGuide>(`/api/admin/guides/${id}`, {}, signal),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

export function useRevisions(id: string | null, version: string | undefined) {
  return useQuery({
    queryKey: [...guidesKey, id, 'revisions', version] as const,
    queryFn: async ({ signal }) => (await apiGet<GuideRevisionList>(`/api/admin/guides/${id}/revisions`, {}, signal)).items,
    enabled: id !== null,
  });
}

export const createGuide = (guide: GuideInput, lang: LangCode, versionOf: string | null) =>
  apiPost<GuideSaved>('/api/admin/guides', { guide, lang, versionOf });
export const saveGuide = (id: string, guide: GuideInput) => apiPut<GuideSaved>(`/api/admin/guides/${id}`, guide);
export const deleteGuide = (id: string) => apiDelete<{ id: string; revisionId: string }>(`/api/admin/guides/${id}`);
export const restoreRevision = (id: string, revisionId: string) =>
  apiPost<GuideSaved>(`/api/admin/guides/${id}/revisions/${revisionId}/restore`);
export const undoChange = (revisionId: string) => apiPost<GuideUndone>(`/api/admin/guides/changes/${revisionId}/undo`);
export const previewGuide = (body: string, lang: LangCode, signal?: AbortSignal) =>
  apiPost<GuidePreview>('/api/admin/guides/preview', { body, lang }, signal);

/** After a change: the list and the open guide are read again. */
export function useGuidesRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: guidesKey });
}
