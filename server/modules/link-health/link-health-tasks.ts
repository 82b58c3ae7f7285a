import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue';
import type { LinkHealthService } from './link-health.service';

/** Every minute a sweep checks the products due for up to 50 s (decision 0067); the budget and turns bound it. */
export const LINK_CHECKS_CRON = '* * * * *';

/**
 * The link checks as a job (decision 0050): scheduled every minute, and sent at once by Re-check now (one such job
 * within 10 s). Two sweeps at once share the hosts' turns and the budget through the database, so they stay polite.
 */
export function defineLinkHealthJobs(
  jobs: Pick<JobQueue, 'define'>,
  log: FastifyBaseLogger,
  service: Pick<LinkHealthService, 'sweep'>,
): void {
  jobs.define({
    name: 'link-checks',
    atStart: true,
    cron: LINK_CHECKS_CRON,
    expireInSeconds: 5 * 60,
    handler: async () => {
      const result = await service.sweep();
      if (result.checked + result.postponed > 0) log.info(result, 'link checks');
    },
  });
}

/** Re-check now's sweep: at most one waiting at a time. */
export function kickLinkChecks(jobs: Pick<JobQueue, 'send' | 'started'>): () => Promise<void> {
  return async () => {
    if (!jobs.started) return;
    await jobs.send('link-checks', {}, { singletonKey: 'now', singletonSeconds: 10 });
  };
}
