// The page's language, read from <html lang> (the server renders each page in one language: common/i18n.ts) before
// any module reads a text: main.tsx imports this first.
import { DEFAULT_LANG, findLanguage, setPageLanguage, type RuntimeLang } from '../../common/i18n';

const html = document.documentElement;
/** The tests' pseudo-language marks itself (its lang is English: accented English is still English to a reader). */
export const PAGE_LANG: RuntimeLang = html.hasAttribute('data-pseudo') ? 'pseudo' : (findLanguage(html.lang)?.code ?? DEFAULT_LANG);
setPageLanguage(PAGE_LANG);
