import { lazy, type ComponentType } from 'react';
import { preloadLaterParts, settled } from './hydrate-later';

export type LazyRoute = {
  Component: ComponentType;
  /**
   * Loads the route's code; once done, the route renders without suspending (server and hydration alike). Its later
   * parts (hydrate-later.tsx) are not waited for: the server and a navigation wait for them, hydration does not.
   */
  preload(): Promise<void>;
};

/**
 * A route whose code loads on demand. Unlike a plain React.lazy, a route preloaded before rendering does not
 * suspend: its factory answers with an already-settled thenable, which React reads synchronously. The server
 * preloads the route it renders and the browser preloads it before hydrating, so the HTML is never replaced by a
 * fallback. A navigation shows the page once its later parts' code is in too, so none of them pops in after it.
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>): LazyRoute {
  let loaded: { default: ComponentType } | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        loaded = m;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  const Component = lazy(() => {
    // A settled thenable: React.lazy resolves it during this render instead of suspending.
    if (loaded) return settled(loaded);
    return preload()
      .then(preloadLaterParts)
      .then(() => loaded as { default: ComponentType });
  });
  return { Component, preload };
}
