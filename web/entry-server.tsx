// The server's entry (built by `vite build --ssr`): renders a page to HTML with the same components the browser
// hydrates. The server loads the data first (common/page-data.ts), so nothing suspends and one pass is enough.
// First: React's behaviour where preact/compat differs (decision 0064).
import './lib/preact-compat';
import { renderToString } from 'react-dom/server';
import { SiteRouter } from './lib/router';
import type { InitialData } from '../common/page-data';
import type { SiteConfig } from '../common/schemas/site';
import { App, seedQueries } from './app/app';
import { routeForPath } from './app/routes';
import { preloadLayout } from './features/layout/site-layout';
import { createQueryClient } from './lib/query-client';
import { setSiteConfig } from './lib/site-config';

/** The markup inside #root for `url` (the path and query of the request). */
export async function render(url: string, data: InitialData, site: SiteConfig): Promise<string> {
  setSiteConfig(site);
  const pathname = new URL(url, 'http://finder.invalid').pathname;
  await Promise.all([routeForPath(pathname)?.preload(), preloadLayout()]);
  const queryClient = createQueryClient();
  seedQueries(queryClient, data);
  const html = renderToString(
    <SiteRouter url={url}>
      <App queryClient={queryClient} data={data} />
    </SiteRouter>,
  );
  queryClient.clear();
  return html;
}
