import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_TEXTS, MAX_UPLOAD_BYTES } from '../../../common/admin-constants';
import {
  IGNORE_COLUMN,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_STORED_ERRORS,
  IMPORT_PREVIEW_ERRORS,
  guessMapping,
  type ImportField,
} from '../../../common/import-columns';
import { ownImagePath } from '../../../common/media';
import type { Import, ImportPolicy, ImportRowError } from '../../../common/schemas/imports';
import { AppError } from '../../errors';
import { StorageError, type Storage } from '../../storage/storage';
import type { FileRemovals } from '../images/file-removals';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { ChangesRepo } from '../changes/changes.repo';
import { imageKeys, prepareImage, removeImageFiles, storePreparedImage } from '../images/image-files';
import { csvField } from './csv';
import { checkRecord, columnsOf, type ImportValues } from './import-rows';
import { type ImportMappingEntry, type ImportResult, type ImportRow, type ImportsRepo, type StagedRow } from './imports.repo';
import { readImportFile, type ImportTable } from './read-import';
import { fetchLimited, type FetchLimits } from './safe-fetch';

/** Rows written per transaction: the progress bar moves between them, and Cancel stops between them. */
export const IMPORT_BATCH_ROWS = 2000;
/** Images fetched at the same time. */
const IMAGE_CONCURRENCY = 3;
const FETCH_TIMEOUT_MS = 20_000;
/** A running import writes at least this often; one silent for longer lost its process. */
const STALE_IMPORT_MS = 5 * 60 * 1000;

export type ImportSource = { kind: 'file'; name: string; body: Buffer; contentType: string } | { kind: 'url'; url: string };

export type ImportsDeps = {
  repo: ImportsRepo;
  changes: ChangesRepo;
  audit: Pick<AuditRepo, 'record'>;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Removes what a failed image fetch stored; what the storage keeps is tried again later (issue 25). */
  removals?: Pick<FileRemovals, 'removeOrNote'> | undefined;
  /** IMPORT_ALLOW_PRIVATE_HOSTS. */
  allowPrivateHosts: boolean;
  /** Rows per batch (tests make it small to see progress and Cancel between batches). */
  batchRows?: number;
};

const UNDOABLE = new Set(['succeeded', 'failed', 'cancelled']);

function toImport(row: ImportRow, errorsShown = IMPORT_PREVIEW_ERRORS): Import {
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
    mapping: Object.fromEntries(row.mapping.map((m) => [m.header, m.field])),
    counts: { new: 0, updated: 0, unchanged: 0, invalid: 0, ...row.counts },
    errors: row.errors.slice(0, errorsShown),
    errorCount: row.errorCount,
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
        }
      : null,
    // `processed` is written with each batch, in its transaction: rows were written exactly when it is above 0.
    canUndo: row.changeId !== null && UNDOABLE.has(row.status) && row.processed > 0,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const NOT_FOUND = 'This import does not exist (previews are kept for a day).';
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
  const { repo, changes, audit, storage, log } = deps;
  const batchRows = deps.batchRows ?? IMPORT_BATCH_ROWS;
  const running = new Map<string, Promise<void>>();
  let closing = false;
  const limits = (maxBytes: number): FetchLimits => ({ maxBytes, timeoutMs: FETCH_TIMEOUT_MS, allowPrivate: deps.allowPrivateHosts });

  async function read(source: ImportSource): Promise<{ table: ImportTable; label: string }> {
    if (source.kind === 'file') return { table: readImportFile(source.body, source.name, source.contentType), label: source.name || 'file' };
    const fetched = await fetchLimited(source.url, limits(IMPORT_MAX_BYTES));
    return { table: readImportFile(fetched.body, new URL(fetched.url).pathname, fetched.contentType), label: source.url };
  }

  /** The mapping: guessed from the headers, with the operator's choices laid over it. */
  function mappingFor(headers: string[], chosen: Record<string, string> | undefined): ImportMappingEntry[] {
    const guessed = guessMapping(headers);
    for (const header of Object.keys(chosen ?? {})) {
      if (!headers.includes(header)) throw new AppError('VALIDATION', `mapping: the file has no column "${header}" (it has ${headers.join(', ')}).`);
    }
    return headers.map((header) => ({ header, field: chosen?.[header] ?? guessed[header] ?? IGNORE_COLUMN }));
  }

  async function runJob(row: ImportRow, actor: Actor): Promise<void> {
    const id = row.id;
    const changeId = row.changeId ?? '';
    const result: ImportResult = { created: 0, updated: 0, skipped: 0, imagesFetched: 0, imageFailures: [], message: null, undo: null };
    let status: 'succeeded' | 'failed' | 'cancelled' = 'succeeded';
    try {
      await repo.addCategories(row.newCategories);
      const imageHeader = row.mapping.find((m) => m.field === 'image')?.header ?? 'image';
      const wanted = await repo.externalImages(id);
      const known = await repo.imagesBySource(wanted.map((w) => w.url));
      const queue = [...wanted];
      let cancelled = false;
      const worker = async () => {
        for (let next = queue.shift(); next && !cancelled && !closing; next = queue.shift()) {
          const { url, row: line } = next;
          try {
            let stored = known.get(url);
            if (!stored) {
              const fetched = await fetchLimited(url, limits(MAX_UPLOAD_BYTES));
              const prepared = await prepareImage(nameFromUrl(fetched.url), fetched.body);
              const file = await storePreparedImage(storage, prepared);
              try {
                await repo.insertFetchedImage(file, url);
              } catch (err) {
                if (deps.removals) await deps.removals.removeOrNote(imageKeys(prepared.fileName));
                else await removeImageFiles(storage, prepared.fileName).catch(() => undefined);
                throw err;
              }
              stored = file.url;
              result.imagesFetched += 1;
            }
            await repo.replaceImage(id, url, stored);
          } catch (err) {
            const message =
              err instanceof AppError ? err.message : err instanceof StorageError ? ADMIN_TEXTS.storageUnavailable : 'The image could not be fetched.';
            result.imageFailures.push({ row: line, column: imageHeader, message: `${url.slice(0, 200)}: ${message}` });
          }
          if (await repo.heartbeat(id, result)) cancelled = true;
        }
      };
      await Promise.all(Array.from({ length: IMAGE_CONCURRENCY }, worker));
      let after = 0;
      for (;;) {
        if (closing || (await repo.heartbeat(id, result))) {
          status = 'cancelled';
          result.message = closing ? 'The server stopped before the import finished; what it wrote can be undone.' : 'Cancelled.';
          break;
        }
        const last = await repo.nextBatchEnd(id, after, batchRows);
        if (last === null) break;
        const done = await repo.writeBatch(id, changeId, after, last);
        result.created += done.created;
        result.updated += done.updated;
        result.skipped += done.skipped;
        after = last;
      }
      if (closing) status = 'failed';
    } catch (err) {
      status = 'failed';
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
      result.message = `The import stopped: ${(cause instanceof Error ? cause.message : String(cause)).slice(0, 300)}`;
      log.error({ err, importId: id }, 'import failed');
    }
    const details = { importId: id, changeId, source: row.source, created: result.created, updated: result.updated, skipped: result.skipped,
      imagesFetched: result.imagesFetched, imageFailures: result.imageFailures.length, message: result.message };
    await repo.finish(id, status, result, (executor) =>
      audit.record({ action: 'product-import', subject: row.source, actor, details, status: status === 'succeeded' ? 'succeeded' : 'failed' }, executor),
    );
  }

  return {
    async preview(actor: Actor, source: ImportSource, options: { policy?: ImportPolicy | undefined; mapping?: Record<string, string> | undefined; origin: string }): Promise<Import> {
      await repo.dropStalePreviews();
      const { table, label } = await read(source);
      if (table.records.length === 0) throw new AppError('VALIDATION', 'The file has a header but no products.');
      const mapping = mappingFor(table.headers, options.mapping);
      const columns = columnsOf(Object.fromEntries(mapping.map((m) => [m.header, m.field])));
      const errors: ImportRowError[] = [];
      const invalidRows = new Set<number>();
      const staged: StagedRow[] = [];
      const missing = (['title', 'price'] as ImportField[]).filter((f) => columns[f] === undefined);
      if (missing.length > 0) {
        errors.push({ row: 0, column: '', message: `No column is mapped to ${missing.join(' or ')}: choose one in the mapping.` });
        for (const r of table.records) invalidRows.add(r.row);
      } else {
        const listed = new Map((await repo.categoryNames()).map((n) => [n.toLowerCase(), n]));
        const newCategories = new Map<string, string>();
        const keys = new Map<string, number>();
        for (const record of table.records) {
          const checked = checkRecord(record, columns);
          if (!checked.ok) {
            invalidRows.add(record.row);
            errors.push(...checked.errors);
            continue;
          }
          const values: ImportValues = checked.values;
          const key = values.id ?? (values.sourceId ? `source:${values.sourceId}` : values.link ? `link:${values.link}` : null);
          const first = key === null ? undefined : keys.get(key);
          if (first !== undefined) {
            invalidRows.add(record.row);
            const field: ImportField = values.id || values.sourceId ? 'id' : 'link';
            errors.push({ row: record.row, column: columns[field]?.[0] ?? field, message: `Row ${first} has the same product; each product may appear once.` });
            continue;
          }
          if (key !== null) keys.set(key, record.row);
          if (values.category !== null) {
            const spelled = listed.get(values.category.toLowerCase());
            if (spelled) values.category = spelled;
            else if (!newCategories.has(values.category.toLowerCase())) newCategories.set(values.category.toLowerCase(), values.category);
            else values.category = newCategories.get(values.category.toLowerCase()) ?? values.category;
          }
          if (values.image) values.image = ownImagePath(values.image, options.origin);
          staged.push({ row: record.row, values });
        }
        // An external address fetched by an earlier import is that stored image now.
        const external = [...new Set(staged.map((s) => s.values.image).filter((i): i is string => !!i && /^https?:\/\//i.test(i)))];
        const known = await repo.imagesBySource(external);
        for (const s of staged) if (s.values.image && known.has(s.values.image)) s.values.image = known.get(s.values.image) ?? s.values.image;
        const created = await repo.createPreview({ source: label.slice(0, 500), format: table.format, policy: options.policy ?? 'valid', actor, mapping, rows: staged });
        for (const { row, first } of created.repeats) {
          invalidRows.add(row);
          errors.push({ row, column: '', message: `Row ${first} already matches the same product; each product may appear once.` });
        }
        errors.sort((a, b) => a.row - b.row);
        const counts = { ...created.counts, invalid: invalidRows.size };
        await repo.savePreviewResult(created.id, counts, errors.slice(0, IMPORT_MAX_STORED_ERRORS), errors.length, [...newCategories.values()]);
        const row = await repo.find(created.id);
        if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
        return toImport(row);
      }
      const created = await repo.createPreview({ source: label.slice(0, 500), format: table.format, policy: options.policy ?? 'valid', actor, mapping, rows: [] });
      await repo.savePreviewResult(created.id, { new: 0, updated: 0, unchanged: 0, invalid: invalidRows.size }, errors, errors.length, []);
      const row = await repo.find(created.id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toImport(row);
    },

    async get(id: string): Promise<Import> {
      await repo.failStale(STALE_IMPORT_MS);
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toImport(row);
    },

    async list(): Promise<Import[]> {
      await repo.failStale(STALE_IMPORT_MS);
      return (await repo.recent(10)).map((row) => toImport(row, 0));
    },

    /** The whole error list as CSV (row, column, message). */
    async errorsCsv(id: string): Promise<string> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      const lines = [['row', 'column', 'message'], ...[...row.errors, ...(row.result.imageFailures ?? [])].map((e) => [String(e.row), e.column, e.message])];
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
        throw new AppError('CONFLICT', `${plural(invalid, 'row is', 'rows are')} invalid and the policy is to import nothing then. Fix the file, or import the valid rows.`);
      }
      if ((current.counts.new ?? 0) + (current.counts.updated ?? 0) === 0) throw new AppError('CONFLICT', 'Nothing to import: every valid row is unchanged.');
      const claimed = await repo.claim(id, chosen, actor, `Import of ${current.source}`.slice(0, 300));
      if (!claimed) throw new AppError('CONFLICT', 'This import has started already.');
      const job = runJob(claimed, actor)
        .catch((err: unknown) => log.error({ err, importId: id }, 'import job failed'))
        .finally(() => running.delete(id));
      running.set(id, job);
      return toImport(claimed);
    },

    async cancel(id: string): Promise<Import> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (row.status !== 'previewed' && row.status !== 'running') throw new AppError('CONFLICT', `This import is ${row.status} already.`);
      await repo.requestCancel(id);
      return toImport((await repo.find(id)) ?? row);
    },

    /** Takes an import back: products it created are removed, products it updated get their previous values. */
    async undo(actor: Actor, id: string): Promise<Import> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (row.status === 'undone') throw new AppError('CONFLICT', 'This import has been undone already.');
      if (!row.changeId || !UNDOABLE.has(row.status)) throw new AppError('CONFLICT', row.status === 'running' ? 'This import is still running: cancel it first.' : 'This import changed nothing.');
      const done = await changes.undo(row.changeId, ['import'], actor, async (executor, change, undo) => {
        await repo.markUndone(executor, id, { ...row.result, undo });
        await audit.record({ action: 'change-undo', subject: change.summary, actor, details: { changeId: change.id, kind: change.kind, importId: id, ...undo } }, executor);
      });
      if (done === null) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (done === 'undone') throw new AppError('CONFLICT', 'This import has been undone already.');
      return toImport((await repo.find(id)) ?? row);
    },

    /** Waits for running imports to stop (they stop between batches) when the server closes. */
    async close(): Promise<void> {
      closing = true;
      await Promise.allSettled([...running.values()]);
    },

    /** For tests: the job of an import, to await it. */
    job(id: string): Promise<void> | undefined {
      return running.get(id);
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
