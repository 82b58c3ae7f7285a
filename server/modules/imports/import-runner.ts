/**
 * An import's background run (issue 44; decision 0050): the rows phase (categories, then rows in batches, Cancel
 * between them), then the pictures phase (jobs of PICTURES_PER_JOB addresses, a few at a time, per-host back-off);
 * the lease a running import's process keeps, and the recovery of imports no process runs any more. The use cases
 * (imports.service.ts) start, cancel and undo runs through it; the job queue works its two jobs
 * (import-rows.job.ts, import-pictures.job.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../../common/admin-constants';
import { IMPORT_MAX_STORED_ERRORS } from '../../../common/import-columns';
import { columnsOf } from '../../../common/import-mapping';
import type { ImportRowError } from '../../../common/schemas/imports';
import { ADMIN_TEXTS } from '../../../common/texts/admin';
import type { Database } from '../../db/client';
import type { ChangeLimit, Transact } from '../../db/unit-of-work';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';
import { StorageError, type Storage } from '../../storage/storage';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { CategoriesRepo } from '../categories/categories.repo';
import type { ChangesRepo } from '../changes/changes.repo';
import type { FileRemovals } from '../images/file-removals';
import { imageKeys, prepareImage, removeImageFiles, storePreparedImage } from '../images/image-files';
import type { ImagesRepo } from '../images/images.repo';
import { plural } from './import-answers';
import type { PictureItem } from './import-pictures.job';
import {
  HostBackoff,
  hostNotAsked,
  hostOf,
  isTransient,
  nameFromUrl,
  PICTURE_CONCURRENCY,
  PICTURE_FETCH_TIMEOUT_MS,
  PICTURE_RETRY_DELAYS_MS,
  PICTURES_PER_JOB,
} from './import-pictures';
import type { ImportResult, ImportRow, ImportsRepo } from './imports.repo';
import { fetchLimited } from './safe-fetch';

/** The most rows written per transaction: the progress bar moves between them, and Cancel stops between them. */
export const IMPORT_BATCH_ROWS = 2000;
/** Batches are made of steps of this many rows; a batch is one step at least. */
export const IMPORT_BATCH_STEP_ROWS = 100;
/**
 * How long a batch's transaction should hold its connection (issue 39). On the embedded database a visitor's request
 * that arrives while a batch is written waits for it: batches of 2,000 rows held PGlite's one connection for 0.6 to
 * 1 s on a busy machine, and /api/health's p99 followed. Each batch is sized from the last one's time (the database's
 * answer, not the row count), so a busy machine writes smaller batches and an idle one larger ones; on the embedded
 * database, short ones while visitors crowd the connection (background work had to take its share in the last
 * VISITORS_ABOUT_MS: each visitor then also waits for the others), longer ones while a few are about (a visitor's
 * statement in the last VISITORS_ABOUT_MS: one meets one batch at most), and up to the most rows when none are (a
 * batch's own cost per transaction then counts: 100 ms batches took 100,000 rows five times as long as 2,000-row ones
 * on an idle machine, and half as long again as 250 ms ones with /api/health asked every 250 ms).
 */
export const IMPORT_BATCH_TARGET_MS = { pglite: { crowded: 100, visitors: 250, quiet: 1000 }, postgres: 1000 } as const;
/** Visitors are about when one of their statements ended this recently. */
export const VISITORS_ABOUT_MS = 1000;

/**
 * The batch target for a database: PostgreSQL's (background work has connections of its own there), or, given the
 * embedded database's clock of visitors (Database.sinceVisitorMs), the one for the moment each batch starts.
 */
export function importBatchTargetMs(clock: Pick<Database, 'sinceVisitorMs' | 'sinceCrowdedMs'>): number | (() => number) {
  const { sinceVisitorMs, sinceCrowdedMs } = clock;
  if (!sinceVisitorMs) return IMPORT_BATCH_TARGET_MS.postgres;
  const { crowded, visitors, quiet } = IMPORT_BATCH_TARGET_MS.pglite;
  return () => {
    if ((sinceCrowdedMs?.() ?? Infinity) < VISITORS_ABOUT_MS) return crowded;
    return sinceVisitorMs() < VISITORS_ABOUT_MS ? visitors : quiet;
  };
}

/**
 * The next batch's steps, from the last batch's steps and the time its transaction took: scaled to the target, at most
 * twice as many as the last (one quick batch says little), at least one, at most `most`.
 */
export function nextBatchSteps(steps: number, tookMs: number, targetMs: number, most: number): number {
  const scaled = Math.floor((steps * targetMs) / Math.max(1, tookMs));
  return Math.max(1, Math.min(most, steps * 2, scaled));
}
/** A running import's process touches it this often (the lease) ... */
const LEASE_TOUCH_MS = 5000;
/** ... so one silent for longer lost its process (a crash): Cancel ends it at once, a read fails it. */
const STALE_IMPORT_MS = 30_000;
/** How often a picture job looks whether its import was cancelled or undone meanwhile. */
const STATUS_CHECK_MS = 2000;

/** The repos an import's changes use, each on the unit of work's transaction (server/db/unit-of-work.ts). */
export type ImportsUnitOfWork = {
  transaction: Transact<{ changes: ChangesRepo; audit: AuditRepo; imports: ImportsRepo; categories: CategoriesRepo; images: ImagesRepo }>;
  limit: ChangeLimit;
};

export type ImportRunnerDeps = {
  repo: ImportsRepo;
  unitOfWork: ImportsUnitOfWork;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Removes what a failed image fetch stored; what the storage keeps is tried again later (issue 25). */
  removals?: Pick<FileRemovals, 'removeOrNote'> | undefined;
  /** IMPORT_ALLOW_PRIVATE_HOSTS. */
  allowPrivateHosts: boolean;
  /** The most rows per batch (tests make it small to see progress and Cancel between batches). */
  batchRows?: number | undefined;
  /** How long a batch's transaction should take (importBatchTargetMs: a figure, or one read as each batch starts). */
  batchTargetMs?: number | (() => number) | undefined;
  /** About how many rows a preview matches per statement (MATCH_PART_ROWS; tests make it small to have many parts). */
  matchPartRows?: number | undefined;
  /** The job queue that runs the rows and the pictures (app); without it they run in this process (unit tests). */
  jobs?: JobQueue | undefined;
};

/** The import's actor as the audit log names it. */
const actorOf = (row: ImportRow): Actor => ({ id: row.actorId, email: row.actorEmail });

export function createImportRunner(deps: ImportRunnerDeps) {
  const { repo, unitOfWork, storage, log } = deps;
  const batchRows = deps.batchRows ?? IMPORT_BATCH_ROWS;
  const step = Math.min(batchRows, IMPORT_BATCH_STEP_ROWS);
  const mostSteps = Math.max(1, Math.floor(batchRows / step));
  const batchTarget = deps.batchTargetMs ?? IMPORT_BATCH_TARGET_MS.pglite.visitors;
  const batchTargetMs = typeof batchTarget === 'function' ? batchTarget : () => batchTarget;
  /** Imports whose rows phase runs in this process; in-memory runs (no job queue: unit tests); hosts per import. */
  const runningHere = new Set<string>();
  const inMemory = new Set<Promise<void>>();
  const backoffs = new Map<string, HostBackoff>();
  let closing = false;

  /** Ends a running import once, with its audit entry (what it did, in the same transaction). */
  async function end(row: ImportRow, status: 'succeeded' | 'failed' | 'cancelled', changes: Partial<ImportResult>): Promise<boolean> {
    backoffs.delete(row.id);
    return unitOfWork.transaction(async ({ imports, audit }) => {
      const result = await imports.end(row.id, status, changes);
      if (!result) return false;
      const details = {
        importId: row.id,
        changeId: row.changeId,
        source: row.source,
        created: result.created ?? 0,
        updated: result.updated ?? 0,
        skipped: result.skipped ?? 0,
        imagesFetched: result.imagesFetched ?? 0,
        imageFailures: result.pictures?.failed ?? result.imageFailures?.length ?? 0,
        message: result.message ?? null,
      };
      await audit.record({
        action: 'product-import',
        subject: row.source,
        actor: actorOf(row),
        details,
        status: status === 'succeeded' ? 'succeeded' : 'failed',
      });
      return true;
    });
  }

  /** The rows phase: categories, then the rows in batches (Cancel between them), then the pictures' jobs. */
  async function runRows(id: string): Promise<void> {
    const row = await repo.find(id);
    if (!row || row.status !== 'running' || row.result.rowsDone) return;
    const changeId = row.changeId ?? '';
    // What the preview flagged and the commit chose stay with the import (issue 40).
    const { oddPrices, noLink, choices, derived, categories } = row.result;
    const result: ImportResult = {
      created: 0,
      updated: 0,
      skipped: 0,
      imagesFetched: 0,
      imageFailures: [],
      message: null,
      undo: null,
      ...(oddPrices ? { oddPrices } : {}),
      ...(noLink ? { noLink } : {}),
      ...(choices ? { choices } : {}),
      ...(derived ? { derived } : {}),
      ...(categories ? { categories } : {}),
    };
    let status: 'succeeded' | 'failed' | 'cancelled' = 'succeeded';
    runningHere.add(id);
    // Its runner named at once, so a crash of this process is known as soon as its connections are gone.
    await repo.touch(id);
    // The lease: a running import is touched every few seconds, so one silent for longer lost its process.
    const lease = setInterval(() => void repo.touch(id).catch(() => undefined), LEASE_TOUCH_MS);
    lease.unref();
    try {
      try {
        // The categories module's table, through its repo.
        await unitOfWork.transaction(({ categories: list }) => list.addAtEnd(row.newCategories));
        let after = 0;
        const ends = await repo.batchEnds(id, step);
        // The first batch is small: its time sizes the next ones.
        let steps = 1;
        for (let i = 0; i < ends.length;) {
          if (closing || (await repo.heartbeat(id, result))) {
            status = closing ? 'failed' : 'cancelled';
            result.message = closing ? 'The server stopped before the import finished; what it wrote can be undone.' : 'Cancelled.';
            break;
          }
          const last = ends[Math.min(ends.length, i + steps) - 1] ?? after;
          // One transaction a batch, under the change limit: PGlite's one connection is free between them. Timed from
          // inside the transaction: a wait for the connection (visitors first) is not the batch's cost.
          let tookMs = 0;
          const done = await unitOfWork.transaction(async ({ imports }) => {
            const started = performance.now();
            const written = await imports.writeBatch(id, changeId, after, last);
            tookMs = performance.now() - started;
            return written;
          }, unitOfWork.limit);
          result.created += done.created;
          result.updated += done.updated;
          result.skipped += done.skipped;
          after = last;
          i += steps;
          steps = nextBatchSteps(steps, tookMs, batchTargetMs(), mostSteps);
        }
        if (status === 'succeeded') {
          const items = await repo.pictureItems(id, changeId);
          if (items.length > 0) {
            const rowsDone = { ...result, rowsDone: true, pictures: { total: items.length, fetched: 0, failed: 0 } };
            await unitOfWork.transaction(async ({ imports }) => {
              await imports.notePictureSources(items);
              await imports.finishRows(id, rowsDone);
            });
            const chunks: PictureItem[][] = [];
            for (let i = 0; i < items.length; i += PICTURES_PER_JOB) chunks.push(items.slice(i, i + PICTURES_PER_JOB));
            await enqueuePictures(id, chunks);
            return;
          }
        }
      } catch (err) {
        status = 'failed';
        const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
        result.message = `The import stopped: ${(cause instanceof Error ? cause.message : String(cause)).slice(0, 300)}`;
        log.error({ err, importId: id }, 'import failed');
      }
      await end(row, status, result);
    } finally {
      clearInterval(lease);
      runningHere.delete(id);
    }
  }

  function backoffFor(row: ImportRow): HostBackoff {
    let backoff = backoffs.get(row.id);
    if (!backoff) {
      backoff = new HostBackoff(row.result.deadHosts ?? []);
      backoffs.set(row.id, backoff);
    }
    for (const host of row.result.deadHosts ?? []) backoff.markDead(host);
    return backoff;
  }

  /**
   * One picture job: each address fetched (or reused when stored before) and given to the products still without a
   * picture; a host given up is not asked; counts added to the import, which ends when every picture is done.
   */
  async function runPictures(id: string, items: PictureItem[]): Promise<void> {
    const row = await repo.find(id);
    if (!row || row.status !== 'running') return;
    const column = columnsOf(row.mapping).image?.[0] ?? 'image';
    const backoff = backoffFor(row);
    const known = await unitOfWork.transaction(({ images }) => images.storedBySource(items.map((i) => i.url)));
    const failures: ImportRowError[] = [];
    const fail = (item: PictureItem, message: string) =>
      failures.push({ row: item.row, column, message: `${item.url.slice(0, 200)}: ${message}` });
    let fetched = 0;
    let stopped = false;
    let checkedAt = Date.now();
    const one = async (item: PictureItem): Promise<void> => {
      const stored = known.get(item.url);
      if (stored) {
        await repo.setPicture(id, item.products, stored);
        fetched += 1;
        return;
      }
      const host = hostOf(item.url);
      for (let attempt = 1; ; attempt++) {
        if (backoff.isDead(host)) return void fail(item, hostNotAsked(host));
        try {
          const answer = await fetchLimited(item.url, {
            maxBytes: MAX_UPLOAD_BYTES,
            timeoutMs: PICTURE_FETCH_TIMEOUT_MS,
            allowPrivate: deps.allowPrivateHosts,
          });
          backoff.succeeded(host);
          const prepared = await prepareImage(nameFromUrl(answer.url), answer.body);
          const file = await storePreparedImage(storage, prepared);
          try {
            // The images module's table, through its repo.
            await unitOfWork.transaction(({ images }) => images.insertFetched(file, item.url));
          } catch (err) {
            if (deps.removals) await deps.removals.removeOrNote(imageKeys(prepared.fileName));
            else await removeImageFiles(storage, prepared.fileName).catch(() => undefined);
            throw err;
          }
          await repo.setPicture(id, item.products, file.url);
          fetched += 1;
          return;
        } catch (err) {
          const transient = isTransient(err);
          if (transient && backoff.failed(host)) await repo.addDeadHost(id, host).catch(() => undefined);
          const delay = PICTURE_RETRY_DELAYS_MS[attempt - 1];
          if (!transient || delay === undefined || closing) {
            const message =
              err instanceof AppError
                ? err.message
                : err instanceof StorageError
                  ? ADMIN_TEXTS.storageUnavailable
                  : 'The image could not be fetched.';
            return void fail(item, message);
          }
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    };
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item && !stopped && !closing; item = queue.shift()) {
        if (Date.now() - checkedAt > STATUS_CHECK_MS) {
          checkedAt = Date.now();
          const now = await repo.find(id);
          if (!now || now.status !== 'running') stopped = true;
          else for (const host of now.result.deadHosts ?? []) backoff.markDead(host);
          if (stopped) break;
        }
        await one(item);
      }
    };
    await Promise.all(Array.from({ length: PICTURE_CONCURRENCY }, worker));
    // The job is tried again by the next process: what it stored is reused then, so nothing is counted twice.
    if (closing && queue.length > 0)
      throw new Error('The server stopped before these pictures were fetched; they are fetched again later.');
    if (stopped) return;
    const counted = await repo.addPictureResults(id, fetched, failures, IMPORT_MAX_STORED_ERRORS);
    if (counted?.done && counted.status === 'running') await end(row, 'succeeded', {});
  }

  /** Runs work in this process (no job queue: unit tests), kept until it settles so close() can wait for it. */
  function inThisProcess(id: string, what: string, work: () => Promise<void>): void {
    const run = work()
      .catch((err: unknown) => log.error({ err, importId: id }, what))
      .finally(() => inMemory.delete(run));
    inMemory.add(run);
  }

  /** The rows phase of a claimed import: its job, or a run in this process. */
  async function enqueueRows(id: string): Promise<void> {
    if (deps.jobs) await deps.jobs.send('import-rows', { importId: id }, { singletonKey: id });
    else inThisProcess(id, 'import job failed', () => runRows(id));
  }

  async function enqueuePictures(id: string, chunks: PictureItem[][]): Promise<void> {
    if (deps.jobs)
      await deps.jobs.sendMany(
        'import-pictures',
        chunks.map((items) => ({ importId: id, items })),
      );
    else
      inThisProcess(id, 'import pictures failed', async () => {
        for (const items of chunks) await runPictures(id, items);
      });
  }

  /** No process is running it: a rows phase silent past the lease whose job is not waiting, or pictures with no job. */
  async function orphans(rows: ImportRow[], atStart: boolean): Promise<ImportRow[]> {
    const ids = rows.filter((r) => !runningHere.has(r.id)).map((r) => r.id);
    if (ids.length === 0) return [];
    const rowJobs = deps.jobs?.started ? await deps.jobs.pending('import-rows', 'importId', ids) : new Map<string, string>();
    const pictureJobs = deps.jobs?.started ? await deps.jobs.pending('import-pictures', 'importId', ids) : new Map<string, string>();
    const now = Date.now();
    // A runner whose process is gone (PostgreSQL: none of its connections is left) is known at once (issue 39).
    const gone = await repo.runnersGone(rows.flatMap((r) => (r.runner !== null && !runningHere.has(r.id) ? [r.runner] : [])));
    return rows.filter((r) => {
      if (runningHere.has(r.id)) return false;
      const silent =
        atStart ||
        (r.runner !== null && gone.has(r.runner)) ||
        now - (r.heartbeatAt ?? r.startedAt ?? r.createdAt).getTime() > STALE_IMPORT_MS;
      if (!r.result.rowsDone) {
        const job = rowJobs.get(r.id);
        if (job === 'created' || job === 'retry') return false;
        return silent && (deps.jobs ? true : inMemory.size === 0);
      }
      if (!deps.jobs) return false;
      const job = pictureJobs.get(r.id);
      return job === undefined || (job === 'active' && atStart);
    });
  }

  /** Ends the imports no process runs: failed in the rows phase (what they wrote can be undone), else done. */
  async function recover(atStart = false): Promise<void> {
    const rows = await repo.running();
    if (rows.length === 0) return;
    for (const row of await orphans(rows, atStart)) {
      if (!row.result.rowsDone) {
        await end(row, 'failed', { message: 'The server stopped while this import ran; what it wrote can be undone.' });
      } else {
        const pictures = row.result.pictures ?? { total: 0, fetched: 0, failed: 0 };
        const left = Math.max(0, pictures.total - pictures.fetched - pictures.failed);
        await end(row, 'succeeded', {
          message: left > 0 ? `${plural(left, 'picture was', 'pictures were')} not fetched: the server stopped first.` : null,
        });
      }
    }
  }

  /** The pictures not fetched yet are left out (their jobs cancelled); a job under way stops at its next check. */
  async function dropPictures(id: string): Promise<void> {
    await deps.jobs?.cancelWhere('import-pictures', 'importId', id);
  }

  /**
   * Stops a running import: in its pictures phase the pictures not fetched yet are left out at once; in its rows
   * phase it ends at once when its job is still waiting or no process runs it (a crash), else its process stops it
   * between batches.
   */
  async function cancel(row: ImportRow): Promise<void> {
    const id = row.id;
    if (row.result.rowsDone) {
      await dropPictures(id);
      await end(row, 'cancelled', {
        message: 'Cancelled: the pictures not fetched by then were left out; the products are there without them.',
      });
      return;
    }
    const waiting = deps.jobs ? (await deps.jobs.pending('import-rows', 'importId', [id])).get(id) : undefined;
    const orphaned = waiting !== 'created' && waiting !== 'retry' && (await orphans([row], false)).length > 0;
    if (waiting === 'created' || waiting === 'retry' || orphaned) {
      await deps.jobs?.cancelWhere('import-rows', 'importId', id);
      await end(row, 'cancelled', {
        message: orphaned ? 'Cancelled: no process was running it; what it wrote can be undone.' : 'Cancelled.',
      });
    } else await repo.requestCancel(id);
  }

  return {
    runRows,
    runPictures,
    enqueueRows,
    recover,
    cancel,
    dropPictures,

    /** Waits for the imports this process runs to stop (they stop between batches) when the server closes. */
    async close(): Promise<void> {
      closing = true;
      await Promise.allSettled([...inMemory]);
    },
  };
}
export type ImportRunner = ReturnType<typeof createImportRunner>;
