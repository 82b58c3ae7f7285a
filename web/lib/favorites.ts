// The favourites every heart reads (issue 16). Signed out they live in this browser (localStorage, shared by its
// tabs); signed in they are the account's list (one query). At sign-in the browser's list is merged into the
// account once and the browser's copy cleared (favorites-merge.ts, loaded only when there is something to merge).
// This file is in the first bundle: keep it small.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { FAVORITES_LIMIT_MESSAGE, FAVORITES_MAX } from '../../common/favorites';
import { FAVORITE_TEXTS } from '../../common/texts/storefront';
import type { FavoriteChange, FavoriteList } from '../../common/schemas/favorite';
import type { Product } from '../../common/schemas/product';
import { useToast } from '../components/ui/toast';
import { apiDelete, apiGet, apiPut, ApiError, catalogueLang } from './api-client';
import { browserStore } from './browser-store';
import { useSession } from './session';

/** One find this browser keeps while signed out. */
export type BrowserFavorite = { productId: string; savedPrice: number; savedAt: string };

const EMPTY: readonly BrowserFavorite[] = [];

function isFavorite(value: unknown): value is BrowserFavorite {
  const v = value as Partial<BrowserFavorite> | null;
  return typeof v?.productId === 'string' && typeof v.savedPrice === 'number' && typeof v.savedAt === 'string';
}

const kept = browserStore<readonly BrowserFavorite[]>(
  'finder:favorites',
  (text) => {
    const parsed: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(parsed) ? parsed.filter(isFavorite).slice(0, FAVORITES_MAX) : EMPTY;
  },
  EMPTY,
);

/** The browser's list, newest first (the same array while the stored text is the same). */
export const readBrowserFavorites = kept.read;

export function writeBrowserFavorites(list: readonly BrowserFavorite[]): void {
  kept.write(list.length ? list : null);
}

/** The browser's list; empty on the server and while hydrating, then what this browser keeps. */
export const useBrowserFavorites = kept.use;

/**
 * What merging this browser's list into the account did (favorites-merge.ts writes it from the server's answer, /home
 * reports it), per account; dropped with the rest at sign-out.
 */
export type FavoritesMergeOutcome = { added: number; skipped: number } | { failed: true };
export const favoritesMergeKey = (userId: string) => ['favorites-merge', userId] as const;

/** The account's list (GET /api/favorites), under one key every heart and the list page read. */
export const myFavoritesQueryKey = ['favorites', 'mine'] as const;

export function useMyFavorites(enabled: boolean) {
  return useQuery({
    queryKey: myFavoritesQueryKey,
    queryFn: ({ signal }) => apiGet<FavoriteList>('/api/favorites', { lang: catalogueLang() }, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** What the hearts and the top bar go by: whose list, and the saved products' ids. */
export function useFavoriteIds(): { signedIn: boolean; ids: ReadonlySet<string> | null } {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const browser = useBrowserFavorites();
  const mine = useMyFavorites(signedIn);
  const data = mine.data;
  const browserIds = useMemoSet(browser.map((f) => f.productId).join(','));
  const accountIds = useMemoSet(data ? data.items.map((f) => f.product.id).join(',') : null);
  if (signedIn) return { signedIn, ids: accountIds };
  return { signedIn, ids: browserIds };
}

/** One Set per distinct key, so a re-render does not make a new one. */
function useMemoSet(key: string | null): ReadonlySet<string> | null {
  return useMemo(() => (key === null ? null : new Set(key ? key.split(',') : [])), [key]);
}

/** The account's saves and removals the server has not answered yet, by product. */
const inFlight = new Map<string, Promise<unknown>>();

/**
 * Settles when the server has answered this find's save or removal in flight (at once when there is none). What
 * depends on the favourite existing on the server (its price alert) waits for it: a save shows at once on screen.
 */
export function whenFavoriteSettled(productId: string): Promise<void> {
  const pending = inFlight.get(productId);
  return pending ? pending.then(noop, noop) : Promise.resolve();
}

function noop(): void {}

/** Saves or removes a find in the account's list at once on screen; the server's answer confirms or undoes it. */
export async function toggleOnAccount(queryClient: QueryClient, product: Product, save: boolean): Promise<void> {
  await queryClient.cancelQueries({ queryKey: myFavoritesQueryKey });
  const before = queryClient.getQueryData<FavoriteList>(myFavoritesQueryKey);
  const optimistic = (list: FavoriteList | undefined): FavoriteList | undefined => {
    if (!list) return list;
    const others = list.items.filter((f) => f.product.id !== product.id);
    const saved = { product, savedPrice: product.price, savedAt: new Date().toISOString(), lowestPrice: product.price, priceAlert: false };
    const items = save ? [saved, ...others] : others;
    return { ...list, items };
  };
  queryClient.setQueryData<FavoriteList>(myFavoritesQueryKey, optimistic);
  try {
    const path = `/api/favorites/${encodeURIComponent(product.id)}`;
    const request = save ? apiPut<FavoriteChange>(path, {}) : apiDelete<FavoriteChange>(path);
    inFlight.set(product.id, request);
    let change: FavoriteChange;
    try {
      change = await request;
    } finally {
      if (inFlight.get(product.id) === request) inFlight.delete(product.id);
    }
    if (change.saved && change.savedPrice !== null && change.savedAt !== null) {
      const { savedPrice, savedAt } = change;
      queryClient.setQueryData<FavoriteList>(myFavoritesQueryKey, (list) =>
        list ? { ...list, items: list.items.map((f) => (f.product.id === product.id ? { ...f, savedPrice, savedAt } : f)) } : list,
      );
    }
  } catch (err) {
    queryClient.setQueryData(myFavoritesQueryKey, before);
    throw err;
  } finally {
    // The list was still on its way: its fetch was cancelled above (it could have answered without this change), and
    // nothing else would ask again, so the heart and the price alert would wait for a list that never comes.
    if (before === undefined) void queryClient.invalidateQueries({ queryKey: myFavoritesQueryKey });
  }
}

/** Saves or removes a find in this browser's list. False when the list is full. */
function toggleInBrowser(product: Product, save: boolean): boolean {
  const list = readBrowserFavorites();
  const others = list.filter((f) => f.productId !== product.id);
  if (!save) {
    writeBrowserFavorites(others);
    return true;
  }
  if (others.length >= FAVORITES_MAX) return false;
  writeBrowserFavorites([{ productId: product.id, savedPrice: product.price, savedAt: new Date().toISOString() }, ...others]);
  return true;
}

/** A heart's state and its toggle. */
export function useFavorite(product: Product): { saved: boolean; toggle: () => void } {
  const { signedIn, ids } = useFavoriteIds();
  const queryClient = useQueryClient();
  const toast = useToast();
  const saved = ids?.has(product.id) ?? false;
  const toggle = useCallback(() => {
    if (!signedIn) {
      if (!toggleInBrowser(product, !saved)) toast(FAVORITES_LIMIT_MESSAGE, 'error');
      return;
    }
    toggleOnAccount(queryClient, product, !saved).catch((err: unknown) => {
      const reason = err instanceof ApiError ? err.message : FAVORITE_TEXTS.tryAgain;
      toast(`${saved ? FAVORITE_TEXTS.removeFailed : FAVORITE_TEXTS.saveFailed} ${reason}`, 'error');
    });
  }, [signedIn, saved, product, queryClient, toast]);
  return { saved, toggle };
}

/**
 * At sign-in (and whenever a signed-in visitor's browser holds favourites, say from another tab signed out), the
 * browser's list is merged into the account once and the browser's copy cleared. Mounted once, in the layout.
 */
export function useFavoritesSync(): void {
  const session = useSession();
  const browser = useBrowserFavorites();
  const queryClient = useQueryClient();
  const toast = useToast();
  const running = useRef(false);
  const userId = session.status === 'signed-in' ? session.user.id : null;
  useEffect(() => {
    if (!userId || browser.length === 0 || running.current) return;
    running.current = true;
    import('./favorites-merge')
      .then(({ mergeBrowserFavorites }) => mergeBrowserFavorites(queryClient, toast, userId))
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
  }, [userId, browser, queryClient, toast]);
}
