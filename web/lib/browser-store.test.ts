import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserStore } from './browser-store';

// localStorage without a browser: a Map, or a store that refuses every call (private mode, a policy).
const stored = new Map<string, string>();
let blocked = false;
const storageListeners = new Set<(event: { key: string | null }) => void>();
/** Another tab writes: storage changes and this tab gets the storage event. */
const otherTabWrites = (key: string, value: string) => {
  stored.set(key, value);
  for (const listener of storageListeners) listener({ key });
};
const guard = <T>(work: () => T): T => {
  if (blocked) throw new Error('SecurityError');
  return work();
};
// Put back after this file: test files share a worker's globals (decision 0056), and PGlite takes any `window` for a
// browser's.
beforeAll(() =>
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => guard(() => stored.get(key) ?? null),
      setItem: (key: string, value: string) => guard(() => void stored.set(key, value)),
      removeItem: (key: string) => guard(() => void stored.delete(key)),
    },
    addEventListener: (type: string, listener: (event: { key: string | null }) => void) => {
      if (type === 'storage') storageListeners.add(listener);
    },
    removeEventListener: (type: string, listener: (event: { key: string | null }) => void) => void storageListeners.delete(listener),
  }),
);
afterAll(() => vi.unstubAllGlobals());

const EMPTY = { n: 0 };
const parse = (text: string | null) => (text ? (JSON.parse(text) as { n: number }) : EMPTY);

describe('a value this browser keeps', () => {
  beforeEach(() => {
    stored.clear();
    blocked = false;
  });

  it('reads what was written, the same object until the text changes; null removes the key', () => {
    const store = browserStore('test:a', parse, EMPTY);
    expect(store.read()).toBe(EMPTY);
    store.write({ n: 2 });
    expect(stored.get('test:a')).toBe('{"n":2}');
    expect(store.read()).toBe(store.read());
    stored.set('test:a', '{"n":9}'); // not through a tab of this browser: not read again
    expect(store.read()).toEqual({ n: 2 });
    otherTabWrites('test:a', '{"n":3}');
    expect(store.read()).toEqual({ n: 3 });
    store.write(null);
    expect(stored.has('test:a')).toBe(false);
    expect(store.read()).toBe(EMPTY);
  });

  it('reads text it cannot parse as empty, and keeps a write for this page when storage is blocked', () => {
    const store = browserStore('test:b', parse, EMPTY);
    stored.set('test:b', '{not json');
    expect(store.read()).toBe(EMPTY);
    blocked = true;
    store.write({ n: 5 });
    expect(store.read()).toEqual({ n: 5 });
  });
});
