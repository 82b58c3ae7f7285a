// The browser's entry: hydrates the page the server rendered (or renders it, when served without the server's
// rendering, as Vite's dev server does).
// First: React's behaviour where preact/compat differs (decision 0064).
import './lib/preact-compat';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SiteRouter } from './lib/router';
import { App, seedQueries } from './app/app';
import { routeForPath } from './app/routes';
import { readInitialData } from './lib/page-data';
import { createQueryClient } from './lib/query-client';
import { getSiteConfig } from './lib/site-config';
import { hydrateInTasks } from './lib/hydrate-later';
import { preloadLayout } from './features/layout/site-layout';
import { formatMoney } from '../common/currency';
import './styles/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The browser restores scroll positions itself only for whole pages; the layout does it for in-site Back.
if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

const data = readInitialData();
const queryClient = createQueryClient();
seedQueries(queryClient, data);

function start(container: HTMLElement) {
  const app = (
    <SiteRouter>
      <App queryClient={queryClient} data={data} />
    </SiteRouter>
  );
  // As a transition, React's hydration yields to the browser every few milliseconds instead of blocking it in one
  // long task. On Preact (decision 0064) startTransition is a plain call and hydration one short synchronous pass.
  if (data && container.firstElementChild) startTransition(() => hydrateInTasks(() => void hydrateRoot(container, app)));
  else createRoot(container).render(app);
}

// The page's code first, so hydration renders what the server did instead of a loading fallback. (A promise, not
// a top-level await: the bundler merges chunks only without one.)
// Either way hydration starts in a task of its own, after the one that evaluated this bundle, so the two do not add
// up to one long task.
// The first currency format makes the browser load its number data (about a fifth of hydration at a phone's speed,
// issue 28): done in a task of its own while the page's code is fetched, hydration then finds it ready.
setTimeout(() => formatMoney(0, getSiteConfig().baseCurrency), 0);
// The footer's code too (it would be asked for while hydrating, and adding its preload links costs time there).
setTimeout(() => void preloadLayout().catch(() => undefined), 0);
// And the browser's storage: its first read loads it (the favourites, agent and currency hooks read it while hydrating).
setTimeout(() => {
  try {
    void window.localStorage.length;
  } catch {
    // Blocked: the stores keep what this page writes.
  }
}, 0);
const route = routeForPath(location.pathname);
const ready = route ? route.preload().catch(() => undefined) : Promise.resolve();
void ready.then(() => setTimeout(() => start(root), 0));
