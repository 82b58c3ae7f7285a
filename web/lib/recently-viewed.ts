// Recently viewed (issue 42): the product pages a visitor opened last. Signed out they live in this browser
// (localStorage, shared by its tabs); signed in they are the account's (GET /api/recently-viewed). At sign-in the
// browser's list is merged into the account once and the browser's copy cleared, as favourites are (favorites.ts).
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { RECENTLY_VIEWED_MAX } from '../../common/recently-viewed';
import type { RecentlyViewed } from '../../common/schemas/recently-viewed';
import { apiDelete, apiGet, apiPost, apiPut, catalogueLang } from './api-client';
import { browserStore } from './browser-store';
import { useSession } from './session';

/** One product page this browser opened while signed out. */
export type BrowserView = { productId: string; viewedAt: string };

const EMPTY: readonly BrowserView[] = [];

function isView(value: unknown): value is BrowserView {
  const v = value as Partial<BrowserView> | null;
  return typeof v?.productId === 'string' && typeof v.viewedAt === 'string';
}

const kept = browserStore<readonly BrowserView[]>(
  'finder:recently-viewed',
  (text) => {
    const parsed: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(parsed) ? parsed.filter(isView).slice(0, RECENTLY_VIEWED_MAX) : EMPTY;
  },
  EMPTY,
);

export const readBrowserViews = kept.read;
/** The browser's list, newest first; empty on the server and while hydrating. */
export const useBrowserViews = kept.use;

export function writeBrowserViews(list: readonly BrowserView[]): void {
  kept.write(list.length ? list : null);
}

/** The browser's list with this product in front (the oldest beyond RECENTLY_VIEWED_MAX dropped). */
export function withView(list: readonly BrowserView[], productId: string, now: Date): BrowserView[] {
  return [{ productId, viewedAt: now.toISOString() }, ...list.filter((v) => v.productId !== productId)].slice(0, RECENTLY_VIEWED_MAX);
}

export const myViewsQueryKey = ['recently-viewed', 'mine'] as const;

/** The account's list, as the products are now. */
export function useMyViews(enabled: boolean) {
  return useQuery({
    queryKey: myViewsQueryKey,
    queryFn: ({ signal }) => apiGet<RecentlyViewed>('/api/recently-viewed', { lang: catalogueLang() }, signal),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Records a product page opened: in the account when signed in (then its list is read again), else in this browser.
 * The product page loads this module when it calls it (web/lib/record-view.ts), after its first view.
 */
export function recordView(productId: string, signedIn: boolean, queryClient: QueryClient): void {
  if (!signedIn) {
    writeBrowserViews(withView(readBrowserViews(), productId, new Date()));
    return;
  }
  apiPut<null>(`/api/recently-viewed/${encodeURIComponent(productId)}`, {})
    .then(() => queryClient.invalidateQueries({ queryKey: myViewsQueryKey }))
    .catch(() => undefined);
}

/** Forgets the list: the account's when signed in, else this browser's. */
export async function clearViews(queryClient: QueryClient, signedIn: boolean): Promise<void> {
  if (!signedIn) {
    writeBrowserViews([]);
    return;
  }
  await apiDelete<null>('/api/recently-viewed');
  queryClient.setQueryData<RecentlyViewed>(myViewsQueryKey, { items: [] });
}

/** At sign-in (or when a signed-in visitor's browser still holds views), the browser's list joins the account's. */
export function useRecentlyViewedSync(): void {
  const session = useSession();
  const browser = useBrowserViews();
  const queryClient = useQueryClient();
  const running = useRef(false);
  const userId = session.status === 'signed-in' ? session.user.id : null;
  useEffect(() => {
    if (!userId || browser.length === 0 || running.current) return;
    running.current = true;
    const sent = browser;
    const lang = catalogueLang();
    apiPost<RecentlyViewed>(`/api/recently-viewed/merge${lang ? `?lang=${lang}` : ''}`, { items: sent })
      .then(async (list) => {
        await queryClient.cancelQueries({ queryKey: myViewsQueryKey });
        queryClient.setQueryData(myViewsQueryKey, list);
        const sentIds = new Set(sent.map((v) => v.productId));
        writeBrowserViews(readBrowserViews().filter((v) => !sentIds.has(v.productId)));
      })
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
  }, [userId, browser, queryClient]);
}
