import { ANALYTICS_TEXTS } from '../../../../common/texts/analytics';
import { formatCount, shorten } from './analytics-format';
import { AnalyticsTable } from './analytics-table';
import './analytics.css';

type Row = { name: string; value: number };
type Props = { title: string; valueLabel: string; nameLabel: string; rows: Row[] };

const WIDTH = 400;
const LABEL_WIDTH = 130;
const VALUE_ROOM = 48;
const ROW = 26;
const BAR = 16;
const LABEL_CHARS = 17;

/** Horizontal bars (hand-made SVG) for a few named numbers, with the same numbers in a table. */
export function AnalyticsBarChart({ title, valueLabel, nameLabel, rows }: Props) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const barRoom = WIDTH - LABEL_WIDTH - VALUE_ROOM;
  const height = Math.max(ROW, rows.length * ROW);
  const label = `${title}: ${rows.map((r) => `${r.name} ${formatCount(r.value)}`).join(', ') || ANALYTICS_TEXTS.notAvailable}.`;
  return (
    <div className="analytics-chart">
      <svg className="analytics-bar-svg" role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${height}`}>
        {rows.map((r, i) => {
          const y = i * ROW;
          const w = r.value === 0 ? 0 : Math.max(2, (r.value / max) * barRoom);
          return (
            <g key={r.name}>
              <text className="analytics-bar-label" x={LABEL_WIDTH - 8} y={y + ROW / 2} textAnchor="end" dominantBaseline="central">
                {shorten(r.name, LABEL_CHARS)}
              </text>
              <rect className="analytics-bar" x={LABEL_WIDTH} y={y + (ROW - BAR) / 2} width={w} height={BAR} rx={3} />
              <text className="analytics-bar-value" x={LABEL_WIDTH + w + 6} y={y + ROW / 2} dominantBaseline="central">
                {formatCount(r.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <AnalyticsTable
        caption={title}
        columns={[nameLabel, valueLabel]}
        rows={rows.map((r) => ({ key: r.name, cells: [r.name, formatCount(r.value)] }))}
      />
    </div>
  );
}
