import { useFavoritesSync } from '../../lib/favorites';
import { usePreferencesSync } from '../../lib/preferences';

/** Keeps the browser's favourites, agent and currency and the account's together at sign-in. Renders nothing. */
export function AccountSync() {
  useFavoritesSync();
  usePreferencesSync();
  return null;
}
