/** The currency prices are stored and shown in (spec: "price with a dollar sign"). */
export const PRICE_CURRENCY = 'USD';

const priceFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: PRICE_CURRENCY });

/** 59 → "$59.00". */
export function formatPrice(price: number): string {
  return priceFormat.format(price);
}
