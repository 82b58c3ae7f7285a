/**
 * Visitors first (issue 39, decision 0081): the database work of background jobs (link checks, picture fetches and
 * hashes, digests, sheet syncs, an import's batches, the job queue's own bookkeeping) runs in the background lane, and
 * takes a bounded share of the database there:
 *
 * - on PostgreSQL, a small pool of its own, so a visitor's request never waits behind background statements for one
 *   of the app's connections;
 * - on the embedded database (one connection), one background statement (or transaction) at a time, started only
 *   when the connection is free, no visitor's request waits for it and no visitor's statement ended in the last
 *   VISITOR_QUIET_MS (a request between two of its statements), or, when visitors never leave such a moment, within
 *   BACKGROUND_SHARE of the connection's time. A request that arrives meanwhile waits for that one statement at most,
 *   never for a queue of them.
 *
 * The lane is the asynchronous context: work started inside `inBackground` (and every timer and promise it makes)
 * is background work, whatever repo or service it goes through; everything else is a visitor's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

const lane = new AsyncLocalStorage<'background'>();

/** Runs `work` (and everything it starts) in the background lane. */
export function inBackground<T>(work: () => T): T {
  return lane.run('background', work);
}

/** Runs `work` in the visitors' lane, even when called from background work (a visitor's request it serves). */
export function inForeground<T>(work: () => T): T {
  return lane.exit(work);
}

export function isBackground(): boolean {
  return lane.getStore() === 'background';
}

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;
type Connect = (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;

/** How often a waiting background statement looks again when no release told it to (a visitor's wait timed out). */
const RECHECK_MS = 10;
/**
 * After a visitor's statement gives the connection back, background work waits this long with no visitor's statement
 * before it starts (issue 39): a request runs its statements one after the other with its own work between them, and
 * a background statement let in between two of them made the request wait for it, again at its next gap. On a
 * saturated machine a background statement takes ten times its idle time, and reads then waited past the pool's
 * limit. A request's own gaps are shorter than this; a site with no gap this long for 30 s is overloaded anyway
 * (BACKGROUND_WAIT_LIMIT_MS).
 */
export const VISITOR_QUIET_MS = 30;
/**
 * Under visitors that leave the connection no quiet moment (a saturated site), background work still gets a bounded
 * share of it (issue 39): a background statement starts once the connection is next free (after the requests already
 * waiting) while background statements held it for less than this share of the last BACKGROUND_SHARE_WINDOW_MS. Before,
 * it waited for the 30 s limit: under the bench's model traffic an import wrote 100 of 100,000 rows in 30 s and the
 * link sweep checked nothing. Requests wait for one background statement at most (an import's batch is sized to
 * about IMPORT_BATCH_TARGET_MS while visitors are about), and visitors keep the rest of the connection's time.
 */
export const BACKGROUND_SHARE = 0.1;
export const BACKGROUND_SHARE_WINDOW_MS = 1000;
/**
 * The longest a background statement waits for a moment with no visitor waiting; then it queues with the requests.
 * A site whose requests never leave the connection free for this long is overloaded anyway, and background work
 * that never runs would be lost work (a link check, an import's batch); it also ends the wait of a statement sent
 * outside the transaction its own background work holds (it then fails as any statement finding no connection).
 */
export const BACKGROUND_WAIT_LIMIT_MS = 30_000;

/**
 * Sends the background lane's connections of `pool` elsewhere: node-postgres's `query` and drizzle's transactions
 * both take their connection through `connect`, so this one place decides for every statement.
 */
function routeConnect(pool: pg.Pool, background: (own: () => Promise<pg.PoolClient>) => Promise<pg.PoolClient>): void {
  const own = pool.connect.bind(pool) as Connect;
  const connect: Connect = (callback) => {
    if (!isBackground()) return own(callback);
    const got = background(() => own() as Promise<pg.PoolClient>);
    if (!callback) return got;
    got.then(
      (client) => callback(undefined, client, (err) => client.release(err as Error | boolean | undefined)),
      (err: Error) => callback(err),
    );
    return undefined;
  };
  Object.defineProperty(pool, 'connect', { value: connect, configurable: true, writable: true });
}

/** PostgreSQL: background statements take their connections from `background`, a small pool of their own. */
export function giveBackgroundItsOwnPool(pool: pg.Pool, background: pg.Pool): void {
  routeConnect(pool, () => background.connect());
}

export type BackgroundGate = {
  /** Background statements waiting for their turn (for tests and the health figures). */
  readonly waiting: number;
  /** Whether a background statement holds the connection now. */
  readonly holding: boolean;
  /** How long ago a visitor's statement last gave the connection back (Infinity before the first). */
  sinceVisitorMs(): number;
  /**
   * How long ago background work last had to take its share (BACKGROUND_SHARE) because visitors left the connection
   * no quiet moment: a crowded site (Infinity before the first).
   */
  sinceCrowdedMs(): number;
};

/**
 * The embedded database: `pool` has `connections` connections (one); background statements go one at a time, and
 * each only when a connection is free and no visitor waits for one.
 */
export function gateBackground(
  pool: pg.Pool,
  connections: number,
  waitLimitMs = BACKGROUND_WAIT_LIMIT_MS,
  quietMs = VISITOR_QUIET_MS,
  share = BACKGROUND_SHARE,
): BackgroundGate {
  let holders = 0;
  type Waiter = { admit(): void; since: number };
  const waiters: Waiter[] = [];
  let timer: NodeJS.Timeout | undefined;

  /** The clients the background holds now (a release of any other is a visitor's statement ending). */
  const held = new WeakSet<pg.PoolClient>();
  /** When a visitor's statement last gave the connection back. */
  let visitorAt = 0;
  /** When a background statement last started on its share, not in a quiet moment. */
  let crowdedAt = 0;
  /** When background statements held the connection lately ([from, to]; the last BACKGROUND_SHARE_WINDOW_MS). */
  const spans: Array<[number, number]> = [];
  /** The share of the last window background statements held the connection for. */
  const backgroundShare = (now: number) => {
    const since = now - BACKGROUND_SHARE_WINDOW_MS;
    while (spans.length > 0 && (spans[0]?.[1] ?? now) < since) spans.shift();
    let held = 0;
    for (const [from, to] of spans) held += to - Math.max(from, since);
    return held / BACKGROUND_SHARE_WINDOW_MS;
  };

  const free = () => holders === 0 && pool.waitingCount === 0 && (pool.idleCount > 0 || pool.totalCount < connections);
  const admit = () => {
    if (waiters.length === 0) return;
    const now = Date.now();
    const quietFor = now - visitorAt;
    const waited = now - (waiters[0]?.since ?? now);
    const turn = holders === 0 && backgroundShare(now) < share;
    const quiet = free() && quietFor >= quietMs;
    if (quiet || turn || waited >= waitLimitMs) {
      if (!quiet) crowdedAt = now;
      holders += 1;
      waiters.shift()?.admit();
      return;
    }
    timer ??= setTimeout(
      () => {
        timer = undefined;
        admit();
      },
      free() ? Math.max(1, quietMs - quietFor) : RECHECK_MS,
    );
  };
  const done = () => {
    holders -= 1;
    // After the pool has handed the connection to the visitors waiting for it (it does so as it takes it back).
    setImmediate(admit);
  };
  pool.on('release', (_err: Error | undefined, client: pg.PoolClient) => {
    if (!held.has(client)) visitorAt = Date.now();
    if (waiters.length > 0) setImmediate(admit);
  });

  routeConnect(pool, async (own) => {
    await new Promise<void>((resolve) => {
      waiters.push({ admit: resolve, since: Date.now() });
      admit();
    });
    let client: pg.PoolClient;
    try {
      client = await own();
    } catch (err) {
      done();
      throw err;
    }
    const release = client.release.bind(client);
    let released = false;
    held.add(client);
    const gotAt = Date.now();
    client.release = (err?: Error | boolean) => {
      if (!released) {
        released = true;
        spans.push([gotAt, Date.now()]);
        // The pool's 'release' event comes during `release`: still the background's then.
        done();
      }
      release(err);
      held.delete(client);
    };
    return client;
  });

  return {
    get waiting() {
      return waiters.length;
    },
    get holding() {
      return holders > 0;
    },
    sinceVisitorMs: () => (visitorAt === 0 ? Infinity : Date.now() - visitorAt),
    sinceCrowdedMs: () => (crowdedAt === 0 ? Infinity : Date.now() - crowdedAt),
  };
}
