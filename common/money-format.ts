// The one number format per language and currency that every price is written with (currency.ts), apart from the
// rest of the currency rules: the browser's entry makes the first one early (its number data loads then), and needs
// no more. The language is the page's (the request's on the server): common/i18n.ts.
import { currentLanguage, findLanguage, intlLocale, type RuntimeLang } from './i18n';

const formats = new Map<string, Intl.NumberFormat>();

/** The format of amounts in `code` (an ISO 4217 code) in the language of the moment, made once per language. */
export function moneyFormat(code: string, lang: RuntimeLang = currentLanguage()): Intl.NumberFormat {
  const key = `${lang} ${code}`;
  let f = formats.get(key);
  if (!f) {
    // 'symbol' in en-US gives $, €, £, ¥ and ₩ where they are unambiguous, CA$, A$, CN¥, NZ$, HK$ or the code otherwise.
    f = new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: code, currencyDisplay: 'symbol' });
    formats.set(key, f);
  }
  return f;
}

/** Left-to-right mark: a strong left-to-right character that shows nothing. */
const LRM = '\u200e';
/** Per language and currency, the symbol a right-to-left page must keep whole, or null when there is none. */
const mixedSymbols = new Map<string, string | null>();

/**
 * An amount as written in `code` in the language of the moment. Right to left, a symbol of letters and a sign
 * ("US$", "CA$", "CN¥") is followed by a left-to-right mark: the sign is weak, and without a strong letter after it
 * the bidi algorithm draws it on the far side of the letters ("$US 12.00" instead of "US$ 12.00"), in any text the
 * amount is put in (a card, a sentence, a chip, a placeholder, a page title).
 */
export function formatMoneyIn(amount: number, code: string, lang: RuntimeLang = currentLanguage()): string {
  const text = moneyFormat(code, lang).format(amount);
  if (findLanguage(lang)?.dir !== 'rtl') return text;
  const key = `${lang} ${code}`;
  let symbol = mixedSymbols.get(key);
  if (symbol === undefined) {
    const found = moneyFormat(code, lang)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value;
    symbol = found && /\p{Script=Latin}/u.test(found) && /\P{L}$/u.test(found) ? found : null;
    mixedSymbols.set(key, symbol);
  }
  return symbol ? text.replace(symbol, symbol + LRM) : text;
}
