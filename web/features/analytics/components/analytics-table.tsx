import { ANALYTICS_TEXTS } from '../../../../common/texts/analytics';
import './analytics.css';

type Props = { caption: string; columns: string[]; rows: Array<{ key: string; cells: string[] }> };

/** A chart's numbers as a real table, behind a disclosure so the chart stays the first thing seen. */
export function AnalyticsTable({ caption, columns, rows }: Props) {
  return (
    <details className="analytics-details">
      <summary>{ANALYTICS_TEXTS.showTable}</summary>
      <div className="analytics-table-wrap">
        <table className="analytics-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={c} scope="col" className={i > 0 ? 'analytics-number' : undefined}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                {r.cells.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="analytics-number">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
