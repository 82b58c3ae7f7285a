/**
 * The embedded database's own thread (decision 0031). PGlite runs every query synchronously on the thread that
 * holds it; here that is this worker, so the HTTP event loop stays free while a query runs. It serves the PostgreSQL
 * wire protocol on a unix socket in a private directory, and the main thread reaches it with node-postgres, as it
 * reaches a PostgreSQL server.
 *
 * One connection only (the library's default): PGlite is one session, and the library's multiplexer interleaves
 * the messages of several connections (an extended-protocol Parse of one between Parse and Bind of another), so
 * the main thread keeps a pool of one.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { pgliteOptions } from './pglite-options';

export type PgliteWorkerData = { dir: string; socketPath: string; statementTimeoutMs: number };
/** Worker → main thread. */
export type PgliteWorkerMessage = { type: 'ready' } | { type: 'failed'; message: string; stack?: string | undefined } | { type: 'closed' };
/** Main thread → worker. */
export type PgliteWorkerCommand = { type: 'close' };

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (see client.ts)');
const { dir, socketPath, statementTimeoutMs } = workerData as PgliteWorkerData;
const send = (message: PgliteWorkerMessage) => port.postMessage(message);

let db: PGlite | undefined;
let server: PGLiteSocketServer | undefined;

async function start(): Promise<void> {
  db = await PGlite.create(dir, pgliteOptions());
  // One session serves every connection, so a session setting made here holds for all of them.
  await db.exec(`set statement_timeout = ${Math.trunc(statementTimeoutMs)}`);
  // The pool keeps one connection (PGlite is one session; the library queues every connection's statements through
  // it). Room for a second: node-postgres replaces a connection after any failed statement (a unique violation, say),
  // and the new one arrives while the old one is still closing; with room for one, it was refused ("Too many
  // connections", read by the app as ECONNRESET: a 503 for a request that had done nothing wrong).
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
  await server.start();
}

async function stop(): Promise<void> {
  try {
    await server?.stop();
  } finally {
    // Closing writes PGlite's state back to the data directory; without it the next start recovers from its log.
    await db?.close();
  }
}

port.on('message', (command: PgliteWorkerCommand) => {
  if (command.type !== 'close') return;
  stop().then(
    () => {
      send({ type: 'closed' });
      port.close();
    },
    (err: unknown) => {
      send({
        type: 'failed',
        message: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      });
      port.close();
    },
  );
});

start().then(
  () => send({ type: 'ready' }),
  (err: unknown) => {
    send({
      type: 'failed',
      message: err instanceof Error ? err.message : String(err),
      stack: err instanceof Error ? err.stack : undefined,
    });
    void stop().finally(() => port.close());
  },
);
