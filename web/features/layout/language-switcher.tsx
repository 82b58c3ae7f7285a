// The language switcher (issue 41): the same page in every language, as plain links (a language is a whole page of
// its own, rendered by the server, so a choice loads it), in the top bar's menu and the footer. No script is needed
// to use it: a <details> disclosure opens the list. The choice is remembered in a cookie the suggestion bar reads.
import { useId } from 'react';
import './language-switcher.css';
import { LANG_COOKIE, LANGUAGES, currentLanguage, pathIn, type LangCode } from '../../../common/i18n';
import { LANGUAGE_TEXTS } from '../../../common/texts/storefront-later';
import { useLocation } from '../../lib/router';
import { useSession } from '../../lib/session';

/** The page's own address (path re-encoded: the router gives it decoded) for another language's base. */
export function samePage(pathname: string, search: string): string {
  try {
    return `${encodeURI(pathname)}${search}`;
  } catch {
    // A path that cannot be written back (a lone surrogate): the language's home instead.
    return '/';
  }
}

/** A year, in seconds: how long the choice is remembered. */
const REMEMBER_S = 365 * 24 * 60 * 60;

/**
 * Remembers `lang` as the visitor's choice (the suggestion bar no longer asks), and a signed-in visitor's account
 * keeps it too (its mails are written in it). The page is left at once: the account's request outlives it.
 */
export function rememberLanguage(lang: LangCode, signedIn = false): void {
  document.cookie = `${LANG_COOKIE}=${encodeURIComponent(lang)}; Path=/; Max-Age=${REMEMBER_S}; SameSite=Lax`;
  if (!signedIn) return;
  void fetch('/api/me/preferences', {
    method: 'PUT',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ language: lang }),
  }).catch(() => undefined);
}

/** `compact`: the top bar's (the language's short code beside the globe); else its name (the footer's). */
export function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { pathname, search } = useLocation();
  const here = currentLanguage();
  const listId = useId();
  const signedIn = useSession().status === 'signed-in';
  const current = LANGUAGES.find((l) => l.code === here) ?? LANGUAGES[0];
  return (
    <details className={`language-switcher${className ? ` ${className}` : ''}`}>
      <summary aria-label={LANGUAGE_TEXTS.choose(current.name)} title={LANGUAGE_TEXTS.choose(current.name)}>
        <svg className="language-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9s1.3-6.4 3.8-9z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
        {compact ? (
          <span className="language-code">{(current.prefix || current.code).toUpperCase()}</span>
        ) : (
          <span lang={current.code}>{current.name}</span>
        )}
      </summary>
      <ul id={listId} aria-label={LANGUAGE_TEXTS.label}>
        {LANGUAGES.map((l) => (
          <li key={l.code}>
            <a
              href={pathIn(l.code, samePage(pathname, search))}
              hrefLang={l.code}
              lang={l.code}
              aria-current={l.code === here ? 'true' : undefined}
              onClick={() => rememberLanguage(l.code, signedIn)}
            >
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
