import { ANALYTICS_TEXTS } from '../../../../common/texts/analytics';
import type { AnalyticsSummary } from '../../../../common/schemas/analytics';
import { categoryName, formatCount, formatRate } from './analytics-format';
import './analytics.css';

/** The most clicked products (then the most viewed), in their category now; products deleted since are one row. */
export function AnalyticsTopProducts({ products }: { products: AnalyticsSummary['topProducts'] }) {
  return (
    <div className="analytics-table-wrap">
      <table className="analytics-table analytics-top">
        <caption className="visually-hidden">{ANALYTICS_TEXTS.topProducts}</caption>
        <thead>
          <tr>
            <th scope="col" className="analytics-number analytics-top-rank">
              #
            </th>
            <th scope="col">{ANALYTICS_TEXTS.product}</th>
            <th scope="col" className="analytics-top-category">
              {ANALYTICS_TEXTS.category}
            </th>
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
          {products.map((p, i) => (
            <tr key={p.productId ?? 'deleted'}>
              <td className="analytics-number analytics-top-rank">{i + 1}</td>
              <th scope="row" className={p.productId ? undefined : 'analytics-deleted'}>
                {p.productId ? p.title : ANALYTICS_TEXTS.deletedProduct}
                {/* On a narrow screen the category column gives way to this line. */}
                {p.productId && <span className="analytics-top-sub">{categoryName(p.category)}</span>}
              </th>
              <td className="analytics-top-category">{p.productId ? categoryName(p.category) : ANALYTICS_TEXTS.notAvailable}</td>
              <td className="analytics-number">{formatCount(p.clicks)}</td>
              <td className="analytics-number">{formatCount(p.productViews)}</td>
              <td className="analytics-number">{formatRate(p.clickThroughRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
