import type { AnalyticsSummary } from '../../../../common/schemas/analytics';
import { ANALYTICS_TEXTS } from '../../../../common/texts/analytics';
import { formatCount } from './analytics-format';
import { AnalyticsTable } from './analytics-table';
import './analytics.css';

type Day = AnalyticsSummary['days'][number];
type Column = { label: string; value: (day: Day) => number };
type Props = {
  title: string;
  days: Day[];
  /** The drawn number; the table shows it first, then `more`. */
  value: Column;
  more?: Column[];
};

/** Drawing units per day; the drawing stretches to the width it gets. */
const STEP = 10;
const BAR = 7;
const HEIGHT = 100;

function summaryOf(title: string, days: Day[], value: (day: Day) => number): string {
  const total = days.reduce((n, d) => n + value(d), 0);
  const first = days[0]?.date ?? '';
  const last = days[days.length - 1]?.date ?? '';
  const busiest = days.reduce<Day | undefined>((best, d) => (value(d) > (best ? value(best) : 0) ? d : best), undefined);
  const most = busiest ? `; most on ${busiest.date} (${formatCount(value(busiest))})` : '';
  return `${title} from ${first} to ${last}: ${formatCount(total)} in total${most}.`;
}

/** One number per day as bars (hand-made SVG), with the same numbers, and related ones, in a table. */
export function AnalyticsDayChart({ title, days, value, more = [] }: Props) {
  const max = Math.max(1, ...days.map(value.value));
  const width = days.length * STEP;
  const columns = [value, ...more];
  return (
    <div className="analytics-chart">
      <div className="analytics-day-plot">
        <span className="analytics-axis-max" aria-hidden="true">
          {formatCount(max)}
        </span>
        <svg
          className="analytics-day-svg"
          role="img"
          aria-label={summaryOf(title, days, value.value)}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
        >
          <line className="analytics-grid" x1={0} x2={width} y1={0.5} y2={0.5} vectorEffect="non-scaling-stroke" />
          <line className="analytics-grid" x1={0} x2={width} y1={HEIGHT / 2} y2={HEIGHT / 2} vectorEffect="non-scaling-stroke" />
          <line className="analytics-baseline" x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} vectorEffect="non-scaling-stroke" />
          {days.map((d, i) => {
            const n = value.value(d);
            if (n === 0) return null;
            const h = Math.max(1.5, (n / max) * HEIGHT);
            return <rect key={d.date} className="analytics-bar" x={i * STEP + (STEP - BAR) / 2} width={BAR} y={HEIGHT - h} height={h} />;
          })}
        </svg>
        <div className="analytics-axis-dates" aria-hidden="true">
          <span>{days[0]?.date}</span>
          <span>{days[days.length - 1]?.date}</span>
        </div>
      </div>
      <AnalyticsTable
        caption={title}
        columns={[ANALYTICS_TEXTS.date, ...columns.map((c) => c.label)]}
        rows={days.map((d) => ({ key: d.date, cells: [d.date, ...columns.map((c) => formatCount(c.value(d)))] }))}
      />
    </div>
  );
}
