import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SUGGEST_MIN_LENGTH } from '../../../../common/constants';
import type { Suggestions } from '../../../../common/schemas/search';
import { apiGet, catalogueLang } from '../../../lib/api-client';

export function getSuggestions(q: string, signal?: AbortSignal): Promise<Suggestions> {
  return apiGet<Suggestions>('/api/search/suggestions', { q, lang: catalogueLang() }, signal);
}

/** What to suggest under the search box for the typed text; nothing below SUGGEST_MIN_LENGTH characters. */
export function useSuggestions(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['finder', 'suggestions', q.toLowerCase()],
    queryFn: ({ signal }) => getSuggestions(q, signal),
    enabled: q.length >= SUGGEST_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
