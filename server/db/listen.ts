// LISTEN on PostgreSQL (and on PGlite through the app's pool): a connection of its own that comes back after a
// server restart, and the channel the catalogue tables' triggers notify on.
import pg from 'pg';
import type { Database } from './client';

/** Sent by the catalogue tables' triggers (migration 0008) on every change: the payload is the table's name. */
export const CATALOGUE_CHANNEL = 'finder_catalogue';
const LISTEN_RETRY_MS = 1000;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), opened again after any failure,
 * waiting up to 30 s between tries while the server is away.
 */
export function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  applicationName?: string,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS;
  let everConnected = false;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
  };

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      ...(applicationName ? { application_name: applicationName } : {}),
    });
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      if (current === client) current = null;
      void client.end().catch(() => undefined);
      retry();
    };
    client.on('error', fail);
    client.on('end', fail);
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch {
      fail();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = LISTEN_RETRY_MS;
    if (everConnected) onNotify('reconnected');
    everConnected = true;
  };

  return connect().then(() => async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    client?.removeAllListeners('end');
    await client?.end().catch(() => undefined);
  });
}

/**
 * Every connection of PostgreSQL pools (the requests' and the background lane's) LISTENs on `channels` from its first moment. A change made through this
 * process's own pool is then reported before the statement's answer comes back (PostgreSQL sends a session its own
 * notifications before it says it is ready for the next query), so what this process keeps in memory never outlives
 * its own write, whichever connection made it. Other processes' changes come on the connection of `listenPostgres`
 * too (a pooled connection hears them only when it next works or idles). Returns the subscribe function for those
 * channels; a notification may come once per connection.
 */
export function listenOnEveryConnection(
  pools: pg.Pool[],
  channels: string[],
): (channel: string, onNotify: (payload: string) => void) => () => void {
  const listeners = new Map<string, Set<(payload: string) => void>>(channels.map((c) => [c, new Set()]));
  for (const pool of pools) {
    pool.on('connect', (client) => {
      client.on('notification', (message) => {
        for (const onNotify of listeners.get(message.channel) ?? []) onNotify(message.payload ?? '');
      });
      // Queued before any query the pool hands the connection to.
      for (const channel of channels) client.query(`LISTEN "${channel.replace(/"/g, '""')}"`).catch(() => undefined);
    });
  }
  return (channel, onNotify) => {
    const set = listeners.get(channel);
    set?.add(onNotify);
    return () => set?.delete(onNotify);
  };
}

/**
 * Notifications of the embedded database, which has one connection (pglite-worker.ts): that connection LISTENs,
 * and node-postgres reports what arrives with any answer on it. A replacement connection LISTENs again, and
 * 'reconnected' is reported, since notifications may have been missed meanwhile.
 */
export function listenOnPool(pool: pg.Pool): Database['listen'] {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const quoted = (channel: string) => `LISTEN "${channel.replace(/"/g, '""')}"`;
  let connections = 0;
  pool.on('connect', (client) => {
    client.on('notification', (message) => {
      for (const onNotify of listeners.get(message.channel) ?? []) onNotify(message.payload ?? '');
    });
    for (const channel of listeners.keys()) client.query(quoted(channel)).catch(() => undefined);
    connections += 1;
    if (connections > 1) for (const set of listeners.values()) for (const onNotify of set) onNotify('reconnected');
  });
  return async (channel, onNotify) => {
    let set = listeners.get(channel);
    if (!set) {
      set = new Set();
      listeners.set(channel, set);
      await pool.query(quoted(channel));
    }
    set.add(onNotify);
    const added = set;
    return async () => {
      added.delete(onNotify);
    };
  };
}
