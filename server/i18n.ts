// The server's side of the languages (issue 41, decision 0090): every catalogue of every language loaded once at
// start, and a scope per request, page render or mail, so that a text read there is in that language while other
// requests run in theirs (common/i18n.ts reads the scope).
import { AsyncLocalStorage } from 'node:async_hooks';
import { loadCatalogue, type CatalogueName } from '../common/catalogues';
import { findLanguage, LANGUAGES, setI18nScope, type RuntimeLang } from '../common/i18n';

const scope = new AsyncLocalStorage<RuntimeLang>();
setI18nScope(() => scope.getStore());

const ALL: CatalogueName[] = ['first', 'pages', 'admin'];
let loading: Promise<void> | undefined;

/** Loads every catalogue of every language (and the tests' pseudo-language): a few hundred kilobytes, once. */
export function loadAllCatalogues(): Promise<void> {
  loading ??= Promise.all(
    [...LANGUAGES.map((l) => l.code), 'pseudo' as const].flatMap((lang) => ALL.map((name) => loadCatalogue(lang, name))),
  ).then(() => undefined);
  return loading;
}

/** The language a request asks its answer in: a change's header (web/lib/api-client.ts), else English. */
export function requestLanguage(method: string, header: string | string[] | undefined): RuntimeLang | undefined {
  if (method === 'GET' || method === 'HEAD' || typeof header !== 'string') return undefined;
  return findLanguage(header)?.code;
}

/** Runs `fn` with `lang` as the language of every text it reads (and of whatever it awaits). */
export function withLanguage<T>(lang: RuntimeLang, fn: () => T): T {
  return scope.run(lang, fn);
}
