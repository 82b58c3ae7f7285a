import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { PREACT_ALIASES, REACT_LIBRARIES } from './preact-aliases';
import { loadConfig } from './server/config';
import { publicSiteConfig, siteConfigScript } from './server/web';

/** In development Vite serves index.html, so it inlines the public settings the way the server does. */
function devSiteConfig(): Plugin {
  return {
    name: 'finder-dev-site-config',
    apply: 'serve',
    transformIndexHtml(html) {
      const script = siteConfigScript(publicSiteConfig(loadConfig()));
      return html.replace('<!--site-config-->', () => script);
    },
  };
}

/**
 * wouter imports useSyncExternalStore through the shim made for React 17; React 18 and up (and preact/compat) have it,
 * and the shim (a CommonJS module with its interop) is bytes in the first bundle for nothing.
 */
const REACT_SYNC_EXTERNAL_STORE = fileURLToPath(new URL('./web/lib/use-sync-external-store.ts', import.meta.url));

export default defineConfig(() => ({
  root: 'web',
  resolve: {
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: REACT_SYNC_EXTERNAL_STORE }, ...PREACT_ALIASES],
  },
  // Bundled into the server entry so that their `react` imports meet the aliases too (decision 0064).
  ssr: { noExternal: REACT_LIBRARIES },
  publicDir: 'public',
  // The JSX transform (Preact's), Prefresh's hot reload in development; the aliases are ours (PREACT_ALIASES).
  plugins: [preact({ reactAliasesEnabled: false }), devSiteConfig()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The server reads it to link a rendered page's on-demand chunks and styles.
    manifest: true,
  },
  server: {
    port: 5173,
    // Vite serves the pages (rendered in the browser); the API, stored images and the crawler files come from the
    // server.
    proxy: Object.fromEntries(['/api', '/media', '/robots.txt', '/sitemap.xml', '/sitemaps'].map((path) => [path, 'http://127.0.0.1:3000'])),
  },
}));
