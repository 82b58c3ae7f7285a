import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
 * React Router's package exports only its development build (its dev warnings switched on) for every condition, a
 * known issue upstream; builds take the production build it ships beside it.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command }) => ({
  root: 'web',
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
  publicDir: 'public',
  plugins: [react(), devSiteConfig()],
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
