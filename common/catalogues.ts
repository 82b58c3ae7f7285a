// Where each language's compiled catalogues are (scripts/i18n.ts writes them from the PO files): one module per
// language and catalogue, loaded when a page needs it (the browser gets a file of its own for each). No Node or DOM
// APIs here.
import type { Messages } from '@lingui/core';
import { loadMessages, type RuntimeLang } from './i18n';

/** The storefront's first view, its other pages (and later parts), the dashboard. */
export type CatalogueName = 'first' | 'pages' | 'admin';
type Loader = () => Promise<{ messages: Messages }>;

const LOADERS: Record<CatalogueName, Record<RuntimeLang, Loader>> = {
  first: {
    en: () => import('../locales/en/first'),
    de: () => import('../locales/de/first'),
    fr: () => import('../locales/fr/first'),
    es: () => import('../locales/es/first'),
    it: () => import('../locales/it/first'),
    'pt-BR': () => import('../locales/pt-BR/first'),
    pl: () => import('../locales/pl/first'),
    ar: () => import('../locales/ar/first'),
    pseudo: () => import('../locales/pseudo/first'),
  },
  pages: {
    en: () => import('../locales/en/pages'),
    de: () => import('../locales/de/pages'),
    fr: () => import('../locales/fr/pages'),
    es: () => import('../locales/es/pages'),
    it: () => import('../locales/it/pages'),
    'pt-BR': () => import('../locales/pt-BR/pages'),
    pl: () => import('../locales/pl/pages'),
    ar: () => import('../locales/ar/pages'),
    pseudo: () => import('../locales/pseudo/pages'),
  },
  admin: {
    en: () => import('../locales/en/admin'),
    de: () => import('../locales/de/admin'),
    fr: () => import('../locales/fr/admin'),
    es: () => import('../locales/es/admin'),
    it: () => import('../locales/it/admin'),
    'pt-BR': () => import('../locales/pt-BR/admin'),
    pl: () => import('../locales/pl/admin'),
    ar: () => import('../locales/ar/admin'),
    pseudo: () => import('../locales/pseudo/admin'),
  },
};

const loaded = new Map<string, Promise<void>>();

/** Loads a catalogue of a language once (every later call gets the same promise). */
export function loadCatalogue(lang: RuntimeLang, name: CatalogueName): Promise<void> {
  const key = `${lang} ${name}`;
  let done = loaded.get(key);
  if (!done) {
    done = LOADERS[name][lang]().then(({ messages }) => {
      loadMessages(lang, messages);
    });
    loaded.set(key, done);
  }
  return done;
}
