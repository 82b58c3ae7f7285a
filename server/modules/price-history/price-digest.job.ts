import type { FastifyBaseLogger } from 'fastify';
import { declareJob, periodicPayload, type HandlerOf } from '../../jobs/job';
import type { PriceAlertsService } from './price-alerts.service';

/**
 * The price digest, periodic on ALERTS_CRON (composition.ts gives the setting; every five minutes by default,
 * decision 0096): each run mails the accounts that have a drop and no digest yet this UTC day, so the first drop of a
 * day goes out at the next tick and later drops wait for the next day. Without a mail server it has no handler.
 */
export const priceDigestJob = declareJob({
  name: 'price-digest',
  data: periodicPayload,
  // A run is short (accounts already mailed today are not read); one left hanging is failed before the next ticks pile up.
  expireInSeconds: 10 * 60,
});

export const priceDigestHandler =
  (deps: { log: FastifyBaseLogger; service: Pick<PriceAlertsService, 'runDigest'> }): HandlerOf<typeof priceDigestJob> =>
  async () => {
    const outcome = await deps.service.runDigest();
    if (outcome.sent > 0 || outcome.failed > 0) deps.log.info(outcome, 'mailed the price digests');
  };
