import { useState } from 'react';
import { ANALYTICS_DEFAULT_RANGE_DAYS, ANALYTICS_TEXTS } from '../../../../common/analytics-constants';
import { lastDays, type AnalyticsRange, type AnalyticsSummary } from '../../../../common/schemas/analytics';
import { LoadStatus } from '../../../components/ui/load-status';
import { reasonOf } from '../../../lib/errors';
import { useAnalytics } from '../api/get-analytics';
import { AnalyticsBarChart } from './analytics-bar-chart';
import { AnalyticsCategoryRates } from './analytics-category-rates';
import { AnalyticsDayChart } from './analytics-day-chart';
import { categoryName, formatCount, formatRate } from './analytics-format';
import { AnalyticsRangeForm } from './analytics-range-form';
import { AnalyticsTopProducts } from './analytics-top-products';

/**
 * Analytics (issue 5): outbound clicks and finder views for a period of whole UTC days. What is counted, and how
 * the click-through rate is defined, is in decision 0018.
 */
export function AnalyticsTab() {
  const [range, setRange] = useState<AnalyticsRange>(() => lastDays(ANALYTICS_DEFAULT_RANGE_DAYS));
  const figures = useAnalytics(range);
  const data = figures.data;

  return (
    <div className="admin-section analytics">
      <AnalyticsRangeForm range={range} onChange={setRange} />

      <LoadStatus
        loading={figures.isPending}
        loadingLabel={ANALYTICS_TEXTS.loading}
        failure={figures.isError && `${ANALYTICS_TEXTS.loadFailed}: ${reasonOf(figures.error)}`}
        onRetry={() => void figures.refetch()}
        retryLabel={ANALYTICS_TEXTS.retry}
      />
      {data && !figures.isError && <Figures data={data} loading={figures.isPlaceholderData} />}
    </div>
  );
}

function Figures({ data, loading }: { data: AnalyticsSummary; loading: boolean }) {
  const { totals } = data;
  return (
    <div className="analytics-figures" aria-busy={loading}>
      <p className="summary" aria-live="polite">
        {data.from === data.to ? data.from : `${data.from} to ${data.to}`}
      </p>
      <section className="analytics-card analytics-wide" aria-labelledby="analytics-totals">
        <h3 id="analytics-totals">{ANALYTICS_TEXTS.totals}</h3>
        <dl className="analytics-totals">
          <div>
            <dt>{ANALYTICS_TEXTS.clicks}</dt>
            <dd>{formatCount(totals.clicks)}</dd>
          </div>
          <div>
            <dt>{ANALYTICS_TEXTS.views}</dt>
            <dd>{formatCount(totals.views)}</dd>
          </div>
          <div>
            <dt>{ANALYTICS_TEXTS.clickThroughRate}</dt>
            <dd>{formatRate(totals.clickThroughRate)}</dd>
          </div>
        </dl>
        <p className="field-hint">{ANALYTICS_TEXTS.ctrExplained}</p>
      </section>

      {totals.clicks === 0 ? (
        <div className="notice analytics-empty">
          <h3>{ANALYTICS_TEXTS.empty}</h3>
          <p>{ANALYTICS_TEXTS.emptyHint}</p>
        </div>
      ) : (
        <>
          <section className="analytics-card analytics-wide" aria-labelledby="analytics-per-day">
            <h3 id="analytics-per-day">{ANALYTICS_TEXTS.clicksPerDay}</h3>
            <AnalyticsDayChart days={data.days} />
          </section>
          <section className="analytics-card" aria-labelledby="analytics-top">
            <h3 id="analytics-top">{ANALYTICS_TEXTS.topProducts}</h3>
            <AnalyticsTopProducts products={data.topProducts} />
          </section>
          <section className="analytics-card" aria-labelledby="analytics-ctr">
            <h3 id="analytics-ctr">{ANALYTICS_TEXTS.ctrByCategory}</h3>
            <AnalyticsCategoryRates categories={data.categories} />
          </section>
        </>
      )}

      <section className="analytics-card" aria-labelledby="analytics-distribution">
        <h3 id="analytics-distribution">{ANALYTICS_TEXTS.distribution}</h3>
        <AnalyticsBarChart
          title={ANALYTICS_TEXTS.distribution}
          nameLabel={ANALYTICS_TEXTS.category}
          valueLabel={ANALYTICS_TEXTS.products}
          rows={data.distribution.map((d) => ({ name: categoryName(d.category), value: d.products }))}
        />
      </section>
    </div>
  );
}
