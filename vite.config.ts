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

export default defineConfig(() => ({
  root: 'web',
  // React's names (and wouter's useSyncExternalStore shim) resolve to Preact: decision 0064.
  resolve: { alias: PREACT_ALIASES },
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
    proxy: Object.fromEntries(
      ['/api', '/media', '/robots.txt', '/sitemap.xml', '/sitemaps'].map((path) => [path, 'http://127.0.0.1:3000']),
    ),
  },
}));
