import { useQuery } from '@tanstack/react-query';
import type { GuideArticle, GuideList } from '../../../../common/schemas/guide-page';
import { currentLanguage, DEFAULT_LANG } from '../../../../common/i18n';
import { ApiError, apiGet } from '../../../lib/api-client';
import { usePageData } from '../../../lib/page-data';

const lang = () => (currentLanguage() === DEFAULT_LANG ? undefined : currentLanguage());

/** The published guides of the page's language (a topic's when given): the server's list on the first view. */
export function useGuides(topic: string | null) {
  const seeded = usePageData()?.guides;
  const initial = seeded && seeded.topic === topic ? { items: seeded.items } : undefined;
  return useQuery({
    queryKey: ['guides', currentLanguage(), topic] as const,
    queryFn: ({ signal }) => apiGet<GuideList>('/api/guides', { lang: lang(), topic: topic ?? undefined }, signal),
    initialData: initial,
  });
}

/** A published guide by its slug; null when visitors cannot see one (the API's 404). */
export function useGuide(slug: string) {
  const seeded = usePageData()?.guide;
  return useQuery({
    queryKey: ['guide', currentLanguage(), slug] as const,
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<GuideArticle>(`/api/guides/${encodeURIComponent(slug)}`, { lang: lang() }, signal);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    initialData: seeded && seeded.slug === slug ? seeded.article : undefined,
  });
}
