import { Suspense, useRef, type ReactNode } from 'react';
import { LoadStatus } from '../../components/ui/load-status';
import { laterPart } from '../../lib/hydrate-later';
import { TopBar } from './top-bar';
import { useScrollRestoration } from './use-scroll-restoration';
import { FRAME_TEXTS } from '../../../common/texts/frame';

/**
 * The footer is below the fold and mostly links: a later part (hydrate-later.tsx), its code loaded after the first
 * view's; until it is hydrated the server's markup stays, links working as plain links.
 */
const SiteFooter = laterPart(() => import('./site-footer').then((m) => m.SiteFooter));

/** The browser's favourites and choices join the account at sign-in: code no first view needs. */
const AccountSync = laterPart(() => import('./account-sync').then((m) => m.AccountSync));

/** The offer of the visitor's own language (issue 41): shown only in the browser, after the page, if at all. */
const LanguageBar = laterPart(() => import('./language-bar').then((m) => m.LanguageBar));

export function SiteLayout({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  useScrollRestoration(mainRef);

  return (
    <div className="layout">
      <a href="#main" className="skip-link">
        {FRAME_TEXTS.skipToContent}
      </a>
      <AccountSync />
      <TopBar />
      <main id="main" ref={mainRef} tabIndex={-1} className="main">
        <Suspense fallback={<LoadStatus loading />}>{children}</Suspense>
      </main>
      <SiteFooter />
      <LanguageBar />
    </div>
  );
}
