import type { QueryClient } from '@tanstack/react-query';
import type { FavoriteList, FavoriteShare } from '../../../../common/schemas/favorite';
import { apiDelete, apiPost } from '../../../lib/api-client';
import { myFavoritesQueryKey } from '../../../lib/favorites';

/** Makes the read-only link (or a new one, which ends the old); the account's list then carries its token. */
export async function shareFavorites(queryClient: QueryClient, replace: boolean): Promise<FavoriteShare> {
  const share = await apiPost<FavoriteShare>('/api/favorites/share', { replace });
  queryClient.setQueryData<FavoriteList>(myFavoritesQueryKey, (list) => (list ? { ...list, shareToken: share.token } : list));
  return share;
}

export async function stopSharingFavorites(queryClient: QueryClient): Promise<void> {
  await apiDelete<null>('/api/favorites/share');
  queryClient.setQueryData<FavoriteList>(myFavoritesQueryKey, (list) => (list ? { ...list, shareToken: null } : list));
}
