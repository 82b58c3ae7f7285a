import { ANALYTICS_TEXTS } from '../../../../common/texts/analytics';

const integer = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const points = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function formatCount(n: number): string {
  return integer.format(n);
}

/** A click-through rate as a percentage; a period without product views has none. */
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

export type Change = {
  direction: 'up' | 'down' | 'same' | 'new';
  /** What is shown: '▲ 25%', '▼ 3 pt', '=', 'new' (the arrows are hidden from screen readers). */
  shown: string;
  /** What a screen reader hears instead. */
  spoken: string;
};

/** A count against the previous period's: the change in per cent. */
export function countChange(current: number, previous: number): Change {
  if (current === previous) return { direction: 'same', shown: ANALYTICS_TEXTS.changeSameShort, spoken: ANALYTICS_TEXTS.changeSame };
  if (previous === 0) return { direction: 'new', shown: ANALYTICS_TEXTS.changeNewShort, spoken: ANALYTICS_TEXTS.changeNew };
  const amount = percent.format(Math.abs(current - previous) / previous);
  return current > previous
    ? { direction: 'up', shown: `▲ ${amount}`, spoken: ANALYTICS_TEXTS.changeUp(amount, formatCount(previous)) }
    : { direction: 'down', shown: `▼ ${amount}`, spoken: ANALYTICS_TEXTS.changeDown(amount, formatCount(previous)) };
}

/** A rate against the previous period's: the change in percentage points (a change of a share in per cent misleads). */
export function rateChange(current: number | null, previous: number | null): Change | null {
  if (current === null) return null;
  if (previous === null) return { direction: 'new', shown: ANALYTICS_TEXTS.changeNewShort, spoken: ANALYTICS_TEXTS.changeNew };
  const diff = Math.round((current - previous) * 1000) / 10;
  if (diff === 0) return { direction: 'same', shown: ANALYTICS_TEXTS.changeSameShort, spoken: ANALYTICS_TEXTS.changeSame };
  const amount = ANALYTICS_TEXTS.points(points.format(Math.abs(diff)));
  return diff > 0
    ? { direction: 'up', shown: `▲ ${amount}`, spoken: ANALYTICS_TEXTS.changeUp(amount, formatRate(previous)) }
    : { direction: 'down', shown: `▼ ${amount}`, spoken: ANALYTICS_TEXTS.changeDown(amount, formatRate(previous)) };
}
