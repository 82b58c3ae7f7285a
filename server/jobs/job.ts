/**
 * A background job's declaration (issue 44): its queue's name, its payload's schema and its settings (schedule,
 * workers, retries, expiry), in the job's own file beside its handler; server/jobs/jobs.ts lists every one, and the
 * job queue takes names, payloads and settings from that list (decision 0050).
 */
import { z } from 'zod';

export type JobSettings = {
  /** Jobs this process works at once (one worker each): the background lane keeps them behind visitors. */
  workers?: number | undefined;
  /** Retries of a failed job, later each time (retryDelay doubled). */
  retryLimit?: number | undefined;
  retryDelaySeconds?: number | undefined;
  /** A job still active after this long is failed (and retried if it may be): its process is taken as gone. */
  expireInSeconds?: number | undefined;
  /** Cron (UTC) for periodic tasks: one process sends each tick's job, any process works it. */
  cron?: string | undefined;
  /** A periodic task also run once when a scheduling process starts (`sendAtStart`), besides its schedule. */
  atStart?: boolean | undefined;
};

export type JobDeclaration<N extends string = string, S extends z.ZodType = z.ZodType> = JobSettings & {
  name: N;
  /** The payload: what `send` takes and what the handler is given, parsed by it. */
  data: S;
};

/** A job's declaration, its name kept as a literal type (the queue's names and payloads are typed from the list). */
export function declareJob<const N extends string, S extends z.ZodType>(declaration: JobDeclaration<N, S>): JobDeclaration<N, S> {
  return declaration;
}

/** The handler a declared job's queue runs, given its parsed payload. */
export type HandlerOf<J extends JobDeclaration> = (data: z.output<J['data']>, job: { id: string }) => Promise<void>;

/**
 * A periodic task's payload: nothing, or the schedule's mark on the runs it sends (`tick`), which are skipped while
 * the task backs off after failures (runs sent by hand never are).
 */
export const periodicPayload = z.object({
  tick: z.literal(true).optional().describe('Sent by the schedule: skipped while the task backs off'),
});
