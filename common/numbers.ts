import { currentLanguage, intlLocale, type RuntimeLang } from './i18n';

const formats = new Map<RuntimeLang, Intl.NumberFormat>();

/**
 * A whole number with thousands grouped as the page's language writes them: in English with commas (12500 →
 * "12,500"), as `toLocaleString('en-US')` writes it but without Intl: on the storefront's first screen the first
 * Intl call builds its locale data, a long task on a slow phone while the page hydrates (issue 28). Other languages
 * through Intl ("12.500", "12 500"), its format made once per language.
 */
export function groupDigits(value: number): string {
  const lang = currentLanguage();
  const whole = Math.trunc(value);
  if (lang !== 'en' && lang !== 'pseudo') {
    let format = formats.get(lang);
    if (!format) {
      format = new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 0 });
      formats.set(lang, format);
    }
    return format.format(whole);
  }
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}
