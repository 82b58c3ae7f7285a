import { useQuery } from '@tanstack/react-query';
import type { GuideList } from '../../../../common/schemas/guide-page';
import { currentLanguage, DEFAULT_LANG } from '../../../../common/i18n';
import { apiGet } from '../../../lib/api-client';
import { usePageData } from '../../../lib/page-data';

/**
 * The guides that show this product's card (issue 43), in the page's language: the server's list on a full load, and
 * asked for when the product page is reached inside the app (its page data is another page's then).
 */
export function useProductGuides(number: number) {
  const data = usePageData();
  const seeded = data?.productGuides;
  const lang = currentLanguage();
  return useQuery({
    queryKey: ['product-guides', lang, number] as const,
    queryFn: ({ signal }) =>
      apiGet<GuideList>(`/api/guides/featuring/${number}`, { lang: lang === DEFAULT_LANG ? undefined : lang }, signal),
    // The server renders the list only when there is one: a page it rendered without the list has none.
    initialData: seeded?.number === number ? { items: seeded.items } : data?.product?.number === number ? { items: [] } : undefined,
  });
}
