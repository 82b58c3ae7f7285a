// The language suggestion (issue 41): no page redirects on Accept-Language (search engines and shared links get the
// page they asked for), so a visitor whose browser prefers another of the site's languages is offered it once, in
// that language, in a bar at the foot of the window (fixed: nothing on the page moves). Choosing or dismissing it is
// remembered (the switcher's cookie), and the bar is not shown again.
import { useEffect, useState } from 'react';
import { loadCatalogue } from '../../../common/catalogues';
import { currentLanguage, i18nFor, language, LANG_COOKIE, pathIn, type LangCode } from '../../../common/i18n';
import { preferredLanguage } from '../../../common/preferred-language';
import { LANGUAGE_BAR_IDS } from '../../../common/texts/storefront-later';
import { useLocation } from '../../lib/router';
import { rememberLanguage, samePage } from './language-switcher';

const hasChoice = () => new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=`).test(document.cookie);

export function LanguageBar() {
  const [suggested, setSuggested] = useState<LangCode | null>(null);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (hasChoice()) return;
    const preferred = preferredLanguage(navigator.languages.join(','));
    if (!preferred || preferred === currentLanguage()) return;
    let live = true;
    // Its words in the suggested language: that language's first catalogue (cached by the browser for the next page).
    void loadCatalogue(preferred, 'first').then(
      () => live && setSuggested(preferred),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (!suggested) return null;
  const { name, dir } = language(suggested);
  const t = i18nFor(suggested);
  const dismiss = () => {
    rememberLanguage(currentLanguage() as LangCode);
    setSuggested(null);
  };
  return (
    <div className="language-bar" role="region" aria-label={t._(LANGUAGE_BAR_IDS.available, { language: name })} lang={suggested} dir={dir}>
      <p>{t._(LANGUAGE_BAR_IDS.available, { language: name })}</p>
      <a
        className="button"
        href={pathIn(suggested, samePage(pathname, search))}
        hrefLang={suggested}
        onClick={() => rememberLanguage(suggested)}
      >
        {t._(LANGUAGE_BAR_IDS.switchTo, { language: name })}
      </a>
      <button type="button" className="button button-light" onClick={dismiss}>
        {t._(LANGUAGE_BAR_IDS.dismiss)}
      </button>
    </div>
  );
}
