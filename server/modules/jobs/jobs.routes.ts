import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../common/schemas/error';
import { jobIdParamsSchema, jobsOverviewSchema } from '../../../common/schemas/jobs';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';

/** The developers' one place to see the background jobs (decision 0050). */
export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: Pick<JobQueue, 'overview' | 'retry'> }> = async (app, { jobs }) => {
  app.get(
    '/api/admin/jobs',
    app.guard('developer', {
      schema: {
        tags: ['admin'],
        summary: 'Every job queue with its jobs by state, and the last failed jobs with their error text (developers)',
        response: { 200: jobsOverviewSchema },
      },
    }),
    async () => jobs.overview(),
  );

  app.post(
    '/api/admin/jobs/:id/retry',
    app.guard('developer', {
      schema: {
        tags: ['admin'],
        summary: 'Puts a failed job back to be worked again (developers)',
        params: jobIdParamsSchema,
        response: { 200: jobsOverviewSchema, 404: errorSchema },
      },
    }),
    async (request) => {
      if (!(await jobs.retry(request.params.id)))
        throw new AppError('NOT_FOUND', 'There is no failed job with this id (it may have been retried already).');
      return jobs.overview();
    },
  );
};
