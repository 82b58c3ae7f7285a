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

function meta(name: string): () => HTMLElement {
  return () => Object.assign(document.createElement('meta'), { name });
}

/**
 * Keeps the document's title, description, canonical link and robots rule on the page shown. The server writes
 * the same values into the HTML (with the previews' tags); this takes over when the browser navigates itself.
 */
export function usePageMeta({ title, description, canonical, index }: PageMeta): void {
  const origin = usePageData()?.origin;
  useEffect(() => {
    document.title = title;
    setHeadElement('meta[name="description"]', meta('description'), (el) => el.setAttribute('content', description));
    setHeadElement(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      canonical === null ? null : (el) => el.setAttribute('href', `${origin ?? window.location.origin}${canonical}`),
    );
    setHeadElement('meta[name="robots"]', meta('robots'), index ? null : (el) => el.setAttribute('content', 'noindex'));
  }, [title, description, canonical, index, origin]);
}
