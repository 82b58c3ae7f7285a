import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportEncoding } from '../../../common/import-columns';
import type { ImportMapping } from '../../../common/schemas/imports';
import { AppError } from '../../errors';
import type { PriceContext } from './import-rows';
import type { CheckOrder, CheckedRow, ReadReply, ReadRequest } from './readers/reader-protocol';
import { DEFAULT_READ_LIMITS, type ImportRecord, type ImportTable, type ReadLimits } from './readers/table';

export type { ImportRecord, ImportTable } from './readers/table';
export type { CheckedRow } from './readers/reader-protocol';

/** Longest a file may take to read, start of the reader's process included. */
export const READ_TIMEOUT_MS = 20_000;
/** The reader's heap (V8's old generation): a 200,000-row sheet fits; a file that needs more is refused. */
export const READER_HEAP_MB = 768;
/** Files read at the same time (each in its own process); more wait their turn. */
const MAX_READERS = 2;
/**
 * The reader's scheduling priority (a Unix nice value; higher yields): its parsing and checking is background CPU
 * next to the server's own (issue 39: on a 2-core machine a 100,000-row preview's reader took one core, and visitors'
 * answers waited for the other). On an idle machine it changes nothing.
 */
export const READER_NICE = 10;

export type ReadImportOptions = {
  sheet?: string | undefined;
  encoding?: ImportEncoding | undefined;
  limits?: Partial<ReadLimits> | undefined;
  timeoutMs?: number | undefined;
  /** A second file whose columns join the rows by a key column in each (readers/join.ts). */
  join?: JoinFile | undefined;
};

/** The second file of a join, and the key column of each file (none: guessed). */
export type JoinFile = { body: Buffer; name: string; contentType: string; key?: string | undefined; joinKey?: string | undefined };

const COMPILED = new URL('./import-reader.js', import.meta.url);
const FLAGS = [`--max-old-space-size=${READER_HEAP_MB}`, '--max-semi-space-size=4'];

let bundled: Promise<string> | undefined;
/**
 * Outside the compiled server (tests, `npm run dev`, scripts) the reader's TypeScript is bundled once per process
 * with esbuild, as scripts/build-server.ts bundles it for dist/app: a reader then starts as plain JavaScript instead
 * of loading a TypeScript loader for every file.
 */
function bundle(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const dir = path.join(root, 'dist', '.reader');
    fs.mkdirSync(dir, { recursive: true });
    const outfile = path.join(dir, `import-reader-${process.pid}-${Date.now()}.mjs`);
    await build({
      entryPoints: [fileURLToPath(new URL('./import-reader.ts', import.meta.url))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    process.once('exit', () => fs.rmSync(outfile, { force: true }));
    return outfile;
  })();
  return bundled;
}

/** The reader's process: its compiled file beside the compiled server (dist/app, scripts/build-server.ts), else a bundle of its TypeScript. */
async function readerFile(): Promise<string> {
  const compiled = fileURLToPath(COMPILED);
  return fs.existsSync(compiled) ? compiled : bundle();
}

let active = 0;
const waiting: Array<() => void> = [];
async function turn(): Promise<() => void> {
  if (active >= MAX_READERS) await new Promise<void>((resolve) => waiting.push(resolve));
  active += 1;
  return () => {
    active -= 1;
    waiting.shift()?.();
  };
}

/**
 * The reader's process yields the CPU to the server's (READER_NICE). A priority belongs to a thread on Linux: a thread
 * started after the change inherits it, one started before keeps its own, so each thread the process has now (its
 * /proc tasks, where there are) is lowered; called at the start and again at its first message, when its threads
 * (V8's helpers) are there. Where the system refuses, the reader runs as it is.
 */
function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  let threads: number[] = [pid];
  try {
    threads = fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    // No /proc here: the process's own priority.
  }
  for (const thread of threads) {
    try {
      os.setPriority(thread, Math.max(os.getPriority(thread), READER_NICE));
    } catch {
      // Not allowed here (a sandbox), or the thread has ended.
    }
  }
}

const refusal = (message: string) => new AppError('VALIDATION', message);

/** A file read in 'checked' mode: its head, how many rows it has, and its first rows (for the mapping's guess). */
export type ReadHead = { table: Omit<ImportTable, 'records'>; rows: number; sample: ImportRecord[] };
/** How the rows are to be checked (the mapping and the prices' context), or null to check none. */
export type CheckPlan = { mapping: ImportMapping; context: PriceContext } | null;

type ReaderCalls = {
  /** 'checked' mode: the head has come; answers how to check the rows (or null: none). */
  plan?: (head: ReadHead) => Promise<CheckPlan>;
  /** 'checked' mode: a batch of checked rows, in file order; the next is asked for once this resolves. */
  rows?: (rows: CheckedRow[]) => Promise<void>;
};

/**
 * Reads `body` in a reader process started from `file` (readImport's; a test passes the compiled one). In 'table'
 * mode it answers the table; in 'checked' mode the head, after which `calls.plan` and `calls.rows` take the rows as
 * the process checks them, one batch at a time. The time limit counts the process's own work: from the start to the
 * head, then each wait for its next batch (not the caller's time with a batch).
 */
export function runReader(
  file: string,
  body: Buffer,
  request: Omit<ReadRequest, 'bytes'>,
  timeoutMs = READ_TIMEOUT_MS,
  calls: ReaderCalls = {},
): Promise<ImportTable> {
  // Its own temporary folder (exceljs parks a sheet there while it waits for the shared strings), removed after it.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-read-'));
  let child: ChildProcess;
  try {
    child = fork(file, [], {
      execArgv: FLAGS,
      serialization: 'advanced',
      stdio: ['pipe', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, TMPDIR: tmp },
    });
    lowerPriority(child.pid);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw new AppError(
      'UNAVAILABLE',
      `The file reader could not start (${err instanceof Error ? err.message : String(err)}); try again in a moment.`,
    );
  }
  return new Promise<ImportTable>((resolve, reject) => {
    let head: Omit<ImportTable, 'records'> | undefined;
    const records: ImportRecord[] = [];
    let stderr = '';
    let settled = false;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    /** The caller's work on the messages, one after the other (a batch is taken in before the next is asked for). */
    let chain: Promise<void> = Promise.resolve();
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (error) reject(error);
      else if (head) resolve({ ...head, records });
      else reject(refusal('The file could not be read.'));
    };
    const waitForReader = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        finish(
          refusal(
            `The file took longer than ${Math.ceil(timeoutMs / 1000)} seconds to read, so it was stopped: save it as CSV, or split it.`,
          ),
        );
      }, timeoutMs);
    };
    const order = (message: CheckOrder) => {
      if (!settled && child.connected)
        child.send(
          message,
          (err) => err && finish(new AppError('UNAVAILABLE', 'The file reader stopped answering; try again in a moment.')),
        );
    };
    /** Runs the caller's work on a message after the work on the messages before it; a failure ends the read. */
    const then = (work: () => Promise<void>) => {
      clearTimeout(timer);
      chain = chain.then(async () => {
        if (settled) return;
        try {
          await work();
        } catch (err) {
          finish(err instanceof Error ? err : new Error(String(err)));
        }
      });
    };
    waitForReader();
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    let lowered = false;
    child.on('message', (reply: ReadReply) => {
      if (!lowered) {
        lowered = true;
        lowerPriority(child.pid);
      }
      if (reply.type === 'head') {
        head = reply.table;
        const { plan } = calls;
        if (!plan) return;
        const read: ReadHead = { table: reply.table, rows: reply.rows ?? 0, sample: reply.sample ?? [] };
        then(async () => {
          const how = await plan(read);
          if (how === null) return order({ type: 'stop' });
          order({ type: 'check', mapping: how.mapping, context: how.context });
          waitForReader();
        });
      } else if (reply.type === 'records') for (const r of reply.records) records.push(r);
      else if (reply.type === 'checked') {
        then(async () => {
          await calls.rows?.(reply.rows);
          order({ type: 'ack' });
          waitForReader();
        });
      } else if (reply.type === 'done') then(async () => finish(null));
      else if (reply.type === 'refused') finish(new AppError(reply.code, reply.message));
      else finish(refusal(`The file could not be read: ${reply.message.slice(0, 300)}`));
    });
    child.on('error', (err) =>
      finish(new AppError('UNAVAILABLE', `The file reader could not start (${err.message}); try again in a moment.`)),
    );
    child.on('exit', (code, signal) => {
      fs.rmSync(tmp, { recursive: true, force: true });
      if (settled || timedOut) return;
      // A 'stop' ends the process after its head: what the caller did with it stands.
      const outcome = () => {
        if (settled) return;
        if (/heap out of memory|Allocation failed|invalid size error/i.test(stderr) || signal === 'SIGABRT' || code === 134) {
          finish(refusal(`The file needs more memory to read than an import may use (${READER_HEAP_MB} MB): save it as CSV, or split it.`));
        } else if (code === 0 && head && calls.plan) finish(null);
        else finish(refusal(`The file could not be read (the reader stopped${signal ? ` on ${signal}` : ` with code ${code}`}).`));
      };
      // Messages already received are taken in first.
      void chain.then(outcome);
    });
    // The file on the reader's stdin, as fast as it takes it (a closed pipe is the reader's exit, reported above).
    child.stdin?.on('error', () => undefined);
    child.send({ ...request, bytes: body.length - (request.join?.bytes ?? 0) } satisfies ReadRequest, (err) => {
      if (err) finish(new AppError('UNAVAILABLE', 'The file reader could not start; try again in a moment.'));
    });
    child.stdin?.end(body);
  });
}

/**
 * Reads an import file (CSV, XLSX, ODS or JSON) into its header and rows, in a process of its own with limits on
 * time, memory, inflated size, rows and cells (decision 0049): whatever the file, the answer is a table or an
 * AppError with a sentence for the operator, and the request thread never waits on a parser.
 */
export async function readImport(body: Buffer, name: string, contentType: string, options: ReadImportOptions = {}): Promise<ImportTable> {
  if (body.length === 0) throw refusal('The file is empty (0 bytes).');
  const limits: ReadLimits = { ...DEFAULT_READ_LIMITS, ...options.limits };
  const done = await turn();
  try {
    const file = await readerFile();
    return await runReader(
      file,
      body,
      { name, contentType, options: { sheet: options.sheet, encoding: options.encoding }, limits },
      options.timeoutMs ?? READ_TIMEOUT_MS,
    );
  } finally {
    done();
  }
}

/**
 * Reads an import file as readImport does, and has the reader's process check its rows too (decision 0049, addendum): `plan`
 * gets the head (headers, row count, the first rows) and answers how to check; `rows` gets the checked rows in
 * batches, in file order, each after the one before it was taken in. The server holds one or two batches at a time,
 * never the whole file, and spends no event-loop time on the check. Answers the head.
 */
export async function readChecked(
  body: Buffer,
  name: string,
  contentType: string,
  options: ReadImportOptions,
  plan: (head: ReadHead) => Promise<CheckPlan>,
  rows: (rows: CheckedRow[]) => Promise<void>,
): Promise<Omit<ImportTable, 'records'>> {
  if (body.length === 0) throw refusal('The file is empty (0 bytes).');
  if (options.join?.body.length === 0) throw refusal(`The second file (${options.join.name}) is empty (0 bytes).`);
  const limits: ReadLimits = { ...DEFAULT_READ_LIMITS, ...options.limits };
  const done = await turn();
  try {
    const file = await readerFile();
    const join = options.join;
    const request = {
      name,
      contentType,
      options: { sheet: options.sheet, encoding: options.encoding },
      limits,
      mode: 'checked' as const,
      ...(join
        ? { join: { name: join.name, contentType: join.contentType, bytes: join.body.length, key: join.key, joinKey: join.joinKey } }
        : {}),
    };
    // The second file's bytes follow the first's on the reader's stdin.
    const bytes = join ? Buffer.concat([body, join.body]) : body;
    const { records: _none, ...head } = await runReader(file, bytes, request, options.timeoutMs ?? READ_TIMEOUT_MS, { plan, rows });
    return head;
  } finally {
    done();
  }
}
