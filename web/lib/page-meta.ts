import { useEffect } from 'react';
import type { PageMeta } from '../../common/page-meta';
import { usePageData } from './page-data';

function setHeadElement(selector: string, create: () => HTMLElement, apply: ((el: HTMLElement) => void) | null) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!apply) {
    el?.remove();
    return;
  }
  if (!el) {
    el = create();
    document.head.append(el);
  }
  apply(el);
}

function metaNamed(name: string): () => HTMLElement {
  return () => Object.assign(document.createElement('meta'), { name });
}

/**
 * Keeps the document's title, description, canonical link and robots rule on the page shown. The server writes
 * the same values into the HTML (with the previews' tags); this takes over when the browser navigates itself.
 * null (the page's data is still loading) leaves the document as it is.
 */
export function usePageMeta(meta: PageMeta | null): void {
  const origin = usePageData()?.origin;
  const { title = '', description = '', canonical = null, index = false } = meta ?? {};
  const known = meta !== null;
  useEffect(() => {
    if (!known) return;
    document.title = title;
    setHeadElement('meta[name="description"]', metaNamed('description'), (el) => el.setAttribute('content', description));
    setHeadElement(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      canonical === null ? null : (el) => el.setAttribute('href', `${origin ?? window.location.origin}${canonical}`),
    );
    setHeadElement('meta[name="robots"]', metaNamed('robots'), index ? null : (el) => el.setAttribute('content', 'noindex'));
  }, [known, title, description, canonical, index, origin]);
}
