import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../common/schemas/error';
import { alertsRunSchema, jobIdParamsSchema, jobsOverviewSchema } from '../../../common/schemas/jobs';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';
import { actorOf } from '../audit/audit-details';
import type { AlertsRunService } from './alerts-run.service';

/** The developers' one place to see the background jobs (decision 0050) and to run the due alert mails (0096). */
export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: Pick<JobQueue, 'overview' | 'retry'>; alerts: AlertsRunService }> = async (
  app,
  { jobs, alerts },
) => {
  app.get(
    '/api/admin/jobs',
    app.guard('developer', {
      schema: {
        tags: ['admin'],
        summary:
          'Every job queue with its jobs by state, the periodic ones with their last and next run, and the last failed jobs (developers)',
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

  app.post(
    '/api/admin/jobs/alerts/run',
    app.guard('developer', {
      schema: {
        tags: ['admin'],
        summary: 'Sends the due alert mails now (price drops, saved searches), as a tick of ALERTS_CRON would (developers, audited)',
        description: 'Each account still gets at most one mail a day of each kind. Answers 409 when the site has no mail server.',
        response: { 200: alertsRunSchema, 409: errorSchema },
      },
    }),
    async (request) => alerts.runDue(actorOf(request)),
  );
};
