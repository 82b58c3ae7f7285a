import { lazy, type ComponentType } from 'react';

export type LazyRoute = {
  Component: ComponentType;
  /** Loads the route's code; once done, the route renders without suspending (server and hydration alike). */
  preload(): Promise<void>;
};

/**
 * A route whose code loads on demand. Unlike a plain React.lazy, a route preloaded before rendering does not
 * suspend: its factory answers with an already-settled thenable, which React reads synchronously. The server
 * preloads the route it renders and the browser preloads it before hydrating, so the HTML is never replaced by a
 * fallback.
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
    if (loaded) {
      const value = loaded;
      // A settled thenable: React.lazy resolves it during this render instead of suspending.
      return { then: (resolve: (m: { default: ComponentType }) => void) => resolve(value) } as unknown as Promise<{
        default: ComponentType;
      }>;
    }
    return preload().then(() => loaded as { default: ComponentType });
  });
  return { Component, preload };
}
