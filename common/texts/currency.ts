// On-screen words of the display currencies (issue 16): the storefront's (CURRENCY_TEXTS, in the first bundle,
// so short). The Currencies tab's are in currency-admin.ts.

import { texts, i18n } from '../i18n';
import type { CurrencyCode } from '../currency';

export const CURRENCY_TEXTS = texts({
  pickerLabel: /*i18n*/ 'Currency',
  /** Read by screen readers before a converted price (the ≈ mark is hidden from them). */
  approximately: /*i18n*/ 'approximately',
  approximateTitle: (base: string) => i18n._('Approximate price, converted from {base}', { base }),
  priceIn: (code: CurrencyCode) => i18n._('Price ({code})', { code }),
  minIn: (code: CurrencyCode) => i18n._('Min price in {code}', { code }),
  maxIn: (code: CurrencyCode) => i18n._('Max price in {code}', { code }),
});

/** Currency names as the picker and the tab show them. */
export const CURRENCY_NAMES: Record<CurrencyCode, string> = texts({
  USD: /*i18n*/ 'US dollar',
  EUR: /*i18n*/ 'Euro',
  GBP: /*i18n*/ 'British pound',
  CAD: /*i18n*/ 'Canadian dollar',
  AUD: /*i18n*/ 'Australian dollar',
  CNY: /*i18n*/ 'Chinese yuan',
  JPY: /*i18n*/ 'Japanese yen',
  KRW: /*i18n*/ 'South Korean won',
  CHF: /*i18n*/ 'Swiss franc',
  SEK: /*i18n*/ 'Swedish krona',
  NZD: /*i18n*/ 'New Zealand dollar',
  SGD: /*i18n*/ 'Singapore dollar',
  HKD: /*i18n*/ 'Hong Kong dollar',
  PLN: /*i18n*/ 'Polish złoty',
});
