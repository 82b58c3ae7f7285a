/**
 * An import's odd values (issue 40, decision 0094): prices far outside the file's own range and the placeholders
 * sheets put where a price is not known yet. Pure functions: the preview feeds them every valid row's price, flags
 * the rows they name, and the operator chooses to skip those rows or import them as they are.
 */

/** Amounts sheets write where the price is not known (as written, before conversion: 9999 yuan is no $1,408 coat). */
export const PRICE_PLACEHOLDERS: readonly number[] = [0.01, 9999, 99999, 999999, 9999.99, 99999.99, 12345, 123456];

/**
 * How far out a price must lie to be odd: Tukey's "far out" fence (3 interquartile ranges past the quartiles) on the
 * prices' logarithms. Prices spread by ratio (a $20 tee and a $400 coat are both ordinary), so the fence is taken on
 * their order of magnitude; on the prices themselves a shop of tees would flag its coats.
 */
export const ODD_PRICE_FENCE = 3;
/** Fewer prices than this say nothing about the file's range: only placeholders are flagged then. */
export const ODD_PRICE_MIN_ROWS = 8;

export type PriceBounds = { low: number; high: number; median: number };

/** The q-quantile of sorted values (linear between neighbours, as percentile_cont). */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.ceil(at);
  const a = sorted[below] ?? 0;
  const b = sorted[above] ?? a;
  return a + (b - a) * (at - below);
}

const money = (value: number) => Math.round(value * 100) / 100;

/** The range ordinary prices of a file lie in (the fences), or null when it has too few prices to tell. */
export function priceBounds(prices: Iterable<number>): PriceBounds | null {
  const logs: number[] = [];
  for (const price of prices) if (Number.isFinite(price) && price > 0) logs.push(Math.log10(price));
  if (logs.length < ODD_PRICE_MIN_ROWS) return null;
  logs.sort((a, b) => a - b);
  const q1 = quantile(logs, 0.25);
  const q3 = quantile(logs, 0.75);
  // Half a decade at least: a file of one price (every tee at $25) does not make $30 odd.
  const spread = Math.max(q3 - q1, 0.5 / ODD_PRICE_FENCE);
  return {
    low: money(10 ** (q1 - ODD_PRICE_FENCE * spread)),
    high: money(10 ** (q3 + ODD_PRICE_FENCE * spread)),
    median: money(10 ** quantile(logs, 0.5)),
  };
}

const isPlaceholder = (amount: number) => PRICE_PLACEHOLDERS.some((p) => Math.abs(p - amount) < 1e-9);

/**
 * Why a price is odd, or null when it is not: a placeholder as written, else a price outside the file's bounds.
 * `price` is in the base currency, `amount` as the file wrote it.
 */
export function oddPriceReason(price: number, amount: number | null, bounds: PriceBounds | null, base: string): string | null {
  if (amount !== null && isPlaceholder(amount)) return `${amount} looks like a placeholder, not a price.`;
  if (bounds === null) return null;
  if (price > bounds.high)
    return `${money(price)} ${base} is far above the file's other prices (most lie below ${bounds.high} ${base}; the middle one is ${bounds.median}).`;
  if (price < bounds.low)
    return `${money(price)} ${base} is far below the file's other prices (most lie above ${bounds.low} ${base}; the middle one is ${bounds.median}).`;
  return null;
}
