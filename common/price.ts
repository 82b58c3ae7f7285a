import { DEFAULT_BASE_CURRENCY, formatMoney, type CurrencyCode } from './currency';

/**
 * A price as stored, in the store's base currency (BASE_CURRENCY; USD, "price with a dollar sign", by default):
 * 59 → "$59.00". The storefront shows visitors their own currency with <Price> (web/components/price.tsx).
 */
export function formatPrice(price: number, currency: CurrencyCode = DEFAULT_BASE_CURRENCY): string {
  return formatMoney(price, currency);
}
