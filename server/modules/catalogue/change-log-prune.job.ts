import type { FastifyBaseLogger } from 'fastify';
import { declareJob, periodicPayload, type HandlerOf } from '../../jobs/job';
import type { CatalogueRepo } from './catalogue.repo';

/**
 * How long the change log keeps which products a transaction wrote (decision 0072): a process whose search index
 * last caught up longer ago (no search for that long) compares buckets of products once instead.
 */
export const CHANGE_LOG_KEPT_MS = 60 * 60 * 1000;

/** The search index's change log pruned, at start and every quarter of an hour (minutes 4, 19, 34 and 49). */
export const changeLogPruneJob = declareJob({
  name: 'change-log-prune',
  data: periodicPayload,
  atStart: true,
  cron: '4,19,34,49 * * * *',
});

export const changeLogPruneHandler =
  (deps: { log: FastifyBaseLogger; repo: Pick<CatalogueRepo, 'pruneIndexChanges'> }): HandlerOf<typeof changeLogPruneJob> =>
  async () => {
    const n = await deps.repo.pruneIndexChanges(new Date(Date.now() - CHANGE_LOG_KEPT_MS));
    if (n > 0) deps.log.debug({ rows: n }, "pruned the search index's change log");
  };
