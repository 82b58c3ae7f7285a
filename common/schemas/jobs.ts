import { z } from 'zod';
import { apiSchemas } from './registry';

/** One queue of the job queue (server/jobs) and its jobs by state. */
export const jobQueueSchema = z
  .object({
    name: z.string(),
    created: z.number().int().describe('Waiting to be worked'),
    retry: z.number().int().describe('Failed, waiting to be tried again'),
    active: z.number().int().describe('Being worked now'),
    completed: z.number().int(),
    failed: z.number().int().describe('Failed for good (kept a week)'),
    cancelled: z.number().int(),
    failedInARow: z.number().int().describe("A periodic task's runs that failed since its last success (the last two hours)"),
    pausedUntil: z
      .string()
      .nullable()
      .describe(
        'While a periodic task keeps failing, its scheduled runs are skipped until then: a minute after one failure, doubled each time, at most an hour',
      ),
  })
  .register(apiSchemas, { id: 'JobQueue' });

export const jobFailureSchema = z
  .object({
    id: z.string(),
    queue: z.string(),
    failedAt: z.string(),
    error: z.string().describe("The job's error text"),
    data: z.string().describe("The job's data as JSON, cut at 300 characters"),
  })
  .register(apiSchemas, { id: 'JobFailure' });

export const jobRetrySchema = z
  .object({
    id: z.string(),
    queue: z.string(),
    error: z.string().describe('Why its last try failed'),
    attempt: z.number().int().describe('The try that failed (the first is 1)'),
    attempts: z.number().int().describe('How many tries it has in all'),
    nextTryAt: z.string().describe('When it is tried again: later after each failure (the delay doubles)'),
  })
  .register(apiSchemas, { id: 'JobRetry' });
export const jobScheduleSchema = z
  .object({
    name: z.string(),
    cron: z.string().describe('Five cron fields, UTC'),
    lastRunAt: z.string().nullable().describe('When a job of this queue last finished (kept a week); null: not in that time'),
    lastState: z.string().nullable().describe('completed or failed'),
    nextRunAt: z.string().nullable().describe('The next tick of the schedule (in the process that schedules)'),
  })
  .register(apiSchemas, { id: 'JobSchedule' });
export type JobSchedule = z.infer<typeof jobScheduleSchema>;

export const jobsOverviewSchema = z
  .object({
    queues: z.array(jobQueueSchema),
    failures: z.array(jobFailureSchema).describe('The last failed jobs, newest first'),
    retrying: z.array(jobRetrySchema).describe('Failed jobs waiting for their next try, soonest first'),
    schedules: z.array(jobScheduleSchema).describe('The periodic queues, with when each last ran and next runs'),
  })
  .register(apiSchemas, { id: 'JobsOverview' });
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobIdParamsSchema = z.object({ id: z.uuid({ message: 'id must be a job id' }) });

/** The alert mails sent to run now (the Jobs view's "Run due alerts now"). */
export const alertsRunSchema = z
  .object({ queued: z.array(z.string()).describe('The alert queues a job was sent to'), message: z.string() })
  .register(apiSchemas, { id: 'AlertsRun' });
export type AlertsRun = z.infer<typeof alertsRunSchema>;
