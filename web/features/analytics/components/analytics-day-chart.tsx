import { ANALYTICS_TEXTS } from '../../../../common/analytics-constants';
import type { AnalyticsSummary } from '../../../../common/schemas/analytics';
import { formatCount } from './analytics-format';
import { AnalyticsTable } from './analytics-table';

type Day = AnalyticsSummary['days'][number];

/** Drawing units per day; the drawing stretches to the width it gets. */
const STEP = 10;
const BAR = 7;
const HEIGHT = 100;

function summaryOf(days: Day[]): string {
  const total = days.reduce((n, d) => n + d.clicks, 0);
  const first = days[0]?.date ?? '';
  const last = days[days.length - 1]?.date ?? '';
  const busiest = days.reduce<Day | undefined>((best, d) => (d.clicks > (best?.clicks ?? 0) ? d : best), undefined);
  const most = busiest ? `; most on ${busiest.date} (${formatCount(busiest.clicks)})` : '';
  return `${ANALYTICS_TEXTS.clicksPerDay} from ${first} to ${last}: ${formatCount(total)} in total${most}.`;
}

/** Clicks per day as bars (hand-made SVG), with the same numbers, and the views, in a table. */
export function AnalyticsDayChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((d) => d.clicks));
  const width = days.length * STEP;
  return (
    <div className="analytics-chart">
      <div className="analytics-day-plot">
        <span className="analytics-axis-max" aria-hidden="true">
          {formatCount(max)}
        </span>
        <svg className="analytics-day-svg" role="img" aria-label={summaryOf(days)} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none">
          <line className="analytics-grid" x1={0} x2={width} y1={0.5} y2={0.5} vectorEffect="non-scaling-stroke" />
          <line className="analytics-grid" x1={0} x2={width} y1={HEIGHT / 2} y2={HEIGHT / 2} vectorEffect="non-scaling-stroke" />
          <line className="analytics-baseline" x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} vectorEffect="non-scaling-stroke" />
          {days.map((d, i) => {
            if (d.clicks === 0) return null;
            const h = Math.max(1.5, (d.clicks / max) * HEIGHT);
            return <rect key={d.date} className="analytics-bar" x={i * STEP + (STEP - BAR) / 2} width={BAR} y={HEIGHT - h} height={h} />;
          })}
        </svg>
        <div className="analytics-axis-dates" aria-hidden="true">
          <span>{days[0]?.date}</span>
          <span>{days[days.length - 1]?.date}</span>
        </div>
      </div>
      <AnalyticsTable
        caption={ANALYTICS_TEXTS.clicksPerDay}
        columns={[ANALYTICS_TEXTS.date, ANALYTICS_TEXTS.clicks, ANALYTICS_TEXTS.views]}
        rows={days.map((d) => ({ key: d.date, cells: [d.date, formatCount(d.clicks), formatCount(d.views)] }))}
      />
    </div>
  );
}
