// Loaded only when a signed-in visitor's browser holds favourites: merges them into the account (issue 16).
import type { QueryClient } from '@tanstack/react-query';
import { FAVORITES_PAGE_TEXTS } from '../../common/favorites-texts';
import type { FavoriteList, FavoriteMergeResult } from '../../common/schemas/favorite';
import { apiPost } from './api-client';
import { myFavoritesQueryKey, readBrowserFavorites, writeBrowserFavorites } from './favorites';

/**
 * Sends the browser's list (newest first: the first come first when the account is nearly full), then clears the
 * finds it sent; one saved meanwhile stays for the next merge. On failure the browser keeps them all.
 */
export async function mergeBrowserFavorites(queryClient: QueryClient, toast: (message: string, tone?: 'success' | 'error' | 'info') => void) {
  const sent = readBrowserFavorites();
  if (sent.length === 0) return;
  let result: FavoriteMergeResult;
  try {
    result = await apiPost<FavoriteMergeResult>('/api/favorites/merge', { items: sent });
  } catch {
    toast(FAVORITES_PAGE_TEXTS.mergeFailed, 'error');
    return;
  }
  const sentIds = new Set(sent.map((f) => f.productId));
  writeBrowserFavorites(readBrowserFavorites().filter((f) => !sentIds.has(f.productId)));
  const { added, skipped, ...list } = result;
  queryClient.setQueryData<FavoriteList>(myFavoritesQueryKey, list);
  if (added > 0) toast(FAVORITES_PAGE_TEXTS.mergedInto(added), 'success');
  if (skipped > 0) toast(FAVORITES_PAGE_TEXTS.mergeSkipped(skipped), 'info');
}
