import { productPath } from '../../../common/product-urls';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../../common/admin-constants';
import { ADMIN_TEXTS } from '../../../common/texts/admin';
import {
  IGNORE_COLUMN,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_STORED_ERRORS,
  IMPORT_PREVIEW_ERRORS,
  type ImportEncoding,
  type ImportField,
} from '../../../common/import-columns';
import { DEFAULT_BASE_CURRENCY, isCurrencyCode, type CurrencyCode, type Rates } from '../../../common/currency';
import { DEFAULT_SHORT_LINK_HOSTS, guessColumns, isShortLink } from '../../../common/import-mapping';
import { parseItemLink } from '../../../common/agent-links';
import { ownImagePath } from '../../../common/media';
import {
  IMPORT_HISTORY_PAGE_SIZE,
  type Import,
  type ImportCurrency,
  type ImportList,
  type ImportPolicy,
  type ImportRowError,
} from '../../../common/schemas/imports';
import { AppError } from '../../errors';
import { StorageError, type Storage } from '../../storage/storage';
import type { FileRemovals } from '../images/file-removals';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { ChangeLimit, Transact } from '../../db/unit-of-work';
import type { ChangesRepo } from '../changes/changes.repo';
import { imageKeys, prepareImage, removeImageFiles, storePreparedImage } from '../images/image-files';
import { csvField } from './csv';
import { fileKey } from './import-matching';
import { columnsOf, type CheckedRecord, type ImportValues } from './import-rows';
import {
  MATCHING_STEPS,
  type ImportMappingEntry,
  type ImportResult,
  type ImportRow,
  type ImportsRepo,
  type StagedRow,
} from './imports.repo';
import { readChecked, type CheckPlan, type CheckedRow, type ImportRecord, type ReadHead } from './read-import';
import { fetchLimited, type FetchLimits } from './safe-fetch';
import { followShortLink, followShortLinks, type ShortLinkAnswer } from './short-links';
import type { JobQueue, PictureItem } from '../../jobs/job-queue';
import {
  HostBackoff,
  hostNotAsked,
  hostOf,
  isTransient,
  PICTURE_CONCURRENCY,
  PICTURE_FETCH_TIMEOUT_MS,
  PICTURE_RETRY_DELAYS_MS,
  PICTURES_PER_JOB,
} from './import-pictures';

/** Rows written per transaction: the progress bar moves between them, and Cancel stops between them. */
export const IMPORT_BATCH_ROWS = 2000;
const FETCH_TIMEOUT_MS = 20_000;
/** A running import's process touches it this often (the lease) ... */
const LEASE_TOUCH_MS = 5000;
/** ... so one silent for longer lost its process (a crash): Cancel ends it at once, a read fails it. */
const STALE_IMPORT_MS = 30_000;
/** How often a picture job looks whether its import was cancelled or undone meanwhile. */
const STATUS_CHECK_MS = 2000;

/** Which sheet of a workbook to read, and how a text file's bytes are read (issue 26). */
type ReadHow = { sheet?: string | undefined; encoding?: ImportEncoding | undefined };

export type ImportSource = { kind: 'file'; name: string; body: Buffer; contentType: string } | { kind: 'url'; url: string };

export type ImportsDeps = {
  repo: ImportsRepo;
  /** Changes (an import's end, Undo): a unit of work's transaction (server/db/unit-of-work.ts) and the change limit. */
  unitOfWork: { transaction: Transact<{ changes: ChangesRepo; audit: AuditRepo; imports: ImportsRepo }>; limit: ChangeLimit };
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Removes what a failed image fetch stored; what the storage keeps is tried again later (issue 25). */
  removals?: Pick<FileRemovals, 'removeOrNote'> | undefined;
  /** IMPORT_ALLOW_PRIVATE_HOSTS. */
  allowPrivateHosts: boolean;
  /** Rows per batch (tests make it small to see progress and Cancel between batches). */
  batchRows?: number;
  /** The base currency and the site's rates (units per one base unit), which convert prices in other currencies. */
  currency?: { base: CurrencyCode; rates: () => Promise<Rates> } | undefined;
  /** IMPORT_SHORT_LINK_HOSTS: share links followed at preview to the item they stand for. */
  shortLinkHosts?: readonly string[] | undefined;
  /** Follows one short link (tests may pass their own); `followShortLink` through the safe fetch by default. */
  followLink?: ((address: string) => Promise<string>) | undefined;
  /** The job queue that runs the rows and the pictures (app); without it they run in this process (unit tests). */
  jobs?: JobQueue | undefined;
};

/** Rows the content guess reads (it looks at the first GUESS_SAMPLE_VALUES non-blank values of each column). */
const GUESS_SAMPLE_ROWS = 500;

const UNDOABLE = new Set(['succeeded', 'failed', 'cancelled']);

function toImportOf(row: ImportRow, base: CurrencyCode, errorsShown = IMPORT_PREVIEW_ERRORS): Import {
  const result = row.result;
  const ran = row.status !== 'previewed' && row.startedAt !== null;
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    format: row.format,
    policy: row.policy,
    actorEmail: row.actorEmail,
    headers: row.mapping.map((m) => m.header),
    sheets: row.readInfo.sheets ?? [],
    sheet: row.readInfo.sheet ?? null,
    encoding: row.readInfo.encoding ?? null,
    readWarnings: row.readInfo.readWarnings ?? [],
    mapping: Object.fromEntries(row.mapping.map((m) => [m.header, m.field])),
    counts: { new: 0, updated: 0, unchanged: 0, invalid: 0, ...row.counts },
    errors: row.errors.slice(0, errorsShown),
    errorCount: row.errorCount,
    warnings: row.warnings.slice(0, errorsShown),
    warningCount: row.warningCount,
    baseCurrency: base,
    currencies: row.currencies,
    newCategories: row.newCategories,
    progress: { processed: row.processed, total: row.total },
    result: ran
      ? {
          created: result.created ?? 0,
          updated: result.updated ?? 0,
          skipped: result.skipped ?? 0,
          imagesFetched: result.imagesFetched ?? 0,
          imageFailures: result.imageFailures ?? [],
          message: result.message ?? null,
          undo: result.undo ?? null,
          categoriesRemoved: result.categoriesRemoved ?? [],
        }
      : null,
    canUndo: undoReason(row) === null,
    undoReason: undoReason(row),
    pictures: result.pictures ?? null,
    samePictures: {
      count: result.samePictures?.count ?? 0,
      rows: (result.samePictures?.rows ?? []).map((r) => ({ row: r.row, title: r.title, path: productPath(r) })),
    },
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Why Undo is not offered for an import, or null when it is. */
function undoReason(row: ImportRow): string | null {
  if (row.status === 'undone') return 'Undone already.';
  if (row.status === 'previewed') return 'Not imported: it was only previewed.';
  // Once its rows are written, a running import only fetches pictures: Undo may take it back (their jobs cancelled).
  const picturesPending = row.status === 'running' && row.result.rowsDone === true;
  if (row.status === 'running' && !picturesPending) return 'Still running: cancel it first.';
  // `processed` is written with each batch, in its transaction: rows were written exactly when it is above 0.
  if (row.changeId === null || !(UNDOABLE.has(row.status) || picturesPending) || row.processed === 0) return 'It changed nothing.';
  if (row.stillUndoable === false) return 'Every product it wrote was changed or deleted since.';
  return null;
}

const NOT_FOUND = 'This import does not exist (previews are kept for a day).';

/** The currencies other than the base that rows' prices were in: how many rows each, and the rate used (or none). */
export function currenciesOf(checked: readonly CheckedRecord[], rates: Rates, site: Rates, given: Rates): ImportCurrency[] {
  const rows = new Map<CurrencyCode, number>();
  for (const c of checked) if (c.currency !== null) rows.set(c.currency, (rows.get(c.currency) ?? 0) + 1);
  return currenciesFrom(rows, rates, site, given);
}

/** currenciesOf from the rows counted per currency (a preview counts them batch by batch). */
function currenciesFrom(rows: ReadonlyMap<CurrencyCode, number>, rates: Rates, site: Rates, given: Rates): ImportCurrency[] {
  return [...rows.entries()]
    .filter(([code]) => isCurrencyCode(code))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, count]) => {
      const rate = rates[code] ?? null;
      const source = rate === null ? 'missing' : given[code] !== undefined ? 'given' : site[code] !== undefined ? 'site' : 'missing';
      return { code, rows: count, rate, source };
    });
}

const byRow = (a: ImportRowError, b: ImportRowError) => a.row - b.row;

/**
 * A preview's errors or warnings in row order: the first `max` kept (what the import stores), every one counted.
 * Batches come in file order, so what falls past `max` after a batch never comes back (the sort is stable: a row's
 * problems keep their order).
 */
class RowProblems {
  items: ImportRowError[] = [];
  count = 0;
  constructor(private readonly max: number) {}
  add(found: readonly ImportRowError[]): void {
    for (const f of found) this.items.push(f);
    this.count += found.length;
  }
  /** After a batch. */
  trim(): void {
    if (this.items.length <= this.max) return;
    this.items.sort(byRow);
    this.items.length = this.max;
  }
  kept(): ImportRowError[] {
    return this.items.sort(byRow).slice(0, this.max);
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The file name an image address suggests ("https://x/a/coat.jpg?v=2" -> "coat.jpg"). */
function nameFromUrl(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'image';
  } catch {
    return 'image';
  }
}

export function createImportsService(deps: ImportsDeps) {
  const { repo, unitOfWork, storage, log } = deps;
  const base = deps.currency?.base ?? DEFAULT_BASE_CURRENCY;
  const shortHosts = deps.shortLinkHosts ?? DEFAULT_SHORT_LINK_HOSTS;
  const follow = deps.followLink ?? ((address: string) => followShortLink(address, shortHosts, deps.allowPrivateHosts));
  const toImport = (row: ImportRow, errorsShown?: number) => toImportOf(row, base, errorsShown);
  const batchRows = deps.batchRows ?? IMPORT_BATCH_ROWS;
  /** Imports whose rows phase runs in this process; in-memory runs (no job queue: unit tests); hosts per import. */
  const runningHere = new Set<string>();
  const inMemory = new Set<Promise<void>>();
  const backoffs = new Map<string, HostBackoff>();
  let closing = false;
  const limits = (maxBytes: number): FetchLimits => ({ maxBytes, timeoutMs: FETCH_TIMEOUT_MS, allowPrivate: deps.allowPrivateHosts });

  /**
   * Once every row of a preview is staged: the catalogue's state it is matched at, addresses an earlier import
   * fetched become that stored image, then the rows are matched to products and counted (see the repo's
   * matchStaged). Each step is a unit of work's transaction of its own under the change limit, so PGlite's one
   * connection is free between them (health and requests get their turn): products written meanwhile move
   * product_totals.changes past the value noted first, and the commit then matches again in one transaction.
   */
  async function finishPreview(id: string) {
    const step = <T>(work: (imports: ImportsRepo) => Promise<T>) =>
      unitOfWork.transaction(({ imports }) => work(imports), unitOfWork.limit);
    await step((imports) => imports.noteMatchedAt(id));
    await step((imports) => imports.useKnownImages(id));
    for (const matching of MATCHING_STEPS) await step((imports) => imports.matchStep(id, matching));
    const repeats = await step((imports) => imports.dropRepeats(id));
    await step((imports) => imports.setActions(id));
    const counts = await step((imports) => imports.countStaged(id));
    return { counts, repeats };
  }

  /** The file's bytes as the reader takes them: the upload, or what the address answered (its final address kept). */
  async function bytesOf(
    source: ImportSource,
  ): Promise<{ body: Buffer; name: string; contentType: string; label: string; sourceUrl?: string }> {
    if (source.kind === 'file')
      return { body: source.body, name: source.name, contentType: source.contentType, label: source.name || 'file' };
    const fetched = await fetchLimited(source.url, limits(IMPORT_MAX_BYTES));
    return {
      body: fetched.body,
      name: new URL(fetched.url).pathname,
      contentType: fetched.contentType,
      label: source.url,
      sourceUrl: fetched.url,
    };
  }

  /** The mapping: guessed from the headers, else from the columns' values (`sample`), with the operator's choices laid over it. */
  function mappingFor(headers: string[], sample: ImportRecord[], chosen: Record<string, string> | undefined): ImportMappingEntry[] {
    for (const header of Object.keys(chosen ?? {})) {
      if (!headers.includes(header))
        throw new AppError('VALIDATION', `mapping: the file has no column "${header}" (it has ${headers.join(', ')}).`);
    }
    const guessed = guessColumns(headers, sample.slice(0, GUESS_SAMPLE_ROWS), Object.keys(chosen ?? {}));
    return headers.map((header) => ({ header, field: chosen?.[header] ?? guessed[header] ?? IGNORE_COLUMN }));
  }

  /** The rates a preview converts with: the site's, with those the operator gave laid over them. */
  async function ratesFor(given: Rates | undefined): Promise<{ rates: Rates; site: Rates }> {
    const site = deps.currency ? await deps.currency.rates() : {};
    return { rates: { ...site, ...(given ?? {}) }, site };
  }

  /** Valid rows whose link is a share link get the item's address it leads to; those that cannot be followed keep theirs. */
  async function followShortLinksOf(
    checked: CheckedRow[],
    columns: Partial<Record<ImportField, string[]>>,
    answered: Map<string, ShortLinkAnswer>,
  ): Promise<ImportRowError[]> {
    const rows = checked.flatMap((c) =>
      c.checked.ok && c.checked.values.link && isShortLink(c.checked.values.link, shortHosts)
        ? [{ row: c.row, values: c.checked.values }]
        : [],
    );
    if (rows.length === 0) return [];
    const answers = await followShortLinks(
      rows.map((r) => r.values.link ?? ''),
      follow,
      answered,
    );
    const warnings: ImportRowError[] = [];
    for (const { row, values } of rows) {
      const answer = answers.get(values.link ?? '');
      if (answer && 'url' in answer) {
        values.link = answer.url;
        const itemSource = parseItemLink(answer.url);
        values.sourcePlatform = itemSource?.platform ?? null;
        values.sourceItemId = itemSource?.itemId ?? null;
      } else {
        warnings.push({
          row,
          column: columns.link?.[0] ?? 'link',
          message: `The short link could not be followed (${answer?.error ?? 'no answer'}); it is kept as given.`,
        });
      }
    }
    return warnings;
  }

  /** The import's actor as the audit log names it. */
  const actorOf = (row: ImportRow): Actor => ({ id: row.actorId, email: row.actorEmail });

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
    const result: ImportResult = { created: 0, updated: 0, skipped: 0, imagesFetched: 0, imageFailures: [], message: null, undo: null };
    let status: 'succeeded' | 'failed' | 'cancelled' = 'succeeded';
    runningHere.add(id);
    // The lease: a running import is touched every few seconds, so one silent for longer lost its process.
    const lease = setInterval(() => void repo.touch(id).catch(() => undefined), LEASE_TOUCH_MS);
    lease.unref();
    try {
      try {
        await repo.addCategories(row.newCategories);
        let after = 0;
        for (const last of await repo.batchEnds(id, batchRows)) {
          if (closing || (await repo.heartbeat(id, result))) {
            status = closing ? 'failed' : 'cancelled';
            result.message = closing ? 'The server stopped before the import finished; what it wrote can be undone.' : 'Cancelled.';
            break;
          }
          // One transaction a batch, under the change limit: PGlite's one connection is free between them.
          const done = await unitOfWork.transaction(({ imports }) => imports.writeBatch(id, changeId, after, last), unitOfWork.limit);
          result.created += done.created;
          result.updated += done.updated;
          result.skipped += done.skipped;
          after = last;
        }
        if (status === 'succeeded') {
          const items = await repo.pictureItems(id, changeId);
          if (items.length > 0) {
            const rowsDone = { ...result, rowsDone: true, pictures: { total: items.length, fetched: 0, failed: 0 } };
            await unitOfWork.transaction(({ imports }) => imports.finishRows(id, rowsDone));
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
    const column = row.mapping.find((m) => m.field === 'image')?.header ?? 'image';
    const backoff = backoffFor(row);
    const known = await repo.imagesBySource(items.map((i) => i.url));
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
            await repo.insertFetchedImage(file, item.url);
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

  async function enqueueRows(id: string): Promise<void> {
    if (deps.jobs) {
      await deps.jobs.send('import-rows', { importId: id }, { singletonKey: id });
      return;
    }
    const run = runRows(id)
      .catch((err: unknown) => log.error({ err, importId: id }, 'import job failed'))
      .finally(() => inMemory.delete(run));
    inMemory.add(run);
  }

  async function enqueuePictures(id: string, chunks: PictureItem[][]): Promise<void> {
    if (deps.jobs) {
      await deps.jobs.sendMany(
        'import-pictures',
        chunks.map((items) => ({ importId: id, items })),
      );
      return;
    }
    const run = (async () => {
      for (const items of chunks) await runPictures(id, items);
    })()
      .catch((err: unknown) => log.error({ err, importId: id }, 'import pictures failed'))
      .finally(() => inMemory.delete(run));
    inMemory.add(run);
  }

  if (deps.jobs) {
    deps.jobs.define({ name: 'import-rows', workers: 1, expireInSeconds: 60 * 60, handler: ({ importId }) => runRows(importId) });
    deps.jobs.define({
      name: 'import-pictures',
      workers: 2,
      retryLimit: 2,
      retryDelaySeconds: 30,
      expireInSeconds: 10 * 60,
      handler: ({ importId, items }) => runPictures(importId, items),
    });
  }

  /** No process is running it: a rows phase silent past the lease whose job is not waiting, or pictures with no job. */
  async function orphans(rows: ImportRow[], atStart: boolean): Promise<ImportRow[]> {
    const ids = rows.filter((r) => !runningHere.has(r.id)).map((r) => r.id);
    if (ids.length === 0) return [];
    const rowJobs = deps.jobs?.started ? await deps.jobs.pending('import-rows', 'importId', ids) : new Map<string, string>();
    const pictureJobs = deps.jobs?.started ? await deps.jobs.pending('import-pictures', 'importId', ids) : new Map<string, string>();
    const now = Date.now();
    return rows.filter((r) => {
      if (runningHere.has(r.id)) return false;
      const silent = atStart || now - (r.heartbeatAt ?? r.startedAt ?? r.createdAt).getTime() > STALE_IMPORT_MS;
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

  return {
    async preview(
      actor: Actor,
      source: ImportSource,
      options: {
        policy?: ImportPolicy | undefined;
        mapping?: Record<string, string> | undefined;
        rates?: Rates | undefined;
        origin: string;
      } & ReadHow,
    ): Promise<Import> {
      await repo.dropStalePreviews();
      const file = await bytesOf(source);
      const { rates, site } = await ratesFor(options.rates);
      const listed = new Map((await repo.categoryNames()).map((n) => [n.toLowerCase(), n]));
      // Decision 0049 (addendum): the reader's process checks the rows; they come back in batches, each staged before the next.
      let id = '';
      let rowCount = 0;
      let columns: Partial<Record<ImportField, string[]>> = {};
      let missing: ImportField[] = [];
      let invalid = 0;
      const errors = new RowProblems(IMPORT_MAX_STORED_ERRORS);
      const warnings = new RowProblems(IMPORT_MAX_STORED_ERRORS);
      const currencyRows = new Map<CurrencyCode, number>();
      const answered = new Map<string, ShortLinkAnswer>();
      const newCategories = new Map<string, string>();
      const keys = new Map<string, number>();
      const plan = async ({ table, rows, sample }: ReadHead): Promise<CheckPlan> => {
        if (rows === 0) throw new AppError('VALIDATION', 'The file has a header but no products.');
        rowCount = rows;
        const mapping = mappingFor(table.headers, sample, options.mapping);
        columns = columnsOf(Object.fromEntries(mapping.map((m) => [m.header, m.field])));
        missing = (['title', 'price'] as ImportField[]).filter((f) => columns[f] === undefined);
        const readInfo = { sheets: table.sheets, sheet: table.sheet, encoding: table.encoding, readWarnings: table.readWarnings };
        id = await repo.startPreview({
          source: file.label.slice(0, 500),
          format: table.format,
          policy: options.policy ?? 'valid',
          actor,
          mapping,
          readInfo,
        });
        return missing.length > 0 ? null : { columns, context: { base, rates, sourceUrl: file.sourceUrl } };
      };
      const take = async (batch: CheckedRow[]) => {
        for (const { checked } of batch)
          if (checked.currency !== null) currencyRows.set(checked.currency, (currencyRows.get(checked.currency) ?? 0) + 1);
        warnings.add(await followShortLinksOf(batch, columns, answered));
        const staged: StagedRow[] = [];
        for (const { row, checked } of batch) {
          warnings.add(checked.warnings);
          if (!checked.ok) {
            invalid += 1;
            errors.add(checked.errors);
            continue;
          }
          const values: ImportValues = checked.values;
          // Rows on one link with different titles are colourways (decision 0052); same link and title is a repeat.
          const same = fileKey(values);
          const first = same === null ? undefined : keys.get(same.key);
          if (same !== null && first !== undefined) {
            invalid += 1;
            const field: ImportField = same.by === 'id' ? 'id' : 'link';
            const message =
              same.by === 'id'
                ? `Row ${first} has the same product; each product may appear once.`
                : `Row ${first} has the same product (same link and title).`;
            errors.add([{ row, column: columns[field]?.[0] ?? field, message }]);
            continue;
          }
          if (same !== null) keys.set(same.key, row);
          if (values.category !== null) {
            const spelled = listed.get(values.category.toLowerCase());
            if (spelled) values.category = spelled;
            else if (!newCategories.has(values.category.toLowerCase())) newCategories.set(values.category.toLowerCase(), values.category);
            else values.category = newCategories.get(values.category.toLowerCase()) ?? values.category;
          }
          if (values.image) values.image = ownImagePath(values.image, options.origin);
          staged.push({ row, values });
        }
        await repo.stageRows(id, staged);
        errors.trim();
        warnings.trim();
      };
      try {
        await readChecked(file.body, file.name, file.contentType, { sheet: options.sheet, encoding: options.encoding }, plan, take);
        keys.clear();
        if (missing.length > 0) {
          const message = `No column is mapped to ${missing.join(' or ')}: choose one in the mapping.`;
          await repo.savePreviewResult(
            id,
            { new: 0, updated: 0, unchanged: 0, invalid: rowCount },
            [{ row: 0, column: '', message }],
            1,
            [],
          );
        } else {
          // Matched once every row is staged (an external address fetched by an earlier import is that stored image now).
          const matched = await finishPreview(id);
          for (const { row, first } of matched.repeats) {
            invalid += 1;
            errors.add([{ row, column: '', message: `Row ${first} already matches the same product; each product may appear once.` }]);
          }
          await repo.savePreviewResult(id, { ...matched.counts, invalid }, errors.kept(), errors.count, [...newCategories.values()], {
            warnings: warnings.kept(),
            warningCount: warnings.count,
            currencies: currenciesFrom(currencyRows, rates, site, options.rates ?? {}),
            samePictures: await repo.samePictures(id, IMPORT_PREVIEW_ERRORS),
          });
        }
      } catch (err) {
        if (id) await repo.dropPreview(id).catch(() => undefined);
        throw err;
      }
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toImport(row);
    },

    async get(id: string): Promise<Import> {
      await recover();
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toImport(row);
    },

    /** The import history, newest first, a page at a time. */
    async list(page = 1, pageSize = IMPORT_HISTORY_PAGE_SIZE): Promise<ImportList> {
      await recover();
      const found = await repo.page(page, pageSize);
      return { items: found.rows.map((row) => toImport(row, 0)), page, pageSize, total: found.total };
    },

    /**
     * Every problem as CSV (row, column, kind, message): the errors (rows not imported), then the warnings (rows
     * imported with a change or a loss) and the pictures the run could not fetch, by row.
     */
    async errorsCsv(id: string): Promise<string> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      const warnings = [...row.warnings, ...(row.result.imageFailures ?? [])].sort((a, b) => a.row - b.row);
      const lines = [
        ['row', 'column', 'kind', 'message'],
        ...row.errors.map((e) => [String(e.row), e.column, 'error', e.message]),
        ...warnings.map((e) => [String(e.row), e.column, 'warning', e.message]),
      ];
      return `${lines.map((cells) => cells.map((c) => csvField(c)).join(',')).join('\r\n')}\r\n`;
    },

    /**
     * Starts writing a previewed import in the background (202): the request returns at once, the page may close,
     * GET shows the progress. With policy 'all', an import with any invalid row writes nothing (409).
     */
    async commit(actor: Actor, id: string, policy: ImportPolicy | undefined): Promise<Import> {
      const current = await repo.find(id);
      if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (current.status !== 'previewed') throw new AppError('CONFLICT', `This import is ${current.status} already.`);
      const chosen = policy ?? current.policy;
      const invalid = current.counts.invalid ?? 0;
      if (chosen === 'all' && invalid > 0) {
        throw new AppError(
          'CONFLICT',
          `${plural(invalid, 'row is', 'rows are')} invalid and the policy is to import nothing then. Fix the file, or import the valid rows.`,
        );
      }
      if ((current.counts.new ?? 0) + (current.counts.updated ?? 0) === 0)
        throw new AppError('CONFLICT', 'Nothing to import: every valid row is unchanged.');
      const summary = `Import of ${current.source}`.slice(0, 300);
      // One transaction under the change limit: one claim at a time (an advisory lock), the rows matched again and
      // the change opened in it.
      const claimed = await unitOfWork.transaction(({ imports }) => imports.claim(id, chosen, actor, summary), unitOfWork.limit);
      if (!claimed) throw new AppError('CONFLICT', 'This import has started already.');
      if (claimed === 'busy')
        throw new AppError(
          'CONFLICT',
          'Another import is being written: commit this one when it has finished (its rows are matched again then).',
        );
      await enqueueRows(id);
      return toImport(claimed);
    },

    /**
     * Stops an import: a preview is dropped; a running import stops between batches when its process runs it, and
     * at once when none does (a crash) or its job is still waiting; in its pictures phase, the pictures not fetched
     * yet are left out at once.
     */
    async cancel(id: string): Promise<Import> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (row.status !== 'previewed' && row.status !== 'running') throw new AppError('CONFLICT', `This import is ${row.status} already.`);
      if (row.status === 'previewed') await repo.requestCancel(id);
      else if (row.result.rowsDone) {
        await deps.jobs?.cancelWhere('import-pictures', 'importId', id);
        await end(row, 'cancelled', {
          message: 'Cancelled: the pictures not fetched by then were left out; the products are there without them.',
        });
      } else {
        const waiting = deps.jobs ? (await deps.jobs.pending('import-rows', 'importId', [id])).get(id) : undefined;
        const orphaned = waiting !== 'created' && waiting !== 'retry' && (await orphans([row], false)).length > 0;
        if (waiting === 'created' || waiting === 'retry' || orphaned) {
          await deps.jobs?.cancelWhere('import-rows', 'importId', id);
          await end(row, 'cancelled', {
            message: orphaned ? 'Cancelled: no process was running it; what it wrote can be undone.' : 'Cancelled.',
          });
        } else await repo.requestCancel(id);
      }
      return toImport((await repo.find(id)) ?? row);
    },

    /** Takes an import back: products it created are removed, products it updated get their previous values. */
    async undo(actor: Actor, id: string): Promise<Import> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (row.status === 'undone') throw new AppError('CONFLICT', 'This import has been undone already.');
      const picturesPhase = row.status === 'running' && row.result.rowsDone === true;
      if (!row.changeId || !(UNDOABLE.has(row.status) || picturesPhase)) {
        throw new AppError(
          'CONFLICT',
          row.status === 'running' ? 'This import is still running: cancel it first.' : 'This import changed nothing.',
        );
      }
      // Its pictures still to fetch are dropped first; a job under way stops at its next check (and sets no picture).
      if (picturesPhase) await deps.jobs?.cancelWhere('import-pictures', 'importId', id);
      const changeId = row.changeId;
      const done = await unitOfWork.transaction(async ({ changes, imports, audit }) => {
        const undone = await changes.undo(changeId, ['import'], actor);
        if (undone === null || undone === 'undone') return undone;
        const { change, result: undo } = undone;
        // The categories it added go with it when empty again (issue 26).
        const categoriesRemoved = await imports.removeEmptyCategories(row.newCategories, row.startedAt);
        await imports.markUndone(id, { ...row.result, undo, categoriesRemoved });
        const details = { changeId: change.id, kind: change.kind, importId: id, ...undo, categoriesRemoved };
        await audit.record({ action: 'change-undo', subject: change.summary, actor, details });
        return undone;
      }, unitOfWork.limit);
      if (done === null) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (done === 'undone') throw new AppError('CONFLICT', 'This import has been undone already.');
      return toImport((await repo.find(id)) ?? row);
    },

    /** Waits for the imports this process runs to stop (they stop between batches) when the server closes. */
    async close(): Promise<void> {
      closing = true;
      await Promise.allSettled([...inMemory]);
    },

    /** At start: ends the imports left running by a process that is gone (on PGlite every one: one process). */
    recover,

    /** For tests: resolves once the import is no longer running (its rows and pictures done, or it stopped). */
    async job(id: string): Promise<void> {
      for (let i = 0; i < 2400; i++) {
        const row = await repo.find(id);
        if (!row || row.status !== 'running') return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`import ${id} did not finish`);
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
