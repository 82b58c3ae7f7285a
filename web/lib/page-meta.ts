import { useEffect, useState } from 'react';
import type * as PageMetaBuilders from '../../common/page-meta';
import type { PageMeta } from '../../common/page-meta';
import { INITIAL_DATA_ID } from '../../common/page-data';
import { withMessages } from './messages';

type Builders = typeof PageMetaBuilders;

/**
 * The title and description builders of the storefront's pages, with their words in the page's language (the pages
 * catalogue): the server wrote their first view's already.
 */
const loadBuilders: () => Promise<Builders> = withMessages(() => import('../../common/page-meta'));
import { usePageData } from './page-data';
import type { LangCode } from '../../common/i18n';

/**
 * Keeps the document's title, description, canonical link and robots rule on the page shown. The server writes
 * the same values into the HTML (with the previews' tags); this takes over when the browser navigates itself, with
 * code that loads then (apply-page-meta.ts). null (the page's data is still loading) leaves the document as it is.
 */
export function usePageMeta(meta: PageMeta | null): void {
  const origin = usePageData()?.origin;
  const { title = '', description = '', canonical = null, index = false, languages } = meta ?? {};
  const languageList = languages?.join(',');
  const known = meta !== null;
  useEffect(() => {
    if (!known) return;
    const shown: PageMeta = {
      title,
      description,
      canonical,
      index,
      ...(languageList !== undefined && { languages: languageList ? (languageList.split(',') as LangCode[]) : [] }),
    };
    void import('./apply-page-meta').then((m) => m.applyPageMeta(shown, origin));
  }, [known, title, description, canonical, index, languageList, origin]);
}

/**
 * The address the document was loaded at, when the server rendered it (its data is in the page) and wrote its head;
 * null on the server and for a page the browser rendered alone (Vite's dev server).
 */
const firstAddress =
  typeof document === 'undefined' || !document.getElementById(INITIAL_DATA_ID) ? null : window.location.pathname + window.location.search;
/** Whether the browser has shown another address since (after which every page sets its own head). */
let moved = false;

/** True while the browser still shows the page the server rendered, head included. */
function onFirstPage(): boolean {
  if (!moved && window.location.pathname + window.location.search === firstAddress) return true;
  moved = true;
  return false;
}

const same = (a: PageMeta | null, b: PageMeta) =>
  a !== null &&
  a.title === b.title &&
  a.description === b.description &&
  a.canonical === b.canonical &&
  a.index === b.index &&
  a.languages?.join() === b.languages?.join();

/**
 * usePageMeta with the meta `build` makes from common/page-meta.ts's builders, whose code loads after the first view
 * (decision 0080): the page the server rendered already has its title and description, so they are loaded and built
 * only once the browser shows another address (another page, another filter). null (the page's data is still loading)
 * leaves the document as it is. `build` is called after each render, with the values that render saw.
 */
export function useBuiltPageMeta(build: ((builders: Builders) => PageMeta) | null): void {
  const [meta, setMeta] = useState<PageMeta | null>(null);
  useEffect(() => {
    if (!build || onFirstPage()) return;
    let current = true;
    void loadBuilders().then(
      (builders) => {
        if (!current) return;
        const next = build(builders);
        setMeta((shown) => (same(shown, next) ? shown : next));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  });
  usePageMeta(build ? meta : null);
}
