import type { FastifyBaseLogger } from 'fastify';
import { declareJob, periodicPayload, type HandlerOf } from '../../jobs/job';
import type { JobQueue } from '../../jobs/job-queue';
import type { GuidesService } from './guides.service';

/**
 * Scheduled guides (issue 43): a save as "scheduled" sends this job to start at the guide's time; the job publishes
 * every scheduled guide whose time has come (so one job serves guides scheduled together, and a late one catches up).
 * Every minute too: a safety net for a publish job lost with its process.
 */
export const guidePublishJob = declareJob({
  name: 'guide-publish',
  data: periodicPayload,
  cron: '* * * * *',
  atStart: true,
  retryLimit: 3,
});

export const guidePublishHandler =
  (deps: { log: FastifyBaseLogger; service: Pick<GuidesService, 'publishDue'> }): HandlerOf<typeof guidePublishJob> =>
  async () => {
    const published = await deps.service.publishDue();
    if (published > 0) deps.log.info({ published }, 'published the scheduled guides whose time came');
  };

/** Sends the publish job to run at `at` (one job per moment: saving again at the same time sends none). */
export function schedulePublishing(jobs: Pick<JobQueue, 'send' | 'started'>) {
  return async (at: Date): Promise<void> => {
    if (!jobs.started) return;
    await jobs.send('guide-publish', {}, { startAfter: at, singletonKey: `at-${at.toISOString()}` });
  };
}
