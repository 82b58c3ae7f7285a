import { useSyncExternalStore } from 'react';
import { usePageData } from './page-data';
import { currentLanguage, intlLocale } from '../../common/i18n';

/** YYYY-MM-DD of the visitor's own calendar. */
function localDay(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const noSubscription = () => () => undefined;

/**
 * Today as YYYY-MM-DD. The page hydrates with the server's date (so the HTML and the first render agree), then
 * shows the visitor's own: the two differ near midnight in time zones far from the server's.
 */
export function useToday(): string {
  const data = usePageData();
  return useSyncExternalStore(noSubscription, localDay, () => data?.today ?? localDay());
}

/** "November 23, 2026" for 2026-11-23 (in the page's language: "23. November 2026"), the same in every time zone. */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(intlLocale(currentLanguage()), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
