import { ANALYTICS_TEXTS } from '../../../../common/texts/analytics';
import type { AnalyticsSummary } from '../../../../common/schemas/analytics';
import { categoryName, formatCount, formatRate } from './analytics-format';
import './analytics.css';

/** Clicks per product view of each category's products, by the category they have now (decision 0018). */
export function AnalyticsCategoryRates({ categories }: { categories: AnalyticsSummary['categories'] }) {
  return (
    <div className="analytics-table-wrap">
      <table className="analytics-table">
        <caption className="visually-hidden">{ANALYTICS_TEXTS.ctrByCategory}</caption>
        <thead>
          <tr>
            <th scope="col">{ANALYTICS_TEXTS.category}</th>
            <th scope="col" className="analytics-number">
              {ANALYTICS_TEXTS.clicks}
            </th>
            <th scope="col" className="analytics-number">
              {ANALYTICS_TEXTS.productViews}
            </th>
            <th scope="col" className="analytics-number">
              {ANALYTICS_TEXTS.clickThroughRate}
            </th>
          </tr>
        </thead>
        <tbody>
          {categories.map((c) => (
            <tr key={c.deleted ? 'deleted' : `c:${c.category ?? ''}`}>
              <th scope="row" className={c.deleted ? 'analytics-deleted' : undefined}>
                {c.deleted ? ANALYTICS_TEXTS.deletedProduct : categoryName(c.category)}
              </th>
              <td className="analytics-number">{formatCount(c.clicks)}</td>
              <td className="analytics-number">{formatCount(c.productViews)}</td>
              <td className="analytics-number">{formatRate(c.clickThroughRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
