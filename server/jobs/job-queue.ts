/**
 * The one job queue (decision 0050): pg-boss on the app's own database, PGlite or PostgreSQL, through
 * `Database.executeSql` (the same node-postgres pool the app uses, or the PGlite of the tests' thread). Services
 * `define` their queues' handlers when they are built; `start` creates the queues and starts the workers (and, in
 * main.ts's process, the cron schedules); `stop` waits for the jobs under way and stops on the app's close.
 */
import { createRequire } from 'node:module';
import cronParser from 'cron-parser';
import PgBoss from 'pg-boss';
import { inBackground } from '../db/background-lane';
import type { Database } from '../db/client';
import type { JobSettings } from './job';
import { JOBS, type JobData, type QueueName } from './jobs';

/** pg-boss's own SQL texts (the package has no export map), to know its bookkeeping statements by their text. */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

export type { JobData, QueueName } from './jobs';

export type JobHandler<N extends QueueName> = (data: JobData[N], job: { id: string }) => Promise<void>;

/**
 * A queue's handler in this process, with settings laid over its declaration's (tests use them; the app's come from
 * the job's file alone, but ALERTS_CRON's schedule).
 */
export type QueueDefinition<N extends QueueName> = JobSettings & { name: N; handler: JobHandler<N> };

/** A defined queue: its declaration's settings with the definition's over them, its handler taking the raw payload. */
type Defined = JobSettings & { name: QueueName; handler: (data: unknown, job: { id: string }) => Promise<void> };

/** Each job's handler in this process, for every job of the list (null: not worked here, for want of a setting). */
export type JobHandlers = { [N in QueueName]: JobHandler<N> | null };
/** Settings laid over some jobs' declarations in this process (a schedule from a setting). */
export type JobOverrides = { [N in QueueName]?: JobSettings };

/** Each queue's declaration (server/jobs/jobs.ts), by name. */
const DECLARED = new Map<QueueName, (typeof JOBS)[number]>(JOBS.map((job) => [job.name, job]));

export type JobQueueOptions = {
  /** Poll interval of the workers when idle; a job sent by this process wakes them at once. */
  pollingIntervalSeconds?: number | undefined;
};

export type QueueCounts = {
  name: string;
  created: number;
  retry: number;
  active: number;
  completed: number;
  failed: number;
  cancelled: number;
  /** A periodic task's runs that failed since its last success (the last two hours). */
  failedInARow: number;
  /** While a periodic task keeps failing, its scheduled runs are skipped until then (ISO time); null otherwise. */
  pausedUntil: string | null;
};
export type JobFailure = { id: string; queue: string; failedAt: string; error: string; data: string };
/** A failed job waiting for its next try: when, which try, and why the last one failed. */
export type JobRetry = { id: string; queue: string; error: string; attempt: number; attempts: number; nextTryAt: string };

/**
 * How long a periodic task that failed `failedInARow` times in a row skips its scheduled runs after its last failure
 * (issue 39: a failing task ran again at every tick, the link checks every minute): a minute, doubled at each
 * further failure, at most an hour. Runs sent by hand (Re-check now, Retry, a start) are never skipped.
 */
export function periodicPauseSeconds(failedInARow: number): number {
  if (failedInARow <= 0) return 0;
  return Math.min(PERIODIC_PAUSE_MAX_S, PERIODIC_PAUSE_FIRST_S * 2 ** (failedInARow - 1));
}
export const PERIODIC_PAUSE_FIRST_S = 60;
export const PERIODIC_PAUSE_MAX_S = 60 * 60;
/** The data of a job the cron schedule sends (periodicPayload): only those are skipped while a task is paused. */
const TICK = { tick: true } as const;
/** A periodic queue: its cron (UTC), when a job of it last finished and when the next tick is. */
export type JobSchedule = { name: string; cron: string; lastRunAt: string | null; lastState: string | null; nextRunAt: string | null };

/** The next tick of a cron expression (UTC) after `now`; null when it has none. */
export function nextTick(cron: string, now: Date): Date | null {
  try {
    return cronParser.parseExpression(cron, { tz: 'UTC', currentDate: now }).next().toDate();
  } catch {
    return null;
  }
}

const SCHEMA = 'pgboss';
const FAILURES_SHOWN = 20;
/** One-off jobs' retries wait retryDelaySeconds × 2^try (pg-boss's retryBackoff, with jitter); this when unset. */
const DEFAULT_RETRY_DELAY_S = 30;
/**
 * pg-boss 10 marks a worked job completed or failed without awaiting the statement (timgit/pg-boss#577, fixed in 11,
 * which needs Node 22): a database that does not answer then rejects with nobody listening, and an unhandled
 * rejection ends the process (issue 39). These two statements are answered at once instead, and run again later
 * until the database takes them; the job stays active meanwhile (and is expired and retried by pg-boss if it never
 * does). Decision 0081.
 */
const BOOKKEEPING = new Set([plans.completeJobs(SCHEMA), plans.failJobsById(SCHEMA)]);
/** When a job's completion or failure is written again after the database did not take it. */
export const BOOKKEEPING_RETRY_MS = [2_000, 10_000, 30_000, 60_000, 120_000, 300_000];

export function createJobQueue(
  database: Database,
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void },
  options: JobQueueOptions = {},
) {
  const definitions = new Map<QueueName, Defined>();
  const workerIds = new Map<QueueName, string[]>();
  let boss: PgBoss | null = null;
  let started: Promise<void> | null = null;

  const retries = new Set<NodeJS.Timeout>();
  /** Writes a job's completion or failure, again later while the database does not take it; never rejects. */
  async function keepBooks(text: string, values: unknown[] | undefined): Promise<{ rows: Array<Record<string, unknown>> }> {
    const attempt = async (tries: number): Promise<boolean> => {
      try {
        await database.executeSql(text, values);
        return true;
      } catch (err) {
        const delay = BOOKKEEPING_RETRY_MS[tries];
        log.warn({ err, jobs: values?.[1], retryInMs: delay ?? null }, 'job queue: could not record the end of a job');
        if (delay === undefined) return false;
        const timer = setTimeout(() => {
          retries.delete(timer);
          void attempt(tries + 1);
        }, delay);
        retries.add(timer);
        return false;
      }
    };
    const done = await attempt(0);
    // pg-boss reads the count of jobs changed; 0 when the write is still to come.
    return { rows: [{ count: done ? 1 : 0 }] };
  }

  const db: PgBoss.Db = {
    executeSql: (text, values) =>
      (BOOKKEEPING.has(text) ? keepBooks(text, values) : database.executeSql(text, values)) as Promise<{ rows: unknown[] }> as Promise<{
        rows: never[];
      }>,
  };

  async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await database.executeSql(text, values)).rows as T[];
  }

  /**
   * Each periodic queue's runs that failed since its last success (in the last two hours, archived runs included;
   * skipped ticks are not runs), and when the last of them failed.
   */
  async function failingRuns(names: string[]): Promise<Map<string, { inARow: number; lastFailedAt: Date }>> {
    if (names.length === 0) return new Map();
    const found = await rows<{ name: string; n: number; last: Date | string }>(
      `with runs as (
         select name, state::text as state, completed_on from ${SCHEMA}.job
         where name = any($1::text[]) and state in ('completed', 'failed') and completed_on > now() - interval '2 hours'
           and not (state = 'completed' and coalesce(output ? 'skipped', false))
         union all
         select name, state::text, completed_on from ${SCHEMA}.archive
         where name = any($1::text[]) and state in ('completed', 'failed') and completed_on > now() - interval '2 hours'
           and not (state = 'completed' and coalesce(output ? 'skipped', false))
       ), last_ok as (select name, max(completed_on) as at from runs where state = 'completed' group by name)
       select r.name, count(*)::int as n, max(r.completed_on) as last from runs r left join last_ok o on o.name = r.name
       where r.state = 'failed' and (o.at is null or r.completed_on > o.at) group by r.name`,
      [names],
    );
    return new Map(found.map((r) => [r.name, { inARow: Number(r.n), lastFailedAt: new Date(r.last) }]));
  }

  /** Until when a periodic task's scheduled runs are skipped; null when it may run. */
  async function pausedUntil(name: QueueName): Promise<Date | null> {
    const failing = (await failingRuns([name])).get(name);
    if (!failing) return null;
    const until = new Date(failing.lastFailedAt.getTime() + periodicPauseSeconds(failing.inARow) * 1000);
    return until.getTime() > Date.now() ? until : null;
  }

  function running(): PgBoss {
    if (!boss) throw new Error('The job queue is not started');
    return boss;
  }

  /** Sends a job of a queue with this payload; the queue's workers in this process look at once. */
  async function sendPayload(name: QueueName, data: object, sendOptions: PgBoss.SendOptions): Promise<string | null> {
    const instance = running();
    const id = await instance.send(name, data, sendOptions);
    for (const worker of workerIds.get(name) ?? []) instance.notifyWorker(worker);
    return id;
  }

  const queue = {
    /**
     * A queue's handler (and settings over its declaration's); before start. The handler is given the payload as its
     * declaration's schema parses it.
     */
    define<N extends QueueName>(definition: QueueDefinition<N>): void {
      const declared = DECLARED.get(definition.name);
      if (!declared) throw new Error(`The queue ${definition.name} is not in server/jobs/jobs.ts`);
      const { name, handler, ...settings } = definition;
      const { name: _name, data: schema, ...declaredSettings } = declared;
      // The declaration found by this name is the one whose payload is JobData[N]; TypeScript cannot tie the two.
      const parse = (data: unknown) => schema.parse(data) as JobData[N];
      definitions.set(name, { ...declaredSettings, ...settings, name, handler: (data, job) => handler(parse(data), job) });
    },

    /**
     * Every job of the list (server/jobs/jobs.ts) with its handler here (a job left out of `handlers` does not
     * compile), some with settings over their declaration's.
     */
    defineAll(handlers: JobHandlers, overrides: JobOverrides = {}): void {
      const defineOne = <N extends QueueName>(name: N) => {
        const handler = handlers[name];
        if (handler) queue.define({ ...overrides[name], name, handler });
      };
      for (const { name } of JOBS) defineOne(name);
    },

    /** The handler of a queue, to run a job's work directly (tests, and the tasks main.ts runs once at start). */
    handler<N extends QueueName>(name: N): JobHandler<N> {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`No handler for the queue ${name}`);
      return definition.handler;
    },

    /**
     * Creates the queues and starts their workers; with `schedules`, also the cron schedules. Everything pg-boss starts
     * here (its workers' polling, the jobs' handlers, maintenance and cron) runs in the background lane.
     */
    start(startOptions: { schedules?: boolean; abandonActive?: boolean } = {}): Promise<void> {
      started ??= inBackground(async () => {
        const instance = new PgBoss({
          db,
          schema: SCHEMA,
          schedule: startOptions.schedules ?? false,
          // Finished jobs are kept a week for the Jobs view, then archived and deleted by pg-boss's maintenance.
          archiveCompletedAfterSeconds: 60 * 60,
          deleteAfterDays: 7,
        });
        instance.on('error', (err) => log.warn({ err }, 'job queue'));
        await instance.start();
        boss = instance;
        // On PGlite this process is the only one: a job still active was left by a process that stopped (a crash).
        // It is tried again now if it may be, else failed, instead of waiting for its expiry.
        if (startOptions.abandonActive) {
          await rows(
            `update ${SCHEMA}.job set state = case when retry_count < retry_limit then 'retry'::${SCHEMA}.job_state else 'failed'::${SCHEMA}.job_state end,
               retry_count = retry_count + case when retry_count < retry_limit then 1 else 0 end,
               completed_on = case when retry_count < retry_limit then null else now() end,
               output = jsonb_build_object('message', 'The server stopped while this job ran.')
             where state = 'active'`,
          );
        }
        for (const definition of definitions.values()) {
          const policy = {
            retryLimit: definition.retryLimit ?? 0,
            retryDelay: definition.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_S,
            retryBackoff: true,
            expireInSeconds: definition.expireInSeconds ?? 15 * 60,
          };
          await instance.createQueue(definition.name, { name: definition.name, ...policy });
          // A queue made by an earlier version keeps its settings otherwise (createQueue leaves an existing one).
          await instance.updateQueue(definition.name, { name: definition.name, ...policy });
          if (definition.cron && startOptions.schedules) await instance.schedule(definition.name, definition.cron, TICK, { tz: 'UTC' });
          const ids: string[] = [];
          for (let i = 0; i < (definition.workers ?? 1); i++) {
            const id: string = await instance.work<JobData[QueueName]>(
              definition.name,
              { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
              async ([job]) => {
                if (!job) return;
                try {
                  // A scheduled run of a periodic task that keeps failing is skipped while it backs off.
                  if (definition.cron && (job.data as { tick?: boolean } | null)?.tick === true) {
                    const until = await pausedUntil(definition.name);
                    if (until) return { skipped: `failing: paused until ${until.toISOString()}` };
                  }
                  await definition.handler(job.data, { id: job.id });
                } catch (err) {
                  log.error({ err, queue: definition.name, jobId: job.id }, 'job failed');
                  throw err;
                } finally {
                  // More may be waiting: fetch again at once instead of after the polling interval.
                  instance.notifyWorker(id);
                }
              },
            );
            ids.push(id);
          }
          workerIds.set(definition.name, ids);
        }
      });
      return started;
    },

    /** Stops the workers after the jobs under way (at most `timeoutMs`), and the schedules. */
    async stop(timeoutMs = 20_000): Promise<void> {
      if (!started) return;
      await started.catch(() => undefined);
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
      const instance = boss;
      boss = null;
      started = null;
      if (!instance) return;
      await new Promise<void>((resolve) => {
        instance.once('stopped', () => resolve());
        instance.stop({ graceful: true, timeout: timeoutMs, wait: true }).catch(() => resolve());
      });
    },

    get started(): boolean {
      return boss !== null;
    },

    /** Sends a job; this process's workers of the queue look at once. */
    async send<N extends QueueName>(name: N, data: JobData[N], sendOptions: PgBoss.SendOptions = {}): Promise<string | null> {
      return sendPayload(name, data, sendOptions);
    },

    /**
     * One job of each queue defined with `atStart`, unless one was sent in the last minute (another process starting
     * together). The tasks say so where they are declared (their `.job.ts` files): main.ts lists none.
     */
    async sendAtStart(): Promise<void> {
      for (const definition of definitions.values()) {
        if (!definition.atStart) continue;
        await sendPayload(definition.name, {}, { singletonKey: 'start', singletonSeconds: 60 });
      }
    },

    /** Sends many jobs of one queue in one statement. */
    async sendMany<N extends QueueName>(name: N, items: Array<JobData[N]>): Promise<void> {
      if (items.length === 0) return;
      const instance = running();
      const definition = definitions.get(name);
      await instance.insert(
        items.map((data) => ({
          name,
          data: data as object,
          retryLimit: definition?.retryLimit ?? 0,
          retryDelay: definition?.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_S,
          retryBackoff: true,
          expireInSeconds: definition?.expireInSeconds ?? 15 * 60,
        })),
      );
      for (const worker of workerIds.get(name) ?? []) instance.notifyWorker(worker);
    },

    /**
     * Which of these values of `data->>field` have a job still to do or under way: 'created' or 'retry' (waiting)
     * before 'active' when there are both.
     */
    async pending(name: QueueName, field: string, values: string[]): Promise<Map<string, 'created' | 'retry' | 'active'>> {
      if (values.length === 0) return new Map();
      const found = await rows<{ key: string; state: 'created' | 'retry' | 'active' }>(
        `select data->>$2 as key,
           coalesce(min(state::text) filter (where state in ('created', 'retry')), 'active') as state from ${SCHEMA}.job
         where name = $1 and state in ('created', 'retry', 'active') and data->>$2 = any($3::text[]) group by 1`,
        [name, field, values],
      );
      return new Map(found.map((r) => [r.key, r.state]));
    },

    /** Cancels the jobs not yet finished whose `data->>field` is `value` (an active one ends at its next check). */
    async cancelWhere(name: QueueName, field: string, value: string): Promise<number> {
      const cancelled = await rows<{ id: string }>(
        `update ${SCHEMA}.job set state = 'cancelled', completed_on = now()
         where name = $1 and state in ('created', 'retry') and data->>$2 = $3 returning id`,
        [name, field, value],
      );
      return cancelled.length;
    },

    /** Whether a queue has a handler in this process (a mail job has none without a mail server). */
    defined(name: QueueName): boolean {
      return definitions.has(name);
    },

    /**
     * The periodic queues with their schedules, and when each last finished a job (completed or failed, kept a week by
     * pg-boss): the Jobs view shows when the alert mails last ran.
     */
    async schedules(now = new Date()): Promise<JobSchedule[]> {
      const periodic = [...definitions.values()].filter((d) => d.cron);
      if (periodic.length === 0) return [];
      const last = await rows<{ name: string; at: Date | string; state: string }>(
        `select distinct on (name) name, completed_on as at, state::text as state from (
           select name, completed_on, state from ${SCHEMA}.job where name = any($1::text[]) and state in ('completed', 'failed')
           union all
           select name, completed_on, state from ${SCHEMA}.archive where name = any($1::text[]) and state in ('completed', 'failed')
         ) finished where completed_on is not null order by name, completed_on desc`,
        [periodic.map((d) => d.name)],
      );
      const byName = new Map(last.map((r) => [r.name, r]));
      return periodic
        .map((d) => {
          const found = byName.get(d.name);
          return {
            name: d.name,
            cron: d.cron ?? '',
            lastRunAt: found ? new Date(found.at).toISOString() : null,
            lastState: found?.state ?? null,
            nextRunAt: nextTick(d.cron ?? '', now)?.toISOString() ?? null,
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    /**
     * Every queue with its jobs by state (a periodic one with its failures in a row and its pause), the last failures
     * with their error text, and the failed jobs waiting for their next try, and the periodic queues' schedules (the developers' Jobs view).
     */
    async overview(): Promise<{ queues: QueueCounts[]; failures: JobFailure[]; retrying: JobRetry[]; schedules: JobSchedule[] }> {
      const counted = await rows<{ name: string; state: string; n: number }>(
        `select name, state, count(*)::int as n from ${SCHEMA}.job group by name, state
         union all select name, state, count(*)::int as n from ${SCHEMA}.archive group by name, state`,
      );
      const empty = (name: string): QueueCounts => ({
        name,
        created: 0,
        retry: 0,
        active: 0,
        completed: 0,
        failed: 0,
        cancelled: 0,
        failedInARow: 0,
        pausedUntil: null,
      });
      const queues = new Map<string, QueueCounts>([...definitions.keys()].map((name) => [name, empty(name)]));
      for (const { name, state, n } of counted) {
        if (name.startsWith('__')) continue;
        const entry = queues.get(name) ?? empty(name);
        if (isCountedState(state)) entry[state] += n;
        queues.set(name, entry);
      }
      const periodic = [...definitions.values()].filter((d) => d.cron).map((d) => d.name);
      for (const [name, failing] of await failingRuns(periodic)) {
        const entry = queues.get(name);
        if (!entry) continue;
        entry.failedInARow = failing.inARow;
        const until = failing.lastFailedAt.getTime() + periodicPauseSeconds(failing.inARow) * 1000;
        entry.pausedUntil = until > Date.now() ? new Date(until).toISOString() : null;
      }
      const waiting = await rows<{
        id: string;
        name: string;
        output: unknown;
        retry_count: number;
        retry_limit: number;
        start_after: Date | string;
      }>(
        `select id, name, output, retry_count, retry_limit, start_after from ${SCHEMA}.job where state = 'retry'
         order by start_after limit ${FAILURES_SHOWN}`,
      );
      const failed = await rows<{ id: string; name: string; completed_on: Date | string; output: unknown; data: unknown }>(
        `select id, name, completed_on, output, data from ${SCHEMA}.job where state = 'failed'
         order by completed_on desc nulls last limit ${FAILURES_SHOWN}`,
      );
      return {
        schedules: await queue.schedules(),
        queues: [...queues.values()].sort((a, b) => a.name.localeCompare(b.name)),
        failures: failed.map((f) => ({
          id: f.id,
          queue: f.name,
          failedAt: new Date(f.completed_on).toISOString(),
          error: errorText(f.output),
          data: JSON.stringify(f.data ?? {}).slice(0, 300),
        })),
        retrying: waiting.map((w) => ({
          id: w.id,
          queue: w.name,
          error: errorText(w.output),
          // The try that failed was retry_count (the first is 0); the next is one more, of retry_limit + 1 in all.
          attempt: Number(w.retry_count) + 1,
          attempts: Number(w.retry_limit) + 1,
          nextTryAt: new Date(w.start_after).toISOString(),
        })),
      };
    },

    /** Puts a failed job back to be worked again; false when there is no such failed job. */
    async retry(id: string): Promise<boolean> {
      const [job] = await rows<{ name: string }>(`select name from ${SCHEMA}.job where id = $1::uuid and state = 'failed'`, [id]);
      if (!job) return false;
      await running().retry(job.name, id);
      for (const worker of workerIds.get(job.name as QueueName) ?? []) running().notifyWorker(worker);
      return true;
    },
  };
  return queue;
}

/** The job states the Jobs view counts. */
const COUNTED_STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;
const isCountedState = (state: string): state is (typeof COUNTED_STATES)[number] => (COUNTED_STATES as readonly string[]).includes(state);

/** The message pg-boss kept of a failed job's error ({ message, stack, ... } or a value). */
function errorText(output: unknown): string {
  const value = typeof output === 'string' ? safeParse(output) : output;
  if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') return value.message.slice(0, 1000);
  return JSON.stringify(value ?? null).slice(0, 1000);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type JobQueue = ReturnType<typeof createJobQueue>;
