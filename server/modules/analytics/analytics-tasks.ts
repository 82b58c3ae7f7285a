import type { FastifyBaseLogger } from 'fastify';
import { ANALYTICS_SWEEP_INTERVAL_MS } from '../../../common/analytics-constants';
import type { AnalyticsRepo } from './analytics.repo';
import { sweepAnalytics } from './analytics.service';

/**
 * Sweeps analytics now and every hour: events and daily visitors older than the retention (two years), counters whose
 * window has passed and the hashing keys of past days; once, the implied product views of clicks recorded before
 * issue 16; and the Popular order's daily recount. Safe in several processes at once (plain deletes; one process
 * claims each day's recount). Returns the function that stops the sweep.
 */
export async function startAnalyticsTasks(log: FastifyBaseLogger, repo: AnalyticsRepo): Promise<() => void> {
  const sweep = () =>
    sweepAnalytics(repo).then(
      (n) => {
        if (n.events > 0 || n.visitors > 0) log.info(n, 'removed analytics past their retention');
        if (n.legacyViews) log.info({ added: n.legacyViews }, 'gave the clicks recorded before product views were counted their implied views');
        if (n.popularity !== null) log.info({ changed: n.popularity }, "recounted the Popular order's clicks for the day");
      },
      (err: unknown) => log.warn({ err }, 'could not sweep analytics'),
    );
  await sweep();
  const timer = setInterval(() => void sweep(), ANALYTICS_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
