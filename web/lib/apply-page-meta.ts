// Writes a page's title, description, canonical link and robots rule into the document (web/lib/page-meta.ts calls it
// after the browser shows another page: the server wrote the first page's, so this code loads after the first view).
import type { PageMeta } from '../../common/page-meta';
import { currentLanguage, pathIn, type LangCode } from '../../common/i18n';
import { contentLanguage } from '../../common/catalogue-languages';

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
 * A page's canonical address in the page's language (issue 41), as the server writes it: under the language's base
 * where the page has a version in it, else the English one (a product page whose title is not translated there:
 * server/modules/pages/head.ts).
 */
function canonicalIn(canonical: string, languages: readonly LangCode[] | undefined): string {
  const lang = contentLanguage(currentLanguage());
  return !languages || languages.includes(lang) ? pathIn(lang, canonical) : canonical;
}

/** Sets the document's head to `meta`; canonical addresses are made absolute with `origin` (the page's, else the window's). */
export function applyPageMeta(meta: PageMeta, origin: string | undefined): void {
  const { title, description, canonical, index, languages } = meta;
  const canonicalPath = canonical === null ? null : canonicalIn(canonical, languages);
  document.title = title;
  setHeadElement('meta[name="description"]', metaNamed('description'), (el) => el.setAttribute('content', description));
  setHeadElement(
    'link[rel="canonical"]',
    () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
    canonicalPath === null ? null : (el) => el.setAttribute('href', `${origin ?? window.location.origin}${canonicalPath}`),
  );
  setHeadElement('meta[name="robots"]', metaNamed('robots'), index ? null : (el) => el.setAttribute('content', 'noindex'));
}
