import { useState } from 'react';
import { ANALYTICS_DEFAULT_RANGE_DAYS } from '../../../../common/analytics-constants';
import { ANALYTICS_TEXTS } from '../../../../common/texts/analytics';
import { lastDays, type AnalyticsPeriodTotals, type AnalyticsRange, type AnalyticsSummary } from '../../../../common/schemas/analytics';
import { LoadStatus } from '../../../components/ui/load-status';
import { reasonOf } from '../../../lib/errors';
import { useAnalytics } from '../api/get-analytics';
import { AnalyticsBarChart } from './analytics-bar-chart';
import { AnalyticsCategoryRates } from './analytics-category-rates';
import { AnalyticsAgentActivity } from './analytics-agent-activity';
import { AnalyticsChange } from './analytics-change';
import { AnalyticsDayChart } from './analytics-day-chart';
import { categoryName, countChange, formatCount, formatRate, rateChange, type Change } from './analytics-format';
import { AnalyticsPromo } from './analytics-promo';
import { AnalyticsRangeForm } from './analytics-range-form';
import { AnalyticsTopProducts } from './analytics-top-products';
import './analytics.css';

/**
 * Analytics (issues 5 and 16): how the site earns, for a period of whole UTC days against the period before:
 * outbound clicks (per agent), product views, clicks per product view, daily unique visitors, referral buttons and
 * finder views. What is counted, and how, is in decision 0018.
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

type Total = { label: string; value: string; change: Change | null };

function totalsOf(totals: AnalyticsPeriodTotals, previous: AnalyticsPeriodTotals): Total[] {
  const count = (label: string, key: 'clicks' | 'productViews' | 'visitors' | 'finderViews') => ({
    label,
    value: formatCount(totals[key]),
    change: countChange(totals[key], previous[key]),
  });
  return [
    count(ANALYTICS_TEXTS.clicks, 'clicks'),
    count(ANALYTICS_TEXTS.productViews, 'productViews'),
    {
      label: ANALYTICS_TEXTS.clickThroughRate,
      value: formatRate(totals.clickThroughRate),
      change: rateChange(totals.clickThroughRate, previous.clickThroughRate),
    },
    count(ANALYTICS_TEXTS.visitors, 'visitors'),
    count(ANALYTICS_TEXTS.views, 'finderViews'),
  ];
}

function isEmpty(t: AnalyticsPeriodTotals): boolean {
  return t.clicks + t.productViews + t.visitors + t.finderViews + t.promo.signup + t.promo.join + t.promo.copyCode === 0;
}

function Figures({ data, loading }: { data: AnalyticsSummary; loading: boolean }) {
  const { totals, previous } = data;
  return (
    <div className="analytics-figures" aria-busy={loading}>
      <p className="summary" aria-live="polite">
        {ANALYTICS_TEXTS.period(data.from, data.to)}{' '}
        <span className="analytics-compared">{ANALYTICS_TEXTS.comparedWith(ANALYTICS_TEXTS.period(previous.from, previous.to))}</span>
      </p>
      <section className="analytics-card analytics-wide" aria-labelledby="analytics-totals">
        <h3 id="analytics-totals">{ANALYTICS_TEXTS.totals}</h3>
        <dl className="analytics-totals">
          {totalsOf(totals, previous).map((t) => (
            <div key={t.label}>
              <dt>{t.label}</dt>
              <dd>
                <span className="analytics-total-value">{t.value}</span> <AnalyticsChange change={t.change} />
              </dd>
            </div>
          ))}
        </dl>
        <p className="field-hint">{ANALYTICS_TEXTS.ctrExplained}</p>
        <p className="field-hint">{ANALYTICS_TEXTS.visitorsExplained}</p>
      </section>

      {isEmpty(totals) ? (
        <div className="notice analytics-empty">
          <h3>{ANALYTICS_TEXTS.empty}</h3>
          <p>{ANALYTICS_TEXTS.emptyHint}</p>
        </div>
      ) : (
        <>
          <section className="analytics-card" aria-labelledby="analytics-agents">
            <h3 id="analytics-agents">{ANALYTICS_TEXTS.clicksPerAgent}</h3>
            <AnalyticsBarChart
              title={ANALYTICS_TEXTS.clicksPerAgent}
              nameLabel={ANALYTICS_TEXTS.agent}
              valueLabel={ANALYTICS_TEXTS.clicks}
              rows={data.agents.map((a) => ({ name: a.agent === null ? ANALYTICS_TEXTS.storeLink : (a.name ?? a.agent), value: a.clicks }))}
            />
          </section>
          <section className="analytics-card" aria-labelledby="analytics-promo">
            <h3 id="analytics-promo">{ANALYTICS_TEXTS.promoButtons}</h3>
            <AnalyticsPromo totals={totals} previous={previous} />
            <p className="field-hint">{ANALYTICS_TEXTS.promoExplained}</p>
          </section>
          <section className="analytics-card analytics-wide" aria-labelledby="analytics-per-day">
            <h3 id="analytics-per-day">{ANALYTICS_TEXTS.clicksPerDay}</h3>
            <AnalyticsDayChart
              title={ANALYTICS_TEXTS.clicksPerDay}
              days={data.days}
              value={{ label: ANALYTICS_TEXTS.clicks, value: (d) => d.clicks }}
              more={[{ label: ANALYTICS_TEXTS.productViews, value: (d) => d.productViews }]}
            />
          </section>
          <section className="analytics-card analytics-wide" aria-labelledby="analytics-visitors">
            <h3 id="analytics-visitors">{ANALYTICS_TEXTS.visitorsPerDay}</h3>
            <AnalyticsDayChart
              title={ANALYTICS_TEXTS.visitorsPerDay}
              days={data.days}
              value={{ label: ANALYTICS_TEXTS.visitors, value: (d) => d.visitors }}
              more={[{ label: ANALYTICS_TEXTS.views, value: (d) => d.finderViews }]}
            />
          </section>
          <section className="analytics-card analytics-wide" aria-labelledby="analytics-top">
            <h3 id="analytics-top">{ANALYTICS_TEXTS.topProducts}</h3>
            <AnalyticsTopProducts products={data.topProducts} />
          </section>
          <section className="analytics-card" aria-labelledby="analytics-ctr">
            <h3 id="analytics-ctr">{ANALYTICS_TEXTS.ctrByCategory}</h3>
            <AnalyticsCategoryRates categories={data.categories} />
            <p className="field-hint">{ANALYTICS_TEXTS.categoriesNow}</p>
          </section>
        </>
      )}

      {data.agentActivity.length > 0 && <AnalyticsAgentActivity rows={data.agentActivity} />}

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
