import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAVORITES_PAGE_TEXTS } from '../../common/texts/favorites';
import type { FavoriteMergeResult } from '../../common/schemas/favorite';
import { favoritesMergeKey, myFavoritesQueryKey, readBrowserFavorites, writeBrowserFavorites, type BrowserFavorite } from './favorites';
import { mergeBrowserFavorites } from './favorites-merge';

// The merge at sign-in without a browser: a Map behind localStorage, the page's path, and fetch answering the merge.
const stored = new Map<string, string>();
const place = { pathname: '/home' };
let answer: () => Response;
const sent: unknown[] = [];
// Put back after this file: test files share a worker's globals (decision 0056).
beforeAll(() => {
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    location: place,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return answer();
  });
});
afterAll(() => vi.unstubAllGlobals());

const USER = 'user-1';
const find = (n: number): BrowserFavorite => ({
  productId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  savedPrice: 10 + n,
  savedAt: '2026-11-24T10:00:00.000Z',
});
const merged = (added: number, skipped: number): FavoriteMergeResult => ({
  items: [],
  shareToken: null,
  priceAlerts: { available: false, all: false },
  added,
  skipped,
});

describe('merging this browser’s favourites into the account (what /home reports)', () => {
  beforeEach(() => {
    stored.clear();
    sent.length = 0;
    writeBrowserFavorites([find(2), find(1)]);
  });

  it('keeps the server’s counts for the account, clears the browser’s copy, and leaves the telling to /home', async () => {
    answer = () => Response.json(merged(2, 1));
    const queryClient = new QueryClient();
    const toast = vi.fn();
    place.pathname = '/home';
    await mergeBrowserFavorites(queryClient, toast, USER);
    expect(sent).toEqual([{ items: [find(2), find(1)] }]);
    expect(queryClient.getQueryData(favoritesMergeKey(USER))).toEqual({ added: 2, skipped: 1 });
    expect(queryClient.getQueryData(myFavoritesQueryKey)).toEqual({
      items: [],
      shareToken: null,
      priceAlerts: { available: false, all: false },
    });
    expect(queryClient.getQueryData(favoritesMergeKey('someone-else'))).toBeUndefined();
    expect(readBrowserFavorites()).toEqual([]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('says it in toasts on any other page', async () => {
    answer = () => Response.json(merged(2, 1));
    const toast = vi.fn();
    place.pathname = '/products';
    await mergeBrowserFavorites(new QueryClient(), toast, USER);
    expect(toast.mock.calls).toEqual([
      [FAVORITES_PAGE_TEXTS.mergedInto(2), 'success'],
      [FAVORITES_PAGE_TEXTS.mergeSkipped(1), 'info'],
    ]);
  });

  it('records a failure and keeps the browser’s list', async () => {
    answer = () => Response.json({ statusCode: 503, code: 'UNAVAILABLE', message: 'Busy' }, { status: 503 });
    const queryClient = new QueryClient();
    place.pathname = '/home';
    await mergeBrowserFavorites(queryClient, vi.fn(), USER);
    expect(queryClient.getQueryData(favoritesMergeKey(USER))).toEqual({ failed: true });
    expect(readBrowserFavorites()).toEqual([find(2), find(1)]);
  });
});
