import type { FastifyBaseLogger } from 'fastify';
import { declareJob, periodicPayload, type HandlerOf } from '../../jobs/job';
import type { AnalyticsRepo } from './analytics.repo';
import { sweepAnalytics } from './analytics.service';

/**
 * The analytics sweep (decision 0018), at start and every hour at minute 7 (ANALYTICS_SWEEP_INTERVAL_MS in
 * common/analytics-constants.ts): events and daily visitors older than the retention (two years), counters whose
 * window has passed and the hashing keys of past days; once, the implied product views of clicks recorded before
 * issue 16; and the Popular order's daily recount. One process works each tick's job; a failure is kept in the Jobs
 * view and the next tick runs again.
 */
export const analyticsSweepJob = declareJob({
  name: 'analytics-sweep',
  data: periodicPayload,
  atStart: true,
  cron: '7 * * * *',
});

export const analyticsSweepHandler =
  (deps: { log: FastifyBaseLogger; repo: AnalyticsRepo }): HandlerOf<typeof analyticsSweepJob> =>
  async () => {
    const n = await sweepAnalytics(deps.repo);
    if (n.events > 0 || n.visitors > 0) deps.log.info(n, 'removed analytics past their retention');
    if (n.legacyViews)
      deps.log.info({ added: n.legacyViews }, 'gave the clicks recorded before product views were counted their implied views');
    if (n.popularity !== null) deps.log.info({ changed: n.popularity }, "recounted the Popular order's clicks for the day");
  };
