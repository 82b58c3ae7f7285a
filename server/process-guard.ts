/**
 * What ends the server's process and what does not (issue 39, decision 0081).
 *
 * - A rejected promise nobody handles is logged and the process keeps serving. Such a rejection is a piece of
 *   asynchronous work that failed with nobody waiting for its answer (a library's bookkeeping statement, a task
 *   started with `void`): its own step is lost, nothing else is half done, and ending the process for it would
 *   turn one failed statement into every visitor's "connection refused". Each one found is still a bug to fix
 *   where it starts; this is the net under them.
 * - An uncaught exception ends the process (exit code 1) after it is logged. It is a synchronous throw out of a
 *   callback, cut off in the middle of whatever it was doing (a stream half written, a lock never released, a
 *   counter not put back): the process's state can no longer be trusted, and only a fresh start is known good. A
 *   supervisor (systemd's Restart=, a container's restart policy) brings the server back within seconds; the
 *   embedded database recovers from its write-ahead log at the next start, and jobs left active are put back.
 */
import { serializeError } from './logging';

export type GuardLog = {
  error(obj: unknown, msg?: string): void;
  fatal(obj: unknown, msg?: string): void;
};

export const UNHANDLED_REJECTION_MESSAGE = 'A promise was rejected with nothing to handle it; the server keeps serving';
export const UNCAUGHT_EXCEPTION_MESSAGE = 'An uncaught exception: the server stops so that its supervisor starts it afresh';

/**
 * Installs the two process-level handlers. `log` is asked at each event (main.ts swaps the start-up logger for the
 * app's once it exists); `exit` is process.exit unless a test gives another.
 */
export function guardProcess(log: () => GuardLog, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  const onRejection = (reason: unknown) => {
    log().error({ err: reason }, UNHANDLED_REJECTION_MESSAGE);
  };
  const onException = (err: Error, origin: string) => {
    try {
      log().fatal({ err, origin }, UNCAUGHT_EXCEPTION_MESSAGE);
    } finally {
      exit(1);
    }
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.removeListener('unhandledRejection', onRejection);
    process.removeListener('uncaughtException', onException);
  };
}

/** Before the app's logger exists: one JSON line on stderr, as pino would write it. */
export const startupLog: GuardLog = {
  error: (obj, msg) => console.error(JSON.stringify({ level: 50, msg, err: describe(obj) })),
  fatal: (obj, msg) => console.error(JSON.stringify({ level: 60, msg, err: describe(obj) })),
};

function describe(obj: unknown): unknown {
  return serializeError((obj as { err?: unknown } | null)?.err);
}
