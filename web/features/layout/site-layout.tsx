import { Suspense, useRef, type ReactNode } from 'react';
import { LoadStatus } from '../../components/ui/load-status';
import { HydrateLater, laterPart } from '../../lib/hydrate-later';
import { lazyRoute } from '../../lib/lazy-route';
import { TopBar } from './top-bar';
import { useScrollRestoration } from './use-scroll-restoration';

/**
 * The footer is below the fold and mostly links: its code loads after the first bundle (main.tsx asks for it while
 * the page's code loads), and it is hydrated in a task after the rest of the page (until then the server's markup
 * stays, links working as plain links). Were its code still on the way then, it would wait for it the same way.
 */
const footer = lazyRoute(() => import('./site-footer').then((m) => ({ default: m.SiteFooter })));

/** The browser's favourites and choices join the account at sign-in: code no first view needs. */
const AccountSync = laterPart(() => import('./account-sync').then((m) => m.AccountSync));

/** The server renders the footer in the same pass as the page. */
export function preloadLayout(): Promise<void> {
  return footer.preload();
}

export function SiteLayout({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  useScrollRestoration(mainRef);

  return (
    <div className="layout">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AccountSync />
      <TopBar />
      <main id="main" ref={mainRef} tabIndex={-1} className="main">
        <Suspense fallback={<LoadStatus loading />}>{children}</Suspense>
      </main>
      <HydrateLater>
        <footer.Component />
      </HydrateLater>
    </div>
  );
}
