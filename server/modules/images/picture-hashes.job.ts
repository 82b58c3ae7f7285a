import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { declareJob, type HandlerOf } from '../../jobs/job';
import type { JobQueue } from '../../jobs/job-queue';
import type { Storage } from '../../storage/storage';
import type { ImagesRepo } from './images.repo';
import { HASHES_PER_JOB, hashStoredPictures } from './picture-hashes';

/**
 * Pictures stored before their hash was kept (issue 29), hashed HASHES_PER_JOB a job: sent once at start, each job
 * sends the next (after the last picture it read) while more wait, so a large gallery is read in short jobs between
 * the others. A storage that fails is asked again later each time (1, 2, 4 minutes, with jitter), not at once (issue 39).
 */
export const pictureHashesJob = declareJob({
  name: 'picture-hashes',
  data: z.object({ afterId: z.string().optional() }),
  atStart: true,
  retryLimit: 3,
  retryDelaySeconds: 60,
});

export const pictureHashesHandler =
  (deps: {
    log: FastifyBaseLogger;
    jobs: Pick<JobQueue, 'send'>;
    repo: Pick<ImagesRepo, 'unhashedAfter' | 'setHash'>;
    storage: Pick<Storage, 'get'>;
  }): HandlerOf<typeof pictureHashesJob> =>
  async (data) => {
    const result = await hashStoredPictures(deps.repo, deps.storage, HASHES_PER_JOB, data.afterId);
    if (result.hashed + result.unreadable > 0)
      deps.log.info({ hashed: result.hashed, unreadable: result.unreadable }, 'hashed stored pictures');
    if (result.more) await deps.jobs.send('picture-hashes', { afterId: result.lastId }, { singletonKey: `after:${result.lastId}` });
  };
