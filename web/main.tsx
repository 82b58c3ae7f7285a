// The browser's entry: hydrates the page the server rendered (or renders it, when served without the server's
// rendering, as Vite's dev server does).
// The page's language before any module reads a text.
import { PAGE_LANG } from './lib/page-language';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SiteRouter } from './lib/router';
import { App, seedQueries } from './app/app';
import { routeForPath } from './app/routes';
import { readInitialData, readPageMessages } from './lib/page-data';
import { preloadLaterParts } from './lib/hydrate-later';
import { countOutboundClicks } from './lib/outbound-clicks';
import { createQueryClient } from './lib/query-client';
import { getSiteConfig } from './lib/site-config';
import { moneyFormat } from '../common/money-format';
import { loadCatalogue } from '../common/catalogues';
import { languageBase, loadMessages, splitLanguage } from '../common/i18n';
import './styles/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// BUY and a card's picture count their clicks from here on, before the cards' code (a later part) is in.
countOutboundClicks(document);

// The browser restores scroll positions itself only for whole pages; the layout does it for in-site Back.
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

const data = readInitialData();
const queryClient = createQueryClient();
seedQueries(queryClient, data);

/** Settles when React has committed the page's first render (its hydration, but for the later parts). */
let committed = () => undefined as void;
const firstCommit = new Promise<void>((resolve) => {
  committed = resolve;
});

/** The page's address inside its language (`/de/products/x` → `/products/x`); the pseudo-language's is /pseudo. */
const base = PAGE_LANG === 'pseudo' ? '/pseudo' : languageBase(PAGE_LANG);
const pagePath = PAGE_LANG === 'pseudo' ? location.pathname.slice(base.length) || '/' : splitLanguage(location.pathname).path;

function start(container: HTMLElement) {
  const app = (
    <SiteRouter base={base}>
      <App queryClient={queryClient} data={data} onCommit={committed} />
    </SiteRouter>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking it in one long task;
  // the later parts (lib/hydrate-later.tsx, Suspense boundaries) are hydrated after the rest, each on its own once its
  // code is in, and first the one a visitor touches (decision 0080).
  if (data && container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

// The page's code first, so hydration renders what the server did instead of a loading fallback. (A promise, not
// a top-level await: the bundler merges chunks only without one.)
// Either way hydration starts in a task of its own, after the one that evaluated this bundle, so the two do not add
// up to one long task.
// The first currency format makes the browser load its number data (about a fifth of hydration at a phone's speed,
// issue 28): done in a task of its own while the page's code is fetched, hydration then finds it ready.
setTimeout(() => moneyFormat(getSiteConfig().baseCurrency).format(0), 0);
// And the browser's storage: its first read loads it (the favourites, agent and currency hooks read it while hydrating).
setTimeout(() => {
  try {
    void window.localStorage.length;
  } catch {
    // Blocked: the stores keep what this page writes.
  }
}, 0);
// The page's texts: the compiled messages its server render read come with it (decision 0090); a page the server did
// not render (Vite's dev server) waits for its language's first catalogue instead.
const pageMessages = readPageMessages();
if (pageMessages) loadMessages(PAGE_LANG, pageMessages);
void Promise.all([routeForPath(pagePath).preload(), pageMessages ? undefined : loadCatalogue(PAGE_LANG, 'first')])
  .catch(() => undefined)
  .then(() => {
    setTimeout(() => start(root), 0);
    // The later parts' code (hydrate-later.tsx) while the rest hydrates. Once the first render is committed and that
    // code is in, every part of the page hydrates the moment it is used: <html data-hydrated> says so (e2e's
    // hydrated() waits for it).
    // The language's first catalogue, for what the page shows next (a toast, a form's sentence), once hydration began.
    void firstCommit.then(() => loadCatalogue(PAGE_LANG, 'first')).catch(() => undefined);
    void Promise.all([firstCommit, preloadLaterParts()]).then(
      () => document.documentElement.setAttribute('data-hydrated', 'true'),
      () => undefined,
    );
  });
