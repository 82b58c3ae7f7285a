import type { FastifyBaseLogger } from 'fastify';
import { declareJob, periodicPayload, type HandlerOf } from '../../jobs/job';
import type { CurrencyService } from './currency.service';

/**
 * The rates refresh from RATES_URL: at start and then hourly at minute 23; the service refreshes once a UTC day, a
 * failed read is tried at the next tick. Without RATES_URL the job has no handler (composition.ts).
 */
export const ratesRefreshJob = declareJob({
  name: 'rates-refresh',
  data: periodicPayload,
  atStart: true,
  cron: '23 * * * *',
});

export const ratesRefreshHandler =
  (deps: { log: FastifyBaseLogger; service: Pick<CurrencyService, 'refresh'> }): HandlerOf<typeof ratesRefreshJob> =>
  async () => {
    const outcome = await deps.service.refresh();
    if (outcome.status === 'updated') deps.log.info({ rates: outcome.count }, 'refreshed the currency rates from RATES_URL');
    if (outcome.status === 'failed')
      deps.log.warn({ reason: outcome.reason }, 'could not refresh the currency rates from RATES_URL; trying again within the hour');
  };
