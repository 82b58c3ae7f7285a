// The server's entry (built by `vite build --ssr`): renders a page with React DOM's server renderer and the same
// components the browser hydrates. The server loads the data first (common/page-data.ts) and the page's code before
// rendering, so nothing suspends: every Suspense boundary is complete in the HTML (decision 0080).
// eslint-disable-next-line no-restricted-imports -- this entry runs in Node only (vite build --ssr), never in a browser
import { AsyncLocalStorage } from 'node:async_hooks';
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
import { loadCatalogue } from '../common/catalogues';
import { compiledMessages, languageBase, setI18nScope, setMessageRecorder, type RuntimeLang } from '../common/i18n';
import type { Messages } from '@lingui/core';

/**
 * The language of the page being rendered (issue 41): several renders may be under way at once, each in its own
 * language, so a text read while React renders asks this store, not a global. React's server renderer works in the
 * tasks its first call schedules (setImmediate), which carry the store with them.
 */
const renderLanguage = new AsyncLocalStorage<{ lang: RuntimeLang; used: Set<string> }>();
setI18nScope(() => renderLanguage.getStore()?.lang);
setMessageRecorder(() => renderLanguage.getStore()?.used);

/** The router's base of a language's pages (the tests' pseudo-language lives under /pseudo). */
const baseOf = (lang: RuntimeLang) => (lang === 'pseudo' ? '/pseudo' : languageBase(lang));

/**
 * React's server renderer moves a boundary's markup past this many bytes out of its place, to be put back by an
 * inline script (progressive reveal while streaming). The site's policy runs no inline script, and nothing here is
 * slow to render: every boundary stays in place, as the browser hydrates it.
 */
const IN_PLACE = { progressiveChunkSize: Number.POSITIVE_INFINITY };

/**
 * The page's tree for `url` (its full path: `/de/…` for a German page) in `lang`, once its code and texts are loaded;
 * `done` frees what the render kept (its query cache).
 */
async function pageTree(
  url: string,
  lang: RuntimeLang,
  data: InitialData,
  site: SiteConfig,
): Promise<{ tree: ReactNode; done: () => void }> {
  setSiteConfig(site);
  const base = baseOf(lang);
  const pathname = new URL(url, 'http://finder.invalid').pathname.slice(base.length) || '/';
  // Every catalogue of the language: the server renders later parts and every page at once.
  await Promise.all([
    routeForPath(pathname).preload(),
    loadCatalogue(lang, 'first'),
    loadCatalogue(lang, 'pages'),
    loadCatalogue(lang, 'admin'),
  ]);
  // The page's later parts and the layout's (their modules declare them once loaded): the server renders them at once.
  await preloadLaterParts();
  const queryClient = createQueryClient();
  seedQueries(queryClient, data);
  const tree = (
    <SiteRouter url={url} base={base}>
      <App queryClient={queryClient} data={data} />
    </SiteRouter>
  );
  return { tree, done: () => queryClient.clear() };
}

/**
 * The markup inside #root for `url` (the path and query of the request), whole: for the pages the response cache
 * keeps, whose ETag is the hash of the whole body. React's static prerender waits for every boundary.
 */
export async function render(url: string, lang: RuntimeLang, data: InitialData, site: SiteConfig): Promise<RenderedPage> {
  const { tree, done } = await pageTree(url, lang, data, site);
  try {
    const store = { lang, used: new Set<string>() };
    const { prelude } = await renderLanguage.run(store, () => prerenderToNodeStream(tree, IN_PLACE));
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return { html: Buffer.concat(chunks).toString('utf8'), messages: compiledMessages(lang, store.used) };
  } finally {
    done();
  }
}

/** A page's markup inside #root, and the compiled messages its render read (the browser hydrates with them). */
export type RenderedPage = { html: string; messages: Messages };

/** What the server does with a streamed page: `shell` when the markup starts (or failed before it did). */
export type StreamTarget = {
  /**
   * Called once: with a pipe into which React writes the markup inside #root (and the compiled messages the render
   * read, once it has ended), or with the error that stopped it.
   */
  onShell(result: { pipe: (destination: NodeJS.WritableStream) => void; messages: () => Messages } | { error: unknown }): void;
  /** An error inside a boundary after the shell left: the browser renders that part itself. */
  onError(error: unknown): void;
};

/**
 * The markup inside #root for `url`, streamed (the pages nobody keeps: Home, Account, sign-in, the dashboard): the
 * server writes the head while React renders, and React's markup follows as it is made.
 */
export async function renderStream(
  url: string,
  lang: RuntimeLang,
  data: InitialData,
  site: SiteConfig,
  target: StreamTarget,
): Promise<void> {
  const { tree, done } = await pageTree(url, lang, data, site);
  let shellSettled = false;
  const store = { lang, used: new Set<string>() };
  const stream = renderLanguage.run(store, () =>
    renderToPipeableStream(tree, {
      ...IN_PLACE,
      onShellReady() {
        shellSettled = true;
        target.onShell({ pipe: (destination) => stream.pipe(destination), messages: () => compiledMessages(lang, store.used) });
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
    }),
  );
}
