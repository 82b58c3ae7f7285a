import type { FastifyBaseLogger } from 'fastify';
import { declareJob, periodicPayload, type HandlerOf } from '../../jobs/job';
import type { FileRemovals } from './file-removals';

/**
 * The stored files still to be removed (a deleted image's, a failed upload's), tried at start and every ten minutes
 * until the storage lets them go (issue 25; each key also waits its own backoff). Removing a file twice is harmless.
 */
export const fileRemovalsJob = declareJob({
  name: 'file-removals',
  data: periodicPayload,
  atStart: true,
  cron: '*/10 * * * *',
});

export const fileRemovalsHandler =
  (deps: { log: FastifyBaseLogger; removals: Pick<FileRemovals, 'sweep'> }): HandlerOf<typeof fileRemovalsJob> =>
  async () => {
    const n = await deps.removals.sweep();
    if (n.removed > 0) deps.log.info(n, 'storage: removed files left behind earlier');
    else if (n.waiting > 0) deps.log.warn(n, 'storage: files still wait to be removed');
  };
