import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAVORITES_MAX } from '../../common/favorites';
import type { FavoriteList } from '../../common/schemas/favorite';
import type { Product } from '../../common/schemas/product';
import { ApiError } from './api-client';
import {
  myFavoritesQueryKey,
  readBrowserFavorites,
  toggleOnAccount,
  whenFavoriteSettled,
  writeBrowserFavorites,
  type BrowserFavorite,
} from './favorites';

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

describe("a save on the account's list and what waits for it (signed in)", () => {
  // Only fetch is put back here: the file's window stays stubbed until its afterAll.
  afterEach(() => vi.restoreAllMocks());

  const product = { id: find(7).productId, price: 17 } as Product;
  const list = (): FavoriteList => ({ items: [], shareToken: null, priceAlerts: { available: true, all: false } });

  /** fetch answering the favourite's PUT only when released: `release(true)` answers it 200, `release(false)` 500. */
  function heldFetch() {
    let release: (ok: boolean) => void = () => undefined;
    const answered = new Promise<boolean>((resolve) => (release = resolve));
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      const ok = await answered;
      const body = ok ? { saved: true, savedPrice: 17, savedAt: '2026-11-27T10:00:00.000Z' } : { message: 'Try again.' };
      return new Response(JSON.stringify(body), { status: ok ? 200 : 500 });
    });
    return { fetch, release: (ok: boolean) => release(ok) };
  }

  /** Lets pending callbacks run (the toggle first cancels the list's queries). */
  const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

  /** Whether the promise has settled once pending callbacks have run. */
  async function settled(promise: Promise<unknown>): Promise<boolean> {
    let done = false;
    void promise.then(() => (done = true));
    await tick();
    return done;
  }

  it('a price alert asked for right after the save waits for the server to have the favourite', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(myFavoritesQueryKey, list());
    const held = heldFetch();
    const saving = toggleOnAccount(queryClient, product, true);
    await tick();
    // On screen at once, before the server has answered.
    expect(queryClient.getQueryData<FavoriteList>(myFavoritesQueryKey)?.items.map((f) => f.product.id)).toEqual([product.id]);
    const waiting = whenFavoriteSettled(product.id);
    expect(await settled(waiting)).toBe(false);
    held.release(true);
    await saving;
    expect(await settled(waiting)).toBe(true);
    expect(held.fetch).toHaveBeenCalledTimes(1);
    // Nothing in flight any more: at once.
    expect(await settled(whenFavoriteSettled(product.id))).toBe(true);
  });

  it('a save pressed while the list is still on its way asks for the list again once the server has the save', async () => {
    const queryClient = new QueryClient();
    let answer: (list: FavoriteList) => void = () => undefined;
    const fetches: string[] = [];
    // The list's first fetch hangs (a slow connection); the one after the save answers with the saved find.
    const queryFn = vi.fn(({ signal }: { signal: AbortSignal }) => {
      fetches.push(fetches.length === 0 ? 'first' : 'again');
      if (fetches.length === 1)
        return new Promise<FavoriteList>((resolve, reject) => {
          answer = resolve;
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        });
      return Promise.resolve({
        ...list(),
        items: [{ product, savedPrice: 17, savedAt: '2026-11-27T10:00:00.000Z', lowestPrice: 17, priceAlert: false }],
      });
    });
    const observer = new QueryObserver(queryClient, { queryKey: myFavoritesQueryKey, queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await tick();
    expect(fetches).toEqual(['first']);
    const held = heldFetch();
    const saving = toggleOnAccount(queryClient, product, true);
    await tick();
    held.release(true);
    await saving;
    answer(list());
    await tick();
    expect(fetches).toEqual(['first', 'again']);
    expect(queryClient.getQueryData<FavoriteList>(myFavoritesQueryKey)?.items.map((f) => f.product.id)).toEqual([product.id]);
    unsubscribe();
  });

  it('a save the server refuses still lets what waits go on (and the list is put back)', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(myFavoritesQueryKey, list());
    const held = heldFetch();
    const saving = toggleOnAccount(queryClient, product, true).catch((err: unknown) => err);
    await tick();
    const waiting = whenFavoriteSettled(product.id);
    held.release(false);
    expect(await saving).toBeInstanceOf(ApiError);
    expect(await settled(waiting)).toBe(true);
    expect(queryClient.getQueryData<FavoriteList>(myFavoritesQueryKey)?.items).toEqual([]);
  });
});
