import type { Database } from './client';
import { DatabaseTimeoutError } from './pool';

/** Seconds a client is asked to wait before trying again when the database is away or busy. */
export const DATABASE_RETRY_AFTER_S = 5;

/** How a request failed because of the database rather than its own fault; null for any other error. */
export type DatabaseFailure = {
  /** 'slow': a statement ran past its limit; 'unavailable': the server refused, vanished or did not answer. */
  kind: 'slow' | 'unavailable';
  /** A sentence for the person who asked. */
  message: string;
};

const SLOW: DatabaseFailure = { kind: 'slow', message: 'The request took too long. Please try again.' };
const UNAVAILABLE: DatabaseFailure = {
  kind: 'unavailable',
  message: 'The site cannot reach its database just now. Please try again in a moment.',
};

/** SQLSTATEs that say the server (not the statement) is the problem. */
function failureForSqlState(state: string): DatabaseFailure | null {
  if (state === '57014') return SLOW; // query_canceled: the statement timeout
  // Class 08: connection exceptions; 57P01-57P03: shutting down, crashed, starting up; class 53: out of
  // connections, memory or disk; 3D000: no such database; 28000/28P01: the server refuses these credentials.
  if (/^08|^57P0[1-3]$|^53|^3D000$|^28(000|P01)$/.test(state)) return UNAVAILABLE;
  return null;
}

/** System error codes of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** node-postgres's own words for a pool or connection that cannot serve a statement (pg 8, pg-pool 3). */
const CLIENT_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Query read timeout)$/;

function failureOf(e: object): DatabaseFailure | null {
  if (e instanceof DatabaseTimeoutError) return UNAVAILABLE;
  const { code, syscall, message } = e as { code?: unknown; syscall?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code)) {
      const failure = failureForSqlState(code);
      if (failure) return failure;
    }
    if (NETWORK_CODES.has(code)) return UNAVAILABLE;
    // A unix socket (the embedded database's) that is not there.
    if (code === 'ENOENT' && syscall === 'connect') return UNAVAILABLE;
  }
  if (typeof message === 'string' && CLIENT_MESSAGES.test(message)) return UNAVAILABLE;
  return null;
}

/**
 * Whether an error means the database is unavailable or overloaded, looked up through the wrappers drizzle and
 * the auth library put around the driver's error. Such a request is answered 503 with Retry-After, never 500:
 * it is nobody's fault in the request, and it works again once the database is back.
 */
export function databaseFailure(err: unknown): DatabaseFailure | null {
  const seen = new Set<unknown>();
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 6 && !seen.has(e);
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    seen.add(e);
    const failure = failureOf(e);
    if (failure) return failure;
    // AggregateError: a connection attempt to each address of a host name (localhost: ::1, then 127.0.0.1).
    if (e instanceof AggregateError && e.errors.some((inner) => inner && typeof inner === 'object' && failureOf(inner as object))) {
      return UNAVAILABLE;
    }
  }
  return null;
}

/**
 * True when the database answers a trivial statement within the limit: health checks must answer quickly even
 * when the database hangs (the statement itself then ends at the client's own query timeout).
 */
export async function databaseAnswers(database: Database, limitMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), limitMs);
  });
  try {
    return await Promise.race([database.ping().then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
