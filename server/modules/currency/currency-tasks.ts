import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue';
import type { CurrencyService } from './currency.service';

/** Hourly, at minute 23: the first run of a UTC day refreshes the rates, a failed read is tried at the next. */
export const RATES_CHECK_CRON = '23 * * * *';

/**
 * The rates refresh from RATES_URL as a job (decision 0050): at start and then hourly; the service refreshes once
 * a UTC day. Without RATES_URL there is no such job.
 */
export function defineCurrencyJobs(
  jobs: Pick<JobQueue, 'define'>,
  log: FastifyBaseLogger,
  service: CurrencyService,
  enabled: boolean,
): void {
  if (!enabled) return;
  jobs.define({
    name: 'rates-refresh',
    atStart: true,
    cron: RATES_CHECK_CRON,
    handler: async () => {
      const outcome = await service.refresh();
      if (outcome.status === 'updated') log.info({ rates: outcome.count }, 'refreshed the currency rates from RATES_URL');
      if (outcome.status === 'failed')
        log.warn({ reason: outcome.reason }, 'could not refresh the currency rates from RATES_URL; trying again within the hour');
    },
  });
}
