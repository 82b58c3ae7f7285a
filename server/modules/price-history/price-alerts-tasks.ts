import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue';
import type { PriceAlertsService } from './price-alerts.service';

/** Daily at 07:00 UTC: the price digest (at most one mail per account and UTC day, decided in the database). */
export const PRICE_DIGEST_CRON = '0 7 * * *';

/** The price digest as a periodic job (decision 0050); without a mail server there is no such job. */
export function definePriceAlertJobs(jobs: Pick<JobQueue, 'define'>, log: FastifyBaseLogger, service: PriceAlertsService): void {
  if (!service.available) return;
  jobs.define({
    name: 'price-digest',
    cron: PRICE_DIGEST_CRON,
    handler: async () => {
      const outcome = await service.runDigest();
      if (outcome.sent > 0 || outcome.failed > 0) log.info(outcome, 'mailed the price digests');
    },
  });
}
