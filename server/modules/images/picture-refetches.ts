/**
 * "Fetch pictures again" (issue 40): for one item, a selection or an import, the products whose picture is missing,
 * broken or still an outside address are fetched again from the address their picture came from, by jobs
 * (picture-refetch.job.ts), as an import's pictures are; the request is one transaction with its audit entry. A
 * picture fetched is stored as a new image and shown by the products asked for; link health's counts follow.
 */
import type { FastifyBaseLogger } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../../common/admin-constants';
import type { PictureRefetchBody, PictureRefetchResult } from '../../../common/schemas/picture-refetch';
import type { Transact } from '../../db/unit-of-work';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { Storage } from '../../storage/storage';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import { plural } from '../imports/import-answers';
import {
  isTransient,
  nameFromUrl,
  PICTURE_CONCURRENCY,
  PICTURE_FETCH_TIMEOUT_MS,
  PICTURE_RETRY_DELAYS_MS,
} from '../imports/import-pictures';
import type { ImportsRepo } from '../imports/imports.repo';
import { fetchLimited } from '../imports/safe-fetch';
import type { FileRemovals } from './file-removals';
import { imageKeys, prepareImage, removeImageFiles, storePreparedImage } from './image-files';
import type { ImagesRepo, RefetchCandidate } from './images.repo';
import type { RefetchItem } from './picture-refetches.job';

/** Picture addresses one job fetches: a job is short, and one the server stopped redoes little. */
export const REFETCHES_PER_JOB = 10;

export const REFETCH_TEXTS = {
  noImport: 'There is no such import.',
  importRunning: 'This import is still running: its pictures are being fetched. Try again once it has finished.',
  importUndone: 'This import was undone: the products it wrote are gone.',
  importWithoutPictures: 'This import brought no pictures: there is nothing to fetch again.',
  missing: (n: number) => `${plural(n, 'of these items does', 'of these items do')} not exist (deleted meanwhile?). Reload the list.`,
  allFine: (n: number) =>
    n === 1
      ? "This item's picture is stored here and fine: there is nothing to fetch again."
      : `The pictures of these ${n} items are stored here and fine: there is nothing to fetch again.`,
  noAddress: (n: number) =>
    n === 1
      ? 'This item has no picture address to fetch from: add a picture in its form instead.'
      : `None of these ${n} items has a picture address to fetch from: add their pictures in their forms instead.`,
  nothingDue: 'Every picture here is either fine or has no address to fetch from: there is nothing to fetch again.',
};

/** What a request leaves out and what it queues, from the candidates (pure: the rule the tests read). */
export function decideRefetch(candidates: readonly RefetchCandidate[]): {
  due: RefetchItem[];
  queued: number;
  fine: number;
  noAddress: number;
} {
  const bySource = new Map<string, string[]>();
  let fine = 0;
  let noAddress = 0;
  let queued = 0;
  for (const c of candidates) {
    if (c.fine) fine += 1;
    else if (!c.source) noAddress += 1;
    else {
      queued += 1;
      const products = bySource.get(c.source) ?? [];
      products.push(c.id);
      bySource.set(c.source, products);
    }
  }
  return { due: [...bySource].map(([url, products]) => ({ url, products })), queued, fine, noAddress };
}

export type PictureRefetchesDeps = {
  transaction: Transact<{ images: ImagesRepo; imports: ImportsRepo; audit: AuditRepo }>;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  removals?: Pick<FileRemovals, 'removeOrNote'> | undefined;
  /** IMPORT_ALLOW_PRIVATE_HOSTS. */
  allowPrivateHosts: boolean;
  jobs: Pick<JobQueue, 'sendMany'>;
};

export function createPictureRefetches(deps: PictureRefetchesDeps) {
  const { transaction, storage, log } = deps;

  /** One address: fetched (a failure that may pass tried again after a pause), stored, shown by its products. */
  async function fetchOne(item: RefetchItem): Promise<'fetched' | 'failed'> {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await fetchLimited(item.url, {
          maxBytes: MAX_UPLOAD_BYTES,
          timeoutMs: PICTURE_FETCH_TIMEOUT_MS,
          allowPrivate: deps.allowPrivateHosts,
        });
        const prepared = await prepareImage(nameFromUrl(answer.url), answer.body);
        const file = await storePreparedImage(storage, prepared);
        try {
          await transaction(async ({ images }) => {
            await images.insertFetched(file, item.url);
            await images.setRefetched(item.products, item.url, file.url);
          });
        } catch (err) {
          if (deps.removals) await deps.removals.removeOrNote(imageKeys(prepared.fileName));
          else await removeImageFiles(storage, prepared.fileName).catch(() => undefined);
          throw err;
        }
        return 'fetched';
      } catch (err) {
        const delay = PICTURE_RETRY_DELAYS_MS[attempt - 1];
        if (!isTransient(err) || delay === undefined) {
          log.warn(
            { url: item.url.slice(0, 200), err: err instanceof Error ? err.message : String(err) },
            'a picture could not be fetched again',
          );
          return 'failed';
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  return {
    /**
     * Queues the fetches an admin asked for, in one transaction with its audit entry: unknown items, an import still
     * running, undone or without pictures, and a request with nothing to fetch are refused with a sentence.
     */
    async queue(actor: Actor, body: PictureRefetchBody): Promise<PictureRefetchResult> {
      const planned = await transaction(async ({ images, imports, audit }) => {
        let candidates: RefetchCandidate[];
        let subject: string;
        let importId: string | null = null;
        if (body.ids) {
          const ids = [...new Set(body.ids)];
          candidates = await images.refetchCandidates({ ids });
          if (candidates.length < ids.length) throw new AppError('NOT_FOUND', REFETCH_TEXTS.missing(ids.length - candidates.length));
          const [only] = candidates;
          subject = candidates.length === 1 && only ? `${only.title} (#${only.number})` : plural(candidates.length, 'item');
        } else {
          const row = await imports.find(body.importId ?? '');
          if (!row || row.status === 'previewed') throw new AppError('NOT_FOUND', REFETCH_TEXTS.noImport);
          if (row.status === 'running') throw new AppError('CONFLICT', REFETCH_TEXTS.importRunning);
          if (row.status === 'undone') throw new AppError('CONFLICT', REFETCH_TEXTS.importUndone);
          candidates = row.changeId ? await images.refetchCandidates({ changeId: row.changeId }) : [];
          if (!candidates.some((c) => c.source !== null)) throw new AppError('CONFLICT', REFETCH_TEXTS.importWithoutPictures);
          subject = row.source;
          importId = row.id;
        }
        const plan = decideRefetch(candidates);
        if (plan.queued === 0) {
          const message =
            plan.noAddress === 0
              ? REFETCH_TEXTS.allFine(plan.fine)
              : plan.fine === 0
                ? REFETCH_TEXTS.noAddress(plan.noAddress)
                : REFETCH_TEXTS.nothingDue;
          throw new AppError('CONFLICT', message);
        }
        const details = {
          ...(importId ? { importId } : {}),
          queued: plan.queued,
          addresses: plan.due.length,
          fine: plan.fine,
          noAddress: plan.noAddress,
          products: candidates
            .filter((c) => !c.fine && c.source)
            .slice(0, 20)
            .map((c) => c.number),
        };
        await audit.record({ action: 'pictures-refetch', subject, actor, details });
        return plan;
      });
      const chunks: RefetchItem[][] = [];
      for (let i = 0; i < planned.due.length; i += REFETCHES_PER_JOB) chunks.push(planned.due.slice(i, i + REFETCHES_PER_JOB));
      await deps.jobs.sendMany(
        'picture-refetch',
        chunks.map((items) => ({ items })),
      );
      return { queued: planned.queued, addresses: planned.due.length, fine: planned.fine, noAddress: planned.noAddress };
    },

    /** One job's addresses, PICTURE_CONCURRENCY at a time; what it fetched and what failed. */
    async run(items: readonly RefetchItem[]): Promise<{ fetched: number; failed: number }> {
      const queue = [...items];
      let fetched = 0;
      let failed = 0;
      const worker = async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          if ((await fetchOne(item)) === 'fetched') fetched += 1;
          else failed += 1;
        }
      };
      await Promise.all(Array.from({ length: PICTURE_CONCURRENCY }, worker));
      if (fetched + failed > 0) log.info({ fetched, failed }, 'pictures fetched again');
      return { fetched, failed };
    },
  };
}
export type PictureRefetches = ReturnType<typeof createPictureRefetches>;
