import { useState } from 'react';
import { usePageData } from '../../../lib/page-data';

const STORAGE_KEY = 'finder.shuffle-seed';
const MAX_SEED = 2147483647;

function randomSeed(): number {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return (values[0] ?? 0) % MAX_SEED;
}

/**
 * One shuffle seed per browser session: the catalogue looks shuffled, yet stays stable while paging. A finder the
 * server rendered brings the seed it was rendered with, and that one is kept from then on.
 */
export function useShuffleSeed(): number {
  const rendered = usePageData()?.finder?.seed;
  const [seed] = useState(() => {
    try {
      if (rendered !== undefined) {
        sessionStorage.setItem(STORAGE_KEY, String(rendered));
        return rendered;
      }
      const stored = Number.parseInt(sessionStorage.getItem(STORAGE_KEY) ?? '', 10);
      if (Number.isInteger(stored) && stored >= 0 && stored <= MAX_SEED) return stored;
      const fresh = randomSeed();
      sessionStorage.setItem(STORAGE_KEY, String(fresh));
      return fresh;
    } catch {
      return rendered ?? randomSeed();
    }
  });
  return seed;
}
