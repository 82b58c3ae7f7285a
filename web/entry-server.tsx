// The server's entry (built by `vite build --ssr`): renders a page with React DOM's server renderer and the same
// components the browser hydrates. The server loads the data first (common/page-data.ts) and the page's code before
// rendering, so nothing suspends: every Suspense boundary is complete in the HTML (decision 0080).
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { SiteRouter } from './lib/router';
import type { InitialData } from '../common/page-data';
import type { SiteConfig } from '../common/schemas/site';
import { App, seedQueries } from './app/app';
import { routeForPath } from './app/routes';
import { preloadLaterParts } from './lib/hydrate-later';
import { createQueryClient } from './lib/query-client';
import { setSiteConfig } from './lib/site-config';

/**
 * React's server renderer moves a boundary's markup past this many bytes out of its place, to be put back by an
 * inline script (progressive reveal while streaming). The site's policy runs no inline script, and nothing here is
 * slow to render: every boundary stays in place, as the browser hydrates it.
 */
const IN_PLACE = { progressiveChunkSize: Number.POSITIVE_INFINITY };

/** The page's tree for `url`, once its code is loaded; `done` frees what the render kept (its query cache). */
async function pageTree(url: string, data: InitialData, site: SiteConfig): Promise<{ tree: ReactNode; done: () => void }> {
  setSiteConfig(site);
  const pathname = new URL(url, 'http://finder.invalid').pathname;
  await routeForPath(pathname).preload();
  // The page's later parts and the layout's (their modules declare them once loaded): the server renders them at once.
  await preloadLaterParts();
  const queryClient = createQueryClient();
  seedQueries(queryClient, data);
  const tree = (
    <SiteRouter url={url}>
      <App queryClient={queryClient} data={data} />
    </SiteRouter>
  );
  return { tree, done: () => queryClient.clear() };
}

/**
 * The markup inside #root for `url` (the path and query of the request), whole: for the pages the response cache
 * keeps, whose ETag is the hash of the whole body. React's static prerender waits for every boundary.
 */
export async function render(url: string, data: InitialData, site: SiteConfig): Promise<string> {
  const { tree, done } = await pageTree(url, data, site);
  try {
    const { prelude } = await prerenderToNodeStream(tree, IN_PLACE);
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    done();
  }
}

/** What the server does with a streamed page: `shell` when the markup starts (or failed before it did). */
export type StreamTarget = {
  /** Called once: with a pipe into which React writes the markup inside #root, or with the error that stopped it. */
  onShell(result: { pipe: (destination: NodeJS.WritableStream) => void } | { error: unknown }): void;
  /** An error inside a boundary after the shell left: the browser renders that part itself. */
  onError(error: unknown): void;
};

/**
 * The markup inside #root for `url`, streamed (the pages nobody keeps: Home, Account, sign-in, the dashboard): the
 * server writes the head while React renders, and React's markup follows as it is made.
 */
export async function renderStream(url: string, data: InitialData, site: SiteConfig, target: StreamTarget): Promise<void> {
  const { tree, done } = await pageTree(url, data, site);
  let shellSettled = false;
  const stream = renderToPipeableStream(tree, {
    ...IN_PLACE,
    onShellReady() {
      shellSettled = true;
      target.onShell({ pipe: (destination) => stream.pipe(destination) });
    },
    onShellError(error) {
      shellSettled = true;
      done();
      target.onShell({ error });
    },
    onAllReady: done,
    onError(error) {
      if (shellSettled) target.onError(error);
    },
  });
}
