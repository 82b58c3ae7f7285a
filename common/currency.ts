// Display currencies (issue 16): prices are stored in the store's base currency (BASE_CURRENCY) and shown in the
// visitor's, converted with a rate (units of the currency per one base unit) and marked approximate. Pure: the
// server checks rates and the feed with it, the web formats and converts the price filter with it.
import { formatMoneyIn, moneyFormat } from './money-format';

/** The currencies a visitor may choose and an admin may give a rate for; BASE_CURRENCY is one of them. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CNY', 'JPY', 'KRW', 'CHF', 'SEK', 'NZD', 'SGD', 'HKD', 'PLN'] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

export const DEFAULT_BASE_CURRENCY: CurrencyCode = 'USD';

/** Units of a currency per one base unit, by code; the base itself is 1 and need not be listed. */
export type Rates = Partial<Record<CurrencyCode, number>>;

/**
 * Sane bounds of a rate between any two of these currencies (the widest real pair, KRW per CHF or CHF per KRW, is
 * about 1,700 and 0.0006): a rate beyond them is a typo or a feed's mistake.
 */
export const RATE_MIN = 0.00001;
export const RATE_MAX = 100_000;

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

const format = (code: CurrencyCode): Intl.NumberFormat => moneyFormat(code);

/** The currency's minor digits as money is written (2 for most; JPY and KRW whole units). */
export function minorDigits(code: CurrencyCode): number {
  return format(code).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Rounded half away from zero to the currency's minor digits (2.675 → 2.68, not float's 2.67). */
export function roundMoney(amount: number, code: CurrencyCode): number {
  const factor = 10 ** minorDigits(code);
  const scaled = Math.abs(amount) * factor;
  // A tiny nudge so values one float step below the half (2.675 * 100 = 267.49999…) round as written.
  const rounded = Math.round(scaled + scaled * Number.EPSILON * 4) / factor;
  return amount < 0 ? -rounded : rounded;
}

/** 54.2 in EUR → "€54.20"; 8000 in JPY → "¥8,000". */
export function formatMoney(amount: number, code: CurrencyCode): string {
  return formatMoneyIn(amount, code);
}

/** The symbol or code a price in this currency starts with ($, €, CA$, CHF). */
export function currencySymbol(code: CurrencyCode): string {
  return (
    format(code)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? code
  );
}

/** The rate from the base to `code`: 1 for the base itself, null when none is known (or it is not a usable number). */
export function rateFor(base: CurrencyCode, code: CurrencyCode, rates: Rates): number | null {
  if (code === base) return 1;
  const rate = rates[code];
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 ? rate : null;
}

export type ShownPrice = {
  /** The amount in `currency`, rounded to its minor digits. */
  amount: number;
  currency: CurrencyCode;
  /** Formatted, without the approximate mark. */
  text: string;
  /** Converted from the base currency with a rate, so only about right. */
  approximate: boolean;
};

/**
 * A price stored in the base currency as the visitor sees it: in `wanted` when a rate is known, else in the base
 * (exact). `wanted` null or unknown means the base.
 */
export function showPrice(baseAmount: number, base: CurrencyCode, wanted: string | null | undefined, rates: Rates): ShownPrice {
  const target = isCurrencyCode(wanted) ? wanted : base;
  const rate = rateFor(base, target, rates);
  if (target === base || rate === null) {
    const amount = roundMoney(baseAmount, base);
    return { amount, currency: base, text: formatMoney(amount, base), approximate: false };
  }
  const amount = roundMoney(baseAmount * rate, target);
  return { amount, currency: target, text: formatMoney(amount, target), approximate: true };
}

/** The mark put before a converted price. */
export const APPROXIMATE_MARK = '≈';

/** "≈ €54.20" for a converted price, "$59.00" for a base one. */
export function priceLabel(shown: ShownPrice): string {
  return shown.approximate ? `${APPROXIMATE_MARK} ${shown.text}` : shown.text;
}

/** A price in the base currency shown in another; used by the price filter's fields (null stays null). */
export function fromBase(baseAmount: number, rate: number, code: CurrencyCode): number {
  return roundMoney(baseAmount * rate, code);
}

/** The largest price bound the finder's API takes (9 whole digits, 2 decimals). */
export const MAX_BASE_BOUND = 999_999_999.99;

/**
 * An amount the visitor typed in their currency, as a bound in the base currency (2 decimals, as the API takes
 * prices). A lowest bound rounds down and a highest up, so a product whose converted price shows exactly the typed
 * amount is never left out.
 */
export function toBase(amount: number, rate: number, bound: 'min' | 'max'): number {
  const exact = (amount / rate) * 100;
  // Float noise (50 / 0.5 * 100 = 10000.000000000002) must not push a bound a whole cent out.
  const nearest = Math.round(exact);
  const cents = Math.abs(exact - nearest) < 1e-6 ? nearest : bound === 'min' ? Math.floor(exact) : Math.ceil(exact);
  // The API takes bounds of at most 9 whole digits; a huge typed amount in a currency worth less than the base
  // would pass that, and mean "no bound" anyway.
  return Math.min(MAX_BASE_BOUND, Math.max(0, cents) / 100);
}

/**
 * A rate list from a feed (`{ base, rates: { EUR: 0.92, … } }`) re-expressed against our base: when the feed's base
 * differs, each rate is divided by the feed's rate for our base. Only our currencies with sane rates are kept;
 * null when our base cannot be reached from the feed's.
 */
export function rebaseRates(feedBase: string, feedRates: Record<string, unknown>, base: CurrencyCode): Rates | null {
  const feedRate = (code: string): number | null => {
    if (code === feedBase) return 1;
    const r = feedRates[code];
    return typeof r === 'number' && Number.isFinite(r) && r > 0 ? r : null;
  };
  const baseInFeed = feedRate(base);
  if (baseInFeed === null) return null;
  const out: Rates = {};
  for (const code of CURRENCIES) {
    if (code === base) continue;
    const r = feedRate(code);
    if (r === null) continue;
    const rate = Number((r / baseInFeed).toPrecision(10));
    if (rate >= RATE_MIN && rate <= RATE_MAX) out[code] = rate;
  }
  return out;
}
