/**
 * A whole number with thousands separated by commas (12500 → "12,500"), as `toLocaleString('en-US')` writes it
 * but without Intl: on the storefront's first screen the first Intl call builds its locale data, a long task on a
 * slow phone while the page hydrates (issue 28).
 */
export function groupDigits(value: number): string {
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}
