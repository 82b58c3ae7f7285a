import type { Alias } from 'vite';

/**
 * React's API on Preact's runtime (decision 0064): every import of React, React DOM and their JSX runtimes, from the
 * site's code and from the libraries it bundles (TanStack Query, wouter), resolves to preact/compat, which installs
 * React's prop and event names on Preact. vite.config.ts (browser, server rendering, dev server) and vitest.config.ts
 * (the tests render what users run) share this list. To go back to React, drop it from both.
 */
export const PREACT_ALIASES: Alias[] = [
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
