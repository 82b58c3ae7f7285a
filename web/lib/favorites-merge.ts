// Loaded only when a signed-in visitor's browser holds favourites: merges them into the account (issue 16).
import type { QueryClient } from '@tanstack/react-query';
import { FAVORITES_PAGE_TEXTS } from '../../common/texts/favorites';
import type { FavoriteList, FavoriteMergeResult } from '../../common/schemas/favorite';
import { apiPost } from './api-client';
import {
  favoritesMergeKey,
  myFavoritesQueryKey,
  readBrowserFavorites,
  writeBrowserFavorites,
  type FavoritesMergeOutcome,
} from './favorites';

/** /home says what the merge did in its own words (issue 28): no toast there saying it twice. */
const HOME_PATH = '/home';

/**
 * Sends the browser's list (newest first: the first come first when the account is nearly full), then clears the
 * finds it sent; one saved meanwhile stays for the next merge. On failure the browser keeps them all. The server's
 * counts are kept under favoritesMergeKey for /home.
 */
export async function mergeBrowserFavorites(
  queryClient: QueryClient,
  toast: (message: string, tone?: 'success' | 'error' | 'info') => void,
  userId: string,
) {
  const sent = readBrowserFavorites();
  if (sent.length === 0) return;
  const record = (outcome: FavoritesMergeOutcome) => queryClient.setQueryData(favoritesMergeKey(userId), outcome);
  const tell = (message: string, tone: 'success' | 'error' | 'info') => {
    if (window.location.pathname !== HOME_PATH) toast(message, tone);
  };
  let result: FavoriteMergeResult;
  try {
    result = await apiPost<FavoriteMergeResult>('/api/favorites/merge', { items: sent });
  } catch {
    record({ failed: true });
    tell(FAVORITES_PAGE_TEXTS.mergeFailed, 'error');
    return;
  }
  const { added, skipped, ...list } = result;
  // A list read before the merge answered (the top bar's count, /home) must not land after it and hide the merged finds.
  await queryClient.cancelQueries({ queryKey: myFavoritesQueryKey });
  queryClient.setQueryData<FavoriteList>(myFavoritesQueryKey, list);
  record({ added, skipped });
  const sentIds = new Set(sent.map((f) => f.productId));
  writeBrowserFavorites(readBrowserFavorites().filter((f) => !sentIds.has(f.productId)));
  if (added > 0) tell(FAVORITES_PAGE_TEXTS.mergedInto(added), 'success');
  if (skipped > 0) tell(FAVORITES_PAGE_TEXTS.mergeSkipped(skipped), 'info');
}
