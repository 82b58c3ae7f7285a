// The one number format per currency that every price is written with (currency.ts), apart from the rest of the
// currency rules: the browser's entry makes the first one early (its number data loads then), and needs no more.

const LOCALE = 'en-US';

const formats = new Map<string, Intl.NumberFormat>();

/** The format of amounts in `code` (an ISO 4217 code), made once. */
export function moneyFormat(code: string): Intl.NumberFormat {
  let f = formats.get(code);
  if (!f) {
    // 'symbol' in en-US gives $, €, £, ¥ and ₩ where they are unambiguous, CA$, A$, CN¥, NZ$, HK$ or the code otherwise.
    f = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: code, currencyDisplay: 'symbol' });
    formats.set(code, f);
  }
  return f;
}
