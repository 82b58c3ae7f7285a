import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue';
import type { AnalyticsRepo } from './analytics.repo';
import { sweepAnalytics } from './analytics.service';

/** Every hour (ANALYTICS_SWEEP_INTERVAL_MS in common/analytics-constants.ts), at minute 7. */
export const ANALYTICS_SWEEP_CRON = '7 * * * *';

/**
 * The analytics sweep as a job (decision 0050), at start and every hour: events and daily visitors older than the
 * retention (two years), counters whose window has passed and the hashing keys of past days; once, the implied
 * product views of clicks recorded before issue 16; and the Popular order's daily recount. One process works each
 * tick's job; a failure is kept in the Jobs view and the next tick runs again.
 */
export function defineAnalyticsJobs(jobs: Pick<JobQueue, 'define'>, log: FastifyBaseLogger, repo: AnalyticsRepo): void {
  jobs.define({
    name: 'analytics-sweep',
    atStart: true,
    cron: ANALYTICS_SWEEP_CRON,
    handler: async () => {
      const n = await sweepAnalytics(repo);
      if (n.events > 0 || n.visitors > 0) log.info(n, 'removed analytics past their retention');
      if (n.legacyViews)
        log.info({ added: n.legacyViews }, 'gave the clicks recorded before product views were counted their implied views');
      if (n.popularity !== null) log.info({ changed: n.popularity }, "recounted the Popular order's clicks for the day");
    },
  });
}
