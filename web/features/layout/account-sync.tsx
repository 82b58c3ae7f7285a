import { useFavoritesSync } from '../../lib/favorites';
import { usePreferencesSync } from '../../lib/preferences';
import { useRecentlyViewedSync } from '../../lib/recently-viewed';
import { useVisitTracking } from '../../lib/last-visit';

/** Keeps the browser's favourites, recently viewed, agent and currency and the account's together at sign-in. Renders nothing. */
export function AccountSync() {
  useFavoritesSync();
  usePreferencesSync();
  useRecentlyViewedSync();
  useVisitTracking();
  return null;
}
