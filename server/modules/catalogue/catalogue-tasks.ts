import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue';
import type { CatalogueRepo } from './catalogue.repo';

/** Every quarter of an hour, at minutes 4, 19, 34 and 49. */
export const CHANGE_LOG_PRUNE_CRON = '4,19,34,49 * * * *';
/**
 * How long the change log keeps which products a transaction wrote (decision 0072): a process whose search index
 * last caught up longer ago (no search for that long) compares buckets of products once instead.
 */
export const CHANGE_LOG_KEPT_MS = 60 * 60 * 1000;

/** The search index's change log pruned as a job (decision 0050), at start and every quarter of an hour. */
export function defineChangeLogJob(
  jobs: Pick<JobQueue, 'define'>,
  log: FastifyBaseLogger,
  repo: Pick<CatalogueRepo, 'pruneIndexChanges'>,
): void {
  jobs.define({
    name: 'change-log-prune',
    atStart: true,
    cron: CHANGE_LOG_PRUNE_CRON,
    handler: async () => {
      const n = await repo.pruneIndexChanges(new Date(Date.now() - CHANGE_LOG_KEPT_MS));
      if (n > 0) log.debug({ rows: n }, "pruned the search index's change log");
    },
  });
}
