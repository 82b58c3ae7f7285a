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

export const jobsOverviewSchema = z
  .object({ queues: z.array(jobQueueSchema), failures: z.array(jobFailureSchema).describe('The last failed jobs, newest first') })
  .register(apiSchemas, { id: 'JobsOverview' });
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobIdParamsSchema = z.object({ id: z.uuid({ message: 'id must be a job id' }) });
