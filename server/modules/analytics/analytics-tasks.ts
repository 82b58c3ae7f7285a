import type { FastifyBaseLogger } from 'fastify';
import { ANALYTICS_SWEEP_INTERVAL_MS } from '../../../common/analytics-constants';
import type { AnalyticsRepo } from './analytics.repo';
import { sweepAnalytics } from './analytics.service';

/**
 * Sweeps analytics now and every hour: events older than the retention (two years) and counters whose window has
 * passed, and the Popular order's daily recount. Safe in several processes at once (plain deletes; one process
 * claims each day's recount). Returns the function that stops the sweep.
 */
export async function startAnalyticsTasks(log: FastifyBaseLogger, repo: AnalyticsRepo): Promise<() => void> {
  const sweep = () =>
    sweepAnalytics(repo).then(
      (n) => {
        if (n.events > 0) log.info(n, 'removed analytics past their retention');
        if (n.popularity !== null) log.info({ changed: n.popularity }, "recounted the Popular order's clicks for the day");
      },
      (err: unknown) => log.warn({ err }, 'could not sweep analytics'),
    );
  await sweep();
  const timer = setInterval(() => void sweep(), ANALYTICS_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
