import { useQuery } from '@tanstack/react-query';
import type { SharedFavoriteList } from '../../../../common/schemas/favorite';
import { ApiError, apiGet, catalogueLang } from '../../../lib/api-client';
import { sharedFavoritesQueryKey } from './keys';

/** Someone's shared list; null when no list is shared under the token (404) or the token is malformed (400). */
export async function getSharedFavorites(token: string, signal?: AbortSignal): Promise<SharedFavoriteList | null> {
  try {
    return await apiGet<SharedFavoriteList>(`/api/favorites/shared/${encodeURIComponent(token)}`, { lang: catalogueLang() }, signal);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
    throw err;
  }
}

export function useSharedFavorites(token: string) {
  return useQuery({
    queryKey: sharedFavoritesQueryKey(token),
    queryFn: ({ signal }) => getSharedFavorites(token, signal),
  });
}
