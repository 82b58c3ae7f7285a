import { useState } from 'react';
import { MAX_SHUFFLE_SEED, SHUFFLE_SEED_COOKIE } from '../../../../common/constants';
import { sharedSeedAt } from '../../../../common/shuffle-seeds';
import { usePageData } from '../../../lib/page-data';

function seedFromCookie(): number | undefined {
  const match = new RegExp(`(?:^|;\\s*)${SHUFFLE_SEED_COOKIE}=(\\d{1,10})(?:;|$)`).exec(document.cookie);
  const seed = match ? Number(match[1]) : NaN;
  return Number.isInteger(seed) && seed >= 0 && seed <= MAX_SHUFFLE_SEED ? seed : undefined;
}

/**
 * One shuffle seed per browser session (decisions 0001, 0029 and 0046): the catalogue looks shuffled, yet stays put
 * while paging and across reloads. It lives in a session cookie the server reads, so a finder the server renders is already in the
 * visitor's order; a finder rendered without one brings the seed the server picked, and that one is kept.
 */
export function useShuffleSeed(): number {
  const rendered = usePageData()?.finder?.seed;
  const [seed] = useState(() => {
    if (typeof document === 'undefined') return rendered ?? 0;
    // A finder rendered in the browser alone (Vite's dev server, after a 503) takes the server's seed of the moment.
    const seed = rendered ?? seedFromCookie() ?? sharedSeedAt(new Date());
    document.cookie = `${SHUFFLE_SEED_COOKIE}=${seed}; Path=/; SameSite=Lax`;
    return seed;
  });
  return seed;
}
