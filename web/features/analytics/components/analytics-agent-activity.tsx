import { ANALYTICS_TEXTS } from '../../../../common/texts/analytics';
import type { AnalyticsSummary } from '../../../../common/schemas/analytics';
import { formatCount } from './analytics-format';
import './analytics.css';

/** The link converter's clicks and the agents' promotions, per agent (issue 29). */
export function AnalyticsAgentActivity({ rows }: { rows: AnalyticsSummary['agentActivity'] }) {
  return (
    <section className="analytics-card analytics-wide" aria-labelledby="analytics-agent-activity">
      <h3 id="analytics-agent-activity">{ANALYTICS_TEXTS.agentActivity}</h3>
      <div className="analytics-table-wrap">
        <table className="analytics-table">
          <caption className="visually-hidden">{ANALYTICS_TEXTS.agentActivity}</caption>
          <thead>
            <tr>
              <th scope="col">{ANALYTICS_TEXTS.agent}</th>
              <th scope="col" className="analytics-number">
                {ANALYTICS_TEXTS.converterClicks}
              </th>
              <th scope="col" className="analytics-number">
                {ANALYTICS_TEXTS.promoLinks}
              </th>
              <th scope="col" className="analytics-number">
                {ANALYTICS_TEXTS.promoCodes}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.agent}>
                <th scope="row">{r.name ?? r.agent}</th>
                <td className="analytics-number">{formatCount(r.converterClicks)}</td>
                <td className="analytics-number">{formatCount(r.promoLinks)}</td>
                <td className="analytics-number">{formatCount(r.promoCodes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="field-hint">{ANALYTICS_TEXTS.agentActivityExplained}</p>
    </section>
  );
}
