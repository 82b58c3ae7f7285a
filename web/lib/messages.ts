// Texts a page's code needs before it renders (issue 41): the first view's catalogue comes with the page; the other
// storefront pages' and the dashboard's load with their code, so a German page never shows English while its part
// hydrates.
import { loadCatalogue, type CatalogueName } from '../../common/catalogues';
import { currentLanguage } from '../../common/i18n';

/** `load` (a page's or part's code), settled once the catalogues it reads are in for the language of the moment. */
export function withMessages<T>(load: () => Promise<T>, catalogues: readonly CatalogueName[] = ['pages']): () => Promise<T> {
  return () => Promise.all([load(), ...catalogues.map((name) => loadCatalogue(currentLanguage(), name))]).then(([loaded]) => loaded);
}
