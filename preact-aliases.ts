import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * wouter imports useSyncExternalStore through the shim made for React 17; React 18 and up (and preact/compat) have it,
 * and the shim (a CommonJS module that requires `react` itself) is bytes in the first bundle for nothing.
 */
const SYNC_EXTERNAL_STORE = fileURLToPath(new URL('./web/lib/use-sync-external-store.ts', import.meta.url));

/**
 * React's API on Preact's runtime (decision 0064): every import of React, React DOM and their JSX runtimes, from the
 * site's code and from the libraries it bundles (TanStack Query, wouter), resolves to preact/compat, which installs
 * React's prop and event names on Preact. vite.config.ts (browser, server rendering, dev server) and vitest.config.ts
 * (the tests render what users run) share this list. To go back to React, drop it from both.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: SYNC_EXTERNAL_STORE },
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // preact-render-to-string, behind React's name.
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];

/**
 * Packages that import `react` and must go through the aliases when the server renders (in the SSR build and in
 * the tests): left to Node, they would load the real React beside Preact.
 */
export const REACT_LIBRARIES = ['@tanstack/react-query', 'wouter'];
