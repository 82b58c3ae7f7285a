import { useSyncExternalStore } from 'react';

/**
 * A value this browser keeps under one localStorage key, for React: every hook follows a write in this tab and in
 * the others (the storage event). The server render and hydration see `empty`, then the stored value. `parse` turns
 * the stored text (null when there is none) into the value; a throw reads as `empty`. The same object comes back
 * while the stored text is the same, as useSyncExternalStore needs. With storage blocked or full, a write holds for
 * this page only. Storage is read once, then again only after another tab changed it (the storage event, which
 * every other tab gets): every hook asks for the value at each render, and hydration has many of them (issue 28).
 */
export function browserStore<T>(key: string, parse: (text: string | null) => T, empty: T) {
  const listeners = new Set<() => void>();
  let cachedText: string | null | undefined;
  let cached = empty;
  /** True while `cachedText` is what storage holds: after a read or a write here, until another tab writes. */
  let current = false;
  /** The window whose storage events are heard (a browser has one; tests swap it between files). */
  let watched: Window | undefined;
  /** From the first read or write on (before any hook subscribes, so every one of them reads storage again). */
  function watchOtherTabs(): void {
    if (watched === window) return;
    watched = window;
    current = false;
    window.addEventListener('storage', (event: StorageEvent) => {
      if (event.key === key || event.key === null) current = false;
    });
  }

  function read(): T {
    watchOtherTabs();
    if (current) return cached;
    let text: string | null;
    try {
      text = window.localStorage.getItem(key);
    } catch {
      // Blocked (private mode, a policy): what this page last wrote holds for this page.
      return cached;
    }
    current = true;
    if (text === cachedText) return cached;
    cachedText = text;
    try {
      cached = parse(text);
    } catch {
      cached = empty;
    }
    return cached;
  }

  /** Stores the value (null removes the key) and tells every hook. */
  function write(value: T | null): void {
    watchOtherTabs();
    cachedText = value === null ? null : JSON.stringify(value);
    cached = value ?? empty;
    current = true;
    try {
      if (cachedText === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, cachedText);
    } catch {
      // Full or blocked: kept for this page only.
    }
    for (const notify of listeners) notify();
  }

  function subscribe(notify: () => void): () => void {
    listeners.add(notify);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) notify();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(notify);
      window.removeEventListener('storage', onStorage);
    };
  }

  return { read, write, use: () => useSyncExternalStore(subscribe, read, () => empty) };
}
