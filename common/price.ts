import { DEFAULT_BASE_CURRENCY, formatMoney, type CurrencyCode } from './currency';
import { FINDER_LATER_TEXTS } from './texts/storefront-later';

/**
 * A price as stored, in the store's base currency (BASE_CURRENCY; USD, "price with a dollar sign", by default):
 * 59 → "$59.00". The storefront shows visitors their own currency with <Price> (web/components/price.tsx).
 */
export function formatPrice(price: number, currency: CurrencyCode = DEFAULT_BASE_CURRENCY): string {
  return formatMoney(price, currency);
}

/** "under $50", "from $10", "$10–$50"; null without a bound. */
export function priceRangeText(min: number | null, max: number | null, currency: CurrencyCode = DEFAULT_BASE_CURRENCY): string | null {
  if (min !== null && max !== null) return `${formatPrice(min, currency)}–${formatPrice(max, currency)}`;
  if (max !== null) return FINDER_LATER_TEXTS.priceUnder(formatPrice(max, currency));
  if (min !== null) return FINDER_LATER_TEXTS.priceFrom(formatPrice(min, currency));
  return null;
}
