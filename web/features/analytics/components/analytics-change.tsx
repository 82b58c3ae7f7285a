import type { Change } from './analytics-format';
import './analytics.css';

/** ▲ / ▼ and the amount for the eye, the same in words for a screen reader. */
export function AnalyticsChange({ change }: { change: Change | null }) {
  if (!change) return null;
  return (
    <span className={`analytics-change analytics-change-${change.direction}`}>
      <span aria-hidden="true">{change.shown}</span>
      <span className="visually-hidden">{change.spoken}</span>
    </span>
  );
}
