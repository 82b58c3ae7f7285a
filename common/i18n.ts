// The site's languages and how a text reaches the page in one of them (issue 41, decision 0090): Lingui's runtime,
// with the English wording of the specification as each message's id (gettext's way: a translator's tool shows the
// English sentence, and the English page needs no catalogue for a sentence without placeholders).
//
// A texts file lists its sentences with `texts({...})` (each string marked /*i18n*/ for `lingui extract`) and its
// sentences with values as functions calling `i18n._('… {name} …', { name })`. Reading a text translates it for the
// language of the moment: the page's in the browser (one language per page), and on the server the language of the
// render or mail being made (a scope the server opens per request: setI18nScope). No Node or DOM APIs here.
import { setupI18n, type I18n, type Messages } from '@lingui/core';

/** The site's languages: English first (the default, at today's addresses), the others under `/{prefix}/`. */
export const LANGUAGES = [
  { code: 'en', prefix: '', dir: 'ltr', name: 'English', ogLocale: 'en_US' },
  { code: 'de', prefix: 'de', dir: 'ltr', name: 'Deutsch', ogLocale: 'de_DE' },
  { code: 'fr', prefix: 'fr', dir: 'ltr', name: 'Français', ogLocale: 'fr_FR' },
  { code: 'es', prefix: 'es', dir: 'ltr', name: 'Español', ogLocale: 'es_ES' },
  { code: 'it', prefix: 'it', dir: 'ltr', name: 'Italiano', ogLocale: 'it_IT' },
  { code: 'pt-BR', prefix: 'pt-br', dir: 'ltr', name: 'Português (Brasil)', ogLocale: 'pt_BR' },
  { code: 'pl', prefix: 'pl', dir: 'ltr', name: 'Polski', ogLocale: 'pl_PL' },
  { code: 'ar', prefix: 'ar', dir: 'rtl', name: 'العربية', ogLocale: 'ar_AR' },
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LangCode = Language['code'];
export const DEFAULT_LANG: LangCode = 'en';
/** The header a browser's change request names its page's language with (the answer and any mail follow it). */
export const LANGUAGE_HEADER = 'x-finder-language';
/** The cookie that remembers a visitor's choice (the language bar and switcher read it; no redirect follows it). */
export const LANG_COOKIE = 'finder_lang';

const BY_CODE = new Map<string, Language>(LANGUAGES.map((l) => [l.code, l]));
const BY_PREFIX = new Map<string, Language>(LANGUAGES.filter((l) => l.prefix).map((l) => [l.prefix, l]));

export function language(code: LangCode): Language {
  return BY_CODE.get(code) ?? LANGUAGES[0];
}

/** A language by its code in any case ("pt-br", "PT-BR"), or undefined. */
export function findLanguage(code: string | null | undefined): Language | undefined {
  if (!code) return undefined;
  const lower = code.toLowerCase();
  return LANGUAGES.find((l) => l.code.toLowerCase() === lower);
}

/**
 * The language an address's path names and the path without it: `/de/products/x` is German `/products/x`, `/de`
 * German `/`; any other path is English and unchanged.
 */
export function splitLanguage(pathname: string): { lang: LangCode; path: string } {
  const match = /^\/([a-zA-Z]{2}(?:-[a-zA-Z]{2})?)(?=\/|$)/.exec(pathname);
  const found = match ? BY_PREFIX.get(match[1]!) : undefined;
  if (!found || match![1] !== found.prefix) return { lang: DEFAULT_LANG, path: pathname };
  const rest = pathname.slice(match![0].length);
  return { lang: found.code, path: rest === '' ? '/' : rest };
}

/** The router's base for a language: '' for English, `/de` for German. */
export function languageBase(lang: LangCode): string {
  const { prefix } = language(lang);
  return prefix ? `/${prefix}` : '';
}

/** `path` (a site path with its query, starting with /) in `lang`. */
export function pathIn(lang: LangCode, path: string): string {
  const base = languageBase(lang);
  if (!base) return path;
  return path === '/' ? `${base}/` : `${base}${path}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The runtime: one Lingui instance per language, each with the catalogues loaded so far.

/** A site language, or the pseudo-language of the tests (accented English, never at an address of its own). */
export type RuntimeLang = LangCode | 'pseudo';

const instances = new Map<RuntimeLang, I18n>();

/**
 * The locale `Intl` formats a language's numbers, dates and plurals with: English as the site always wrote it
 * (en-US), Arabic with Western digits (prices and sizes beside Latin product titles, as the region's big stores do).
 */
export function intlLocale(lang: RuntimeLang): string {
  if (lang === 'en' || lang === 'pseudo') return 'en-US';
  return lang === 'ar' ? 'ar-u-nu-latn' : lang;
}

/** The Lingui instance of `lang` (made on first use, activated in its language). */
export function i18nFor(lang: RuntimeLang): I18n {
  let found = instances.get(lang);
  if (!found) {
    // A message the catalogue leaves out reads as its id: the English sentence (scripts/i18n.ts keeps every message
    // with placeholders, and every translation, so only plain English sentences are left out).
    found = setupI18n({ locale: lang, locales: [intlLocale(lang)], messages: { [lang]: {} }, missing: (_locale, id) => id });
    instances.set(lang, found);
  }
  return found;
}

/** Adds a compiled catalogue's messages to a language (catalogues are cut by area: locales/catalogues.ts). */
export function loadMessages(lang: RuntimeLang, messages: Messages): void {
  i18nFor(lang).load(lang, messages);
}

let pageLang: RuntimeLang = DEFAULT_LANG;
/**
 * The server's scopes: its requests' (server/i18n.ts) and its renders' (web/entry-server.tsx). Built, each has its own
 * copy of this module; run from source (the tests), they share it, and a text is read in the newest scope that is open.
 */
const scopes: Array<() => RuntimeLang | undefined> = [];
let recorder: () => Set<string> | undefined = () => undefined;

/** The browser's page language (set once before the first render). */
export function setPageLanguage(lang: RuntimeLang): void {
  pageLang = lang;
}

/** The server's way to give each request its own language (an AsyncLocalStorage's store); answers a way to close it. */
export function setI18nScope(current: () => RuntimeLang | undefined): () => void {
  scopes.unshift(current);
  return () => {
    const at = scopes.indexOf(current);
    if (at >= 0) scopes.splice(at, 1);
  };
}

/**
 * Where the server notes the messages a page's render reads (its scope's set), to send their compiled forms with the
 * page: the browser then hydrates without a catalogue of its own (decision 0090).
 */
export function setMessageRecorder(current: () => Set<string> | undefined): void {
  recorder = current;
}

/** Translates `id` in the language of the moment, noting it for the page being rendered. */
function translate(id: string, values?: MessageValues): string {
  recorder()?.add(id);
  return currentI18n()._(id, values);
}

/**
 * The compiled forms of `ids` in `lang` that its loaded catalogues hold (a plain English sentence has none: it reads
 * as its id), for the page that read them.
 */
export function compiledMessages(lang: RuntimeLang, ids: Iterable<string>): Messages {
  const all = i18nFor(lang).messages;
  const out: Messages = {};
  for (const id of ids) if (all[id] !== undefined) out[id] = all[id];
  return out;
}

/** The language of the moment: the request's on the server, the page's in the browser. */
export function currentLanguage(): RuntimeLang {
  for (const scope of scopes) {
    const lang = scope();
    if (lang !== undefined) return lang;
  }
  return pageLang;
}

export function currentI18n(): I18n {
  return i18nFor(currentLanguage());
}

/** Values a message's placeholders take. */
export type MessageValues = Record<string, unknown>;

/**
 * Translates a message in the language of the moment. Named `i18n._` so that `lingui extract` collects every call
 * whose first argument is a string: write the message itself there, with ICU placeholders and plurals.
 */
export const i18n = {
  _: (id: string, values?: MessageValues): string => translate(id, values),
};

/** A texts object's shape once read: its sentences are strings, its functions and nested groups as they were. */
export type Translated<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends MessageWithValues
      ? string
      : T[K] extends (...args: never[]) => unknown
        ? T[K]
        : Translated<T[K]>;
};

/** A sentence whose values are known where it is written (a limit's number): `/*i18n*\/ { id: '… {max} …', values }`. */
export type MessageWithValues = { readonly id: string; readonly values: MessageValues };

function isMessageWithValues(value: object): value is MessageWithValues {
  return 'id' in value && 'values' in value && typeof (value as { id: unknown }).id === 'string';
}

/**
 * A group of sentences, each read in the language of the moment. Write each string with `/*i18n*\/` before it (so
 * `lingui extract` collects it); functions (sentences with values) and nested groups are kept.
 */
export function texts<T extends object>(source: T): Translated<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string') {
      Object.defineProperty(out, key, { enumerable: true, get: () => translate(value) });
    } else if (value && typeof value === 'object' && isMessageWithValues(value)) {
      const { id, values } = value;
      Object.defineProperty(out, key, { enumerable: true, get: () => translate(id, values) });
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = texts(value as object);
    } else {
      out[key] = value;
    }
  }
  return Object.freeze(out) as Translated<T>;
}
