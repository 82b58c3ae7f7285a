import type { FastifyBaseLogger } from 'fastify';
import { declareJob, periodicPayload, type HandlerOf } from '../../jobs/job';
import type { JobQueue } from '../../jobs/job-queue';
import type { LinkHealthService } from './link-health.service';

/**
 * The link checks (decision 0067): every minute a sweep checks the products due for up to 50 s (the budget and the
 * hosts' turns bound it), and Re-check now sends one at once (one such job within 10 s). Two sweeps at once share the
 * hosts' turns and the budget through the database, so they stay polite.
 */
export const linkChecksJob = declareJob({
  name: 'link-checks',
  data: periodicPayload,
  atStart: true,
  cron: '* * * * *',
  expireInSeconds: 5 * 60,
});

export const linkChecksHandler =
  (deps: { log: FastifyBaseLogger; service: Pick<LinkHealthService, 'sweep'> }): HandlerOf<typeof linkChecksJob> =>
  async () => {
    const result = await deps.service.sweep();
    if (result.checked + result.postponed > 0) deps.log.info(result, 'link checks');
  };

/** Re-check now's sweep: at most one waiting at a time. */
export function kickLinkChecks(jobs: Pick<JobQueue, 'send' | 'started'>): () => Promise<void> {
  return async () => {
    if (!jobs.started) return;
    await jobs.send('link-checks', {}, { singletonKey: 'now', singletonSeconds: 10 });
  };
}
