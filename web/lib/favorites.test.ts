import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAVORITES_MAX } from '../../common/favorites';
import { readBrowserFavorites, writeBrowserFavorites, type BrowserFavorite } from './favorites';

// The browser's list without a browser: a Map behind the localStorage calls the store makes.
const stored = new Map<string, string>();
const storageListeners = new Set<(event: { key: string | null }) => void>();
/** Another tab writes: storage changes and this tab gets the storage event. */
const otherTabWrites = (key: string, value: string) => {
  stored.set(key, value);
  for (const listener of storageListeners) listener({ key });
};
// Put back after this file: test files share a worker's globals (decision 0056), and PGlite takes any `window` for a
// browser's.
beforeAll(() =>
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    addEventListener: (type: string, listener: (event: { key: string | null }) => void) => {
      if (type === 'storage') storageListeners.add(listener);
    },
    removeEventListener: (type: string, listener: (event: { key: string | null }) => void) => void storageListeners.delete(listener),
  }),
);
afterAll(() => vi.unstubAllGlobals());

const KEY = 'finder:favorites';
const find = (n: number): BrowserFavorite => ({
  productId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  savedPrice: 10 + n,
  savedAt: '2026-11-24T10:00:00.000Z',
});

describe('the favourites this browser keeps (signed out)', () => {
  beforeEach(() => stored.clear());

  it('reads what was written, newest first as given, and clears the key when empty', () => {
    writeBrowserFavorites([find(2), find(1)]);
    expect(readBrowserFavorites()).toEqual([find(2), find(1)]);
    // The same array while the stored text is the same (useSyncExternalStore needs a stable snapshot).
    expect(readBrowserFavorites()).toBe(readBrowserFavorites());
    writeBrowserFavorites([]);
    expect(stored.has(KEY)).toBe(false);
    expect(readBrowserFavorites()).toEqual([]);
  });

  it('ignores text it cannot read and entries of another shape, and keeps at most the limit', () => {
    otherTabWrites(KEY, '{not json');
    expect(readBrowserFavorites()).toEqual([]);
    otherTabWrites(KEY, JSON.stringify({ productId: 'x' }));
    expect(readBrowserFavorites()).toEqual([]);
    otherTabWrites(KEY, JSON.stringify([find(1), { productId: 'x', savedPrice: '3' }, null, find(2)]));
    expect(readBrowserFavorites()).toEqual([find(1), find(2)]);
    otherTabWrites(KEY, JSON.stringify(Array.from({ length: FAVORITES_MAX + 5 }, (_, i) => find(i))));
    expect(readBrowserFavorites()).toHaveLength(FAVORITES_MAX);
  });
});
