import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
// With its extension: Vite's native configuration loader (its next default) resolves no other. The server's modules
// are loaded through Vite itself in the dev plugin below, so this file's import graph stays this one file.
import { firstViewChunks } from './first-view-chunks.ts';
import type * as ServerConfig from './server/config.ts';
import type * as ServerWeb from './server/web.ts';

/**
 * wouter imports useSyncExternalStore through the shim made for React 17 (a CommonJS module that requires `react`
 * itself); React 18 and up have it, so the shim is bytes in the first bundle for nothing.
 */
const SYNC_EXTERNAL_STORE_SHIM = {
  find: /^use-sync-external-store\/shim(\/index\.js)?$/,
  replacement: fileURLToPath(new URL('./web/lib/use-sync-external-store.ts', import.meta.url)),
};

/** In development Vite serves index.html, so it inlines the public settings the way the server does. */
function devSiteConfig(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'finder-dev-site-config',
    apply: 'serve',
    configureServer(devServer) {
      server = devServer;
    },
    async transformIndexHtml(html) {
      const dev = server;
      if (!dev) return html;
      const load = (file: string) => dev.ssrLoadModule(fileURLToPath(new URL(file, import.meta.url)));
      const [config, web] = await Promise.all([
        load('./server/config.ts') as Promise<typeof ServerConfig>,
        load('./server/web.ts') as Promise<typeof ServerWeb>,
      ]);
      const script = web.siteConfigScript(web.publicSiteConfig(config.loadConfig()));
      return html.replace('<!--site-config-->', () => script);
    },
  };
}

export default defineConfig(() => ({
  root: 'web',
  resolve: { alias: [SYNC_EXTERNAL_STORE_SHIM] },
  publicDir: 'public',
  // React's JSX transform and Fast Refresh in development.
  // How the browser's JavaScript is cut into files: first-view-chunks.ts.
  plugins: [react(), devSiteConfig(), firstViewChunks()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The server reads it to link a rendered page's on-demand chunks and styles.
    manifest: true,
    // No module preloading by Vite's loader: the server links a page's first chunks itself (and prefetches the next
    // page's), and the loader's lists of every on-demand chunk's files were code in the first view, its link
    // insertions work on the main thread while the page hydrates. A chunk's stylesheets are still loaded with it.
    modulePreload: false,
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
