/**
 * The one job queue (decision 0050): pg-boss on the app's own database, PGlite or PostgreSQL, through
 * `Database.executeSql` (the same node-postgres pool the app uses, or the PGlite of the tests' thread). Services
 * `define` their queues' handlers when they are built; `start` creates the queues and starts the workers (and, in
 * main.ts's process, the cron schedules); `stop` waits for the jobs under way and stops on the app's close.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** Every queue, by name. Data of each queue's jobs: JobData below. */
export const QUEUES = {
  importRows: 'import-rows',
  importPictures: 'import-pictures',
  sessionsSweep: 'sessions-sweep',
  analyticsSweep: 'analytics-sweep',
  ratesRefresh: 'rates-refresh',
  fileRemovals: 'file-removals',
  productSources: 'product-sources',
  sheetSyncs: 'sheet-syncs',
  pictureHashes: 'picture-hashes',
  priceDigest: 'price-digest',
  linkChecks: 'link-checks',
  changeLogPrune: 'change-log-prune',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type PictureItem = { url: string; row: number; products: string[] };
export type JobData = {
  'import-rows': { importId: string };
  'import-pictures': { importId: string; items: PictureItem[] };
  'sessions-sweep': Record<string, never>;
  'analytics-sweep': Record<string, never>;
  'rates-refresh': Record<string, never>;
  'file-removals': Record<string, never>;
  'sheet-syncs': Record<string, never>;
  'product-sources': Record<string, never>;
  'picture-hashes': { afterId?: string };
  'price-digest': Record<string, never>;
  'link-checks': Record<string, never>;
  'change-log-prune': Record<string, never>;
};

export type JobHandler<N extends QueueName> = (data: JobData[N], job: { id: string }) => Promise<void>;

export type QueueDefinition<N extends QueueName> = {
  name: N;
  handler: JobHandler<N>;
  /** Jobs this process works at once (one worker each). */
  workers?: number;
  /** Retries of a failed job, later each time (retryDelay doubled). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job still active after this long is failed (and retried if it may be): its process is taken as gone. */
  expireInSeconds?: number;
  /** Cron (UTC) for periodic tasks: one process sends each tick's job, any process works it. */
  cron?: string;
  /** A periodic task also run once when a scheduling process starts (`sendAtStart`), besides its schedule. */
  atStart?: boolean;
};

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
};
export type JobFailure = { id: string; queue: string; failedAt: string; error: string; data: string };

const SCHEMA = 'pgboss';
const FAILURES_SHOWN = 20;

export function createJobQueue(
  database: Database,
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void },
  options: JobQueueOptions = {},
) {
  const definitions = new Map<QueueName, QueueDefinition<QueueName>>();
  const workerIds = new Map<QueueName, string[]>();
  let boss: PgBoss | null = null;
  let started: Promise<void> | null = null;

  const db: PgBoss.Db = {
    executeSql: (text, values) => database.executeSql(text, values) as Promise<{ rows: unknown[] }> as Promise<{ rows: never[] }>,
  };

  async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await database.executeSql(text, values)).rows as T[];
  }

  function running(): PgBoss {
    if (!boss) throw new Error('The job queue is not started');
    return boss;
  }

  const queue = {
    /** A queue's handler and settings; before start. */
    define<N extends QueueName>(definition: QueueDefinition<N>): void {
      definitions.set(definition.name, definition as unknown as QueueDefinition<QueueName>);
    },

    /** The handler of a queue, to run a job's work directly (tests, and the tasks main.ts runs once at start). */
    handler<N extends QueueName>(name: N): JobHandler<N> {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`No handler for the queue ${name}`);
      return definition.handler as unknown as JobHandler<N>;
    },

    /** Creates the queues and starts their workers; with `schedules`, also the cron schedules. */
    start(startOptions: { schedules?: boolean; abandonActive?: boolean } = {}): Promise<void> {
      started ??= (async () => {
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
          await instance.createQueue(definition.name, {
            name: definition.name,
            retryLimit: definition.retryLimit ?? 0,
            retryDelay: definition.retryDelaySeconds ?? 5,
            retryBackoff: (definition.retryLimit ?? 0) > 0,
            expireInSeconds: definition.expireInSeconds ?? 15 * 60,
          });
          if (definition.cron && startOptions.schedules) await instance.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
          const ids: string[] = [];
          for (let i = 0; i < (definition.workers ?? 1); i++) {
            const id: string = await instance.work<JobData[QueueName]>(
              definition.name,
              { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
              async ([job]) => {
                if (!job) return;
                try {
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
      })();
      return started;
    },

    /** Stops the workers after the jobs under way (at most `timeoutMs`), and the schedules. */
    async stop(timeoutMs = 20_000): Promise<void> {
      if (!started) return;
      await started.catch(() => undefined);
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
      const instance = running();
      const id = await instance.send(name, data as object, sendOptions);
      for (const worker of workerIds.get(name) ?? []) instance.notifyWorker(worker);
      return id;
    },

    /**
     * One job of each queue defined with `atStart`, unless one was sent in the last minute (another process starting
     * together). The tasks say so where they are defined: main.ts lists none.
     */
    async sendAtStart(): Promise<void> {
      for (const definition of definitions.values()) {
        if (!definition.atStart) continue;
        await queue.send(definition.name, {} as JobData[typeof definition.name], { singletonKey: 'start', singletonSeconds: 60 });
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
          retryDelay: definition?.retryDelaySeconds ?? 5,
          retryBackoff: (definition?.retryLimit ?? 0) > 0,
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

    /** Every queue with its jobs by state, and the last failures with their error text (the developers' Jobs view). */
    async overview(): Promise<{ queues: QueueCounts[]; failures: JobFailure[] }> {
      const counted = await rows<{ name: string; state: string; n: number }>(
        `select name, state, count(*)::int as n from ${SCHEMA}.job group by name, state
         union all select name, state, count(*)::int as n from ${SCHEMA}.archive group by name, state`,
      );
      const queues = new Map<string, QueueCounts>(
        [...definitions.keys()].map((name) => [name, { name, created: 0, retry: 0, active: 0, completed: 0, failed: 0, cancelled: 0 }]),
      );
      for (const { name, state, n } of counted) {
        if (name.startsWith('__')) continue;
        const entry = queues.get(name) ?? { name, created: 0, retry: 0, active: 0, completed: 0, failed: 0, cancelled: 0 };
        const counts = entry as unknown as Record<string, number>;
        if (state !== 'name' && state in counts) counts[state] = (counts[state] ?? 0) + n;
        queues.set(name, entry);
      }
      const failed = await rows<{ id: string; name: string; completed_on: Date | string; output: unknown; data: unknown }>(
        `select id, name, completed_on, output, data from ${SCHEMA}.job where state = 'failed'
         order by completed_on desc nulls last limit ${FAILURES_SHOWN}`,
      );
      return {
        queues: [...queues.values()].sort((a, b) => a.name.localeCompare(b.name)),
        failures: failed.map((f) => ({
          id: f.id,
          queue: f.name,
          failedAt: new Date(f.completed_on).toISOString(),
          error: errorText(f.output),
          data: JSON.stringify(f.data ?? {}).slice(0, 300),
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
