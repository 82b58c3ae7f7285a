import type { FastifyBaseLogger } from 'fastify';
import { declareJob, periodicPayload, type HandlerOf } from '../../jobs/job';
import type { SavedSearchesService } from './saved-searches.service';

/**
 * The saved-search mail run (decision 0085), periodic on ALERTS_CRON like the price digest (0096; composition.ts gives
 * the setting): each run mails the accounts that have new matches and no such mail yet this UTC day. Without a mail
 * server it has no handler.
 */
export const savedSearchMailsJob = declareJob({
  name: 'saved-search-mails',
  data: periodicPayload,
  // A run reads accounts in batches and skips those mailed today; one left hanging is failed before ticks pile up.
  expireInSeconds: 10 * 60,
});

export const savedSearchMailsHandler =
  (deps: { log: FastifyBaseLogger; service: Pick<SavedSearchesService, 'runMails'> }): HandlerOf<typeof savedSearchMailsJob> =>
  async () => {
    const outcome = await deps.service.runMails();
    if (outcome.sent > 0 || outcome.failed > 0) deps.log.info(outcome, 'mailed the saved searches');
  };
