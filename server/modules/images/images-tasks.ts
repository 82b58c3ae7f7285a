import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue';
import type { FileRemovals } from './file-removals';

/** Every ten minutes the files still to be removed are tried again (each key also waits its own backoff). */
export const FILE_REMOVAL_SWEEP_CRON = '*/10 * * * *';

/**
 * The stored files still to be removed (a deleted image's, a failed upload's), tried at start and every ten minutes
 * as a job (decision 0050) until the storage lets them go (issue 25). Removing a file twice is harmless.
 */
export function defineFileRemovalJobs(jobs: Pick<JobQueue, 'define'>, log: FastifyBaseLogger, removals: Pick<FileRemovals, 'sweep'>): void {
  jobs.define({
    name: 'file-removals',
    atStart: true,
    cron: FILE_REMOVAL_SWEEP_CRON,
    handler: async () => {
      const n = await removals.sweep();
      if (n.removed > 0) log.info(n, 'storage: removed files left behind earlier');
      else if (n.waiting > 0) log.warn(n, 'storage: files still wait to be removed');
    },
  });
}
