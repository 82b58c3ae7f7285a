import { ANALYTICS_TEXTS } from '../../../../common/texts/analytics';
import type { AnalyticsPeriodTotals } from '../../../../common/schemas/analytics';
import { AnalyticsChange } from './analytics-change';
import { countChange, formatCount } from './analytics-format';
import './analytics.css';

const BUTTONS = ['signup', 'join', 'copyCode'] as const;

/** The referral buttons that earn (Sign Up, Join, Copy code): clicks in the period, the period before, and the change. */
export function AnalyticsPromo({ totals, previous }: { totals: AnalyticsPeriodTotals; previous: AnalyticsPeriodTotals }) {
  return (
    <div className="analytics-table-wrap">
      <table className="analytics-table">
        <caption className="visually-hidden">{ANALYTICS_TEXTS.promoButtons}</caption>
        <thead>
          <tr>
            <th scope="col">{ANALYTICS_TEXTS.button}</th>
            <th scope="col" className="analytics-number">
              {ANALYTICS_TEXTS.clicks}
            </th>
            <th scope="col" className="analytics-number">
              {ANALYTICS_TEXTS.previous}
            </th>
            <th scope="col" className="analytics-number">
              {ANALYTICS_TEXTS.change}
            </th>
          </tr>
        </thead>
        <tbody>
          {BUTTONS.map((b) => (
            <tr key={b}>
              <th scope="row">{ANALYTICS_TEXTS.promo[b]}</th>
              <td className="analytics-number">{formatCount(totals.promo[b])}</td>
              <td className="analytics-number">{formatCount(previous.promo[b])}</td>
              <td className="analytics-number">
                <AnalyticsChange change={countChange(totals.promo[b], previous.promo[b])} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
