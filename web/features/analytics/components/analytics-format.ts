import { ANALYTICS_TEXTS } from '../../../../common/analytics-constants';

const integer = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export function formatCount(n: number): string {
  return integer.format(n);
}

/** A click-through rate as a percentage; a period without views has none. */
export function formatRate(rate: number | null): string {
  return rate === null ? ANALYTICS_TEXTS.notAvailable : percent.format(rate);
}

export function categoryName(category: string | null): string {
  return category ?? ANALYTICS_TEXTS.noCategory;
}

/** Shortens a label drawn inside a chart; the table beside it has the whole text. */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
