// On-screen words of the display currencies (issue 16): the storefront's (CURRENCY_TEXTS, in the first bundle,
// so short). The Currencies tab's are in currency-admin.ts.
import type { CurrencyCode } from '../currency';

export const CURRENCY_TEXTS = {
  pickerLabel: 'Currency',
  /** Read by screen readers before a converted price (the ≈ mark is hidden from them). */
  approximately: 'approximately',
  approximateTitle: (base: string) => `Approximate price, converted from ${base}`,
  priceIn: (code: CurrencyCode) => `Price (${code})`,
  minIn: (code: CurrencyCode) => `Min price in ${code}`,
  maxIn: (code: CurrencyCode) => `Max price in ${code}`,
} as const;

/** Currency names as the picker and the tab show them. */
export const CURRENCY_NAMES: Record<CurrencyCode, string> = {
  USD: 'US dollar',
  EUR: 'Euro',
  GBP: 'British pound',
  CAD: 'Canadian dollar',
  AUD: 'Australian dollar',
  CNY: 'Chinese yuan',
  JPY: 'Japanese yen',
  KRW: 'South Korean won',
  CHF: 'Swiss franc',
  SEK: 'Swedish krona',
  NZD: 'New Zealand dollar',
  SGD: 'Singapore dollar',
  HKD: 'Hong Kong dollar',
  PLN: 'Polish złoty',
};
