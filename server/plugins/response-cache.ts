import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { apiKey, cacheControl, policyUntil, PRIVATE_NO_STORE, type CachePolicy } from './cache-policy';
import {
  acceptedEncoding,
  COMPRESS_THRESHOLD,
  compress,
  entrySize,
  etagOf,
  headerList,
  matches,
  replayed,
  STORABLE,
  withAcceptEncoding,
  type Entry,
} from './cached-answer';

/** Addresses remembered with their public route's key, or its way to work the key out (answerFromMemory). */
const ADDRESSES_REMEMBERED = 20_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET route: its answers are the same for everyone, so they are kept and shared (response-cache.ts). */
    publicCache?: CachePolicy;
    /**
     * What the answer depends on, as a key (by default the address as asked); null: this request's answer is not
     * shared. Runs before the handler, so a kept answer goes out before load shedding or any database work.
     */
    cacheKey?: (request: FastifyRequest) => string | null;
    /**
     * With `cacheKey`: how to work out the same key for this request's address from the headers alone, so a kept
     * answer can go out before Fastify routes the request (answerFromMemory). Absent: only Fastify does.
     */
    earlyCacheKey?: ((request: FastifyRequest) => (headers: IncomingHttpHeaders) => string) | undefined;
    /**
     * A guarded GET route whose answer is the same for everyone its guard lets through (the admin product list): the
     * answer is kept in this process, keyed by the address, and served after the guard, to those it admits only. It
     * stays `private, no-store` to everyone else on the way, and is dropped with the rest on every catalogue change.
     */
    keptBehindGuard?: boolean;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyRequest {
    /** Set when this answer may be kept under this key (by serveOrMark). */
    responseCacheKey: string | null;
    responseCachePolicy: CachePolicy | null;
    /** The cache's generation when the request began: an answer that straddles a change is not kept. */
    responseCacheGeneration: number;
    /** When this request's answer stops being true by itself (ms since the epoch), if it does: see `expireAt`. */
    responseCacheExpiresAt: number | null;
  }
}

export type ResponseCache = {
  /**
   * Answers from the cache (a 304 when the visitor's copy is current) and returns true, or marks the request so its
   * answer is kept under `key` and returns false. The caller's answer must depend on nothing but what `key` says.
   */
  serveOrMark(request: FastifyRequest, reply: FastifyReply, key: string, policy: CachePolicy): boolean;
  /**
   * Answers a request for a kept public answer straight from the server's request event, before Fastify builds
   * anything for it (`answeringFromMemoryFirst`); true when it did. Only addresses Fastify has already routed to a
   * public route are known here, each with its key or the route's way to work it out (`earlyCacheKey`).
   */
  answerFromMemory(req: IncomingMessage, res: ServerResponse): boolean;
  /** Drops every kept answer (a catalogue change, here or in another process). */
  clear(reason: string): void;
  /**
   * Says the request's answer stops being true at `at` (an agent's promotion starts or ends then; null: never by
   * itself). A kept copy is not served from then on, and its Cache-Control never lets a browser or shared cache keep
   * it past that moment. The earliest of several calls counts.
   */
  expireAt(request: FastifyRequest, at: Date | null): void;
  /**
   * `shared`: answers given to requests that waited for the same answer being made by another; `early`: the hits
   * answered before Fastify (answerFromMemory).
   */
  stats(): { entries: number; bytes: number; hits: number; misses: number; clears: number; shared: number; early: number };
};

export type ResponseCacheOptions = {
  /** Upper bound of the kept bodies and their compressed copies, in bytes; 0 keeps nothing (headers, ETags and 304s stay). */
  maxBytes: number;
  /**
   * Subscribes to catalogue changes made anywhere (the database's notifications); the cache is dropped on each.
   * Returns the unsubscribe function, called when the app closes.
   */
  subscribe?: (onChange: (detail: string) => void) => Promise<() => Promise<void>>;
};

/**
 * The shared answers of anonymous visitors (issue 12, decision 0030): rendered pages and public API answers, kept in
 * memory (bounded in bytes, least recently used first out) with their compressed copies, and answered with a 304
 * when the visitor already has them. Every answer that passes through gets its Cache-Control; an /api answer that
 * says nothing of caching gets `private, no-store`. The whole cache is dropped on any catalogue change: locally when
 * an admin request changed something, and from the database's notifications for changes made by other processes
 * or by background jobs.
 */
export const responseCache = fp<ResponseCacheOptions>(
  async (app: FastifyInstance, options) => {
    const keeps = options.maxBytes > 0;
    const lru = new LRUCache<string, Entry>({
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (entry, key) => entrySize(entry, key),
    });
    let generation = 0;
    const counters = { hits: 0, misses: 0, clears: 0, shared: 0, early: 0 };
    /**
     * Answers being made now, by key: a request for the same key waits for that one instead of making it again
     * (a crowd arriving at a page nobody has asked for since the last change makes it once). Settled with the
     * answer, or null when it cannot be shared (a stream, a cookie, a client gone before the end).
     */
    type Flight = { promise: Promise<Entry | null>; settle: (entry: Entry | null) => void };
    const inFlight = new Map<string, Flight>();
    /** The flight a request leads, if it does. */
    const leading = new WeakMap<FastifyRequest, Flight>();
    const settle = (request: FastifyRequest, key: string, entry: Entry | null) => {
      const flight = leading.get(request);
      if (!flight) return;
      leading.delete(request);
      if (inFlight.get(key) === flight) inFlight.delete(key);
      flight.settle(entry);
    };

    app.decorateRequest('responseCacheKey', null);
    app.decorateRequest('responseCachePolicy', null);
    app.decorateRequest('responseCacheGeneration', 0);
    app.decorateRequest('responseCacheExpiresAt', null);

    /** The kept answer under `key` while it is still true (one past its expiry is dropped). */
    const kept = (key: string): Entry | undefined => {
      const entry = lru.get(key);
      if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
        lru.delete(key);
        return undefined;
      }
      return entry;
    };

    /**
     * A hit goes straight to the socket with the headers kept from the original answer: no serializer, no onSend
     * work, nothing computed but the encoding. This is the path a crowd takes, so it is kept short.
     */
    function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry, how: 'hit' | 'shared'): void {
      void reply.hijack();
      request.answeredWithoutWork = true;
      writeEntry(request.raw, reply.raw, entry, how, request.responseCacheKey);
    }

    function writeEntry(req: IncomingMessage, res: ServerResponse, entry: Entry, how: 'hit' | 'shared', key: string | null): void {
      if (entry.etag && matches(req.headers['if-none-match'], entry.etag)) {
        res.writeHead(304, headerList(entry, how, 'not-modified', 0));
        res.end();
        return;
      }
      const encoding = entry.body.length >= COMPRESS_THRESHOLD ? acceptedEncoding(req.headers['accept-encoding']) : null;
      let body = entry.body;
      if (encoding) {
        const encoded = entry.encoded[encoding] ?? compress(entry.body, encoding);
        if (!entry.encoded[encoding]) {
          entry.encoded[encoding] = encoded;
          // The entry grew: tell the cache its new size (it may now push older entries out).
          if (key && lru.peek(key) === entry) lru.set(key, entry);
        }
        body = encoded;
      }
      res.writeHead(entry.status, headerList(entry, how, encoding ?? 'identity', body.length));
      res.end(req.method === 'HEAD' ? undefined : body);
    }

    /**
     * The addresses Fastify routed to a public route, each with the key that route gave it (a public API answer
     * depends on its address alone) or the route's way to work it out from the headers (`earlyCacheKey`: pages).
     * The same address always reaches the same route, so a kept answer can be sent for it without routing it again.
     * Bounded: an address forgotten is routed by Fastify again.
     */
    const keysByAddress = new LRUCache<string, string | ((headers: IncomingHttpHeaders) => string)>({ max: ADDRESSES_REMEMBERED });
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    const cache: ResponseCache = {
      serveOrMark(request, reply, key, policy) {
        const entry = keeps ? kept(key) : undefined;
        request.responseCacheKey = key;
        if (entry) {
          counters.hits++;
          sendEntry(request, reply, entry, 'hit');
          return true;
        }
        request.responseCachePolicy = policy;
        request.responseCacheGeneration = generation;
        return false;
      },
      answerFromMemory(req, res) {
        if (!keeps || closing || (req.method !== 'GET' && req.method !== 'HEAD') || req.url === undefined) return false;
        const known = keysByAddress.get(req.url);
        const key = typeof known === 'function' ? known(req.headers) : known;
        const entry = key === undefined ? undefined : kept(key);
        if (!entry) return false;
        counters.hits++;
        counters.early++;
        writeEntry(req, res, entry, 'hit', key ?? null);
        return true;
      },
      clear(reason) {
        generation++;
        counters.clears++;
        if (lru.size > 0) app.log.debug({ reason, entries: lru.size }, 'response cache dropped');
        lru.clear();
      },
      expireAt(request, at) {
        if (at === null) return;
        const t = at.getTime();
        if (request.responseCacheExpiresAt === null || t < request.responseCacheExpiresAt) request.responseCacheExpiresAt = t;
      },
      stats: () => ({ entries: lru.size, bytes: lru.calculatedSize, ...counters }),
    };
    app.decorate('responseCache', cache);

    // Public routes say so in their config; the key is the address as asked unless the route says what else counts.
    app.addHook('onRequest', async (request, reply) => {
      const { publicCache: policy, cacheKey, earlyCacheKey } = request.routeOptions.config;
      if (!policy || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
      const key = cacheKey ? cacheKey(request) : apiKey(request);
      if (key === null) return undefined;
      if (keeps && !keysByAddress.has(request.url)) {
        if (!cacheKey) keysByAddress.set(request.url, key);
        else if (earlyCacheKey) keysByAddress.set(request.url, earlyCacheKey(request));
      }
      if (cache.serveOrMark(request, reply, key, policy)) return reply;
      const pending = keeps ? inFlight.get(key) : undefined;
      if (pending) {
        const entry = await pending.promise;
        if (entry) {
          counters.shared++;
          sendEntry(request, reply, entry, 'shared');
          return reply;
        }
      }
      counters.misses++;
      if (!keeps || pending) return undefined;
      let settleWith: (entry: Entry | null) => void = () => undefined;
      const flight: Flight = {
        promise: new Promise<Entry | null>((resolve) => (settleWith = resolve)),
        settle: (entry) => settleWith(entry),
      };
      inFlight.set(key, flight);
      leading.set(request, flight);
      // Whatever happens to this request (an error, a client gone), the others waiting on it go on.
      reply.raw.once('close', () => settle(request, key, null));
      return undefined;
    });

    // After the route's own onRequest (its guard) and the validation of its query: only those the guard admits
    // reach a kept answer of a guarded route.
    app.addHook('preHandler', async (request, reply) => {
      if (!keeps || request.method !== 'GET' || !request.routeOptions.config.keptBehindGuard) return undefined;
      const key = `guarded ${request.url}`;
      const entry = kept(key);
      request.responseCacheKey = key;
      if (entry) {
        counters.hits++;
        sendEntry(request, reply, entry, 'hit');
        return reply;
      }
      counters.misses++;
      request.responseCacheGeneration = generation;
      return undefined;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      // A change through the API: every process's copy is stale (others hear it from the database).
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/admin/') && reply.statusCode < 400) {
        cache.clear(`${request.method} ${request.routeOptions.url ?? request.url}`);
      }
      const policy = request.responseCachePolicy;
      const key = request.responseCacheKey;
      if (key && !policy) {
        // Kept behind a guard: stored as answered (private, no-store, no validator), never shared on the way.
        if (reply.statusCode === 200 && !reply.hasHeader('set-cookie') && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
          const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
          if (!reply.hasHeader('content-type')) reply.header('content-type', 'application/json; charset=utf-8');
          if (request.responseCacheGeneration === generation)
            lru.set(key, { status: 200, body, etag: '', headers: replayed(reply), encoded: {} });
          reply.header('x-cache', 'miss');
        }
        return payload;
      }
      if (!policy || !key) {
        if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_NO_STORE);
        return payload;
      }
      const status = reply.statusCode;
      const shareable = !reply.hasHeader('set-cookie') && (typeof payload === 'string' || Buffer.isBuffer(payload));
      if (!STORABLE.has(status) || !shareable) {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', status >= 500 ? 'no-store' : 'no-cache');
        // Those who asked at the same moment get the same answer (a 503 while the database is away), not a wait
        // of their own for it.
        settle(
          request,
          key,
          shareable ? { status, body: Buffer.from(payload as string | Buffer), etag: '', headers: replayed(reply), encoded: {} } : null,
        );
        return payload;
      }
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const etag = etagOf(body);
      const vary = reply.getHeader('vary');
      const expiresAt = request.responseCacheExpiresAt ?? undefined;
      // Every answer of a kept address may come compressed, whichever this one is: shared caches must key on it.
      reply
        .header('cache-control', cacheControl(expiresAt === undefined ? policy : policyUntil(policy, expiresAt, Date.now())))
        .header('etag', etag);
      reply.header('vary', withAcceptEncoding(vary));
      if (!reply.hasHeader('content-type')) reply.header('content-type', 'application/json; charset=utf-8');
      const entry: Entry = {
        status,
        body,
        etag,
        headers: replayed(reply),
        encoded: {},
        ...(expiresAt === undefined ? {} : { expiresAt, policy }),
      };
      // An answer read before a change and finished after it would bring back what the change replaced: only
      // answers begun in the current generation are kept (those waiting for it asked before the change too).
      if (keeps && request.responseCacheGeneration === generation && (expiresAt === undefined || expiresAt > Date.now()))
        lru.set(key, entry);
      settle(request, key, entry);
      reply.header('x-cache', 'miss');
      if (matches(request.headers['if-none-match'], etag)) {
        reply.code(304);
        return null;
      }
      return payload;
    });

    if (options.subscribe) {
      const unsubscribe = await options.subscribe((detail) => cache.clear(`catalogue changed (${detail})`));
      app.addHook('onClose', async () => {
        await unsubscribe();
      });
    }
  },
  { name: 'finder-response-cache' },
);

/**
 * Fastify's `serverFactory`: the HTTP server as Fastify makes it (the same timeouts), whose request event offers each
 * request to the response cache (`answerFromMemory`) before Fastify builds its request, reply and logger for it. Most
 * of a crowd asks for kept pages and API answers, and this is what each of them then costs: a lookup and a write.
 * Answers sent here are not logged (at debug, the cache's other hits are).
 */
export function answeringFromMemoryFirst(cache: () => ResponseCache | null) {
  return (handler: (req: IncomingMessage, res: ServerResponse) => void, options: FastifyServerOptions): http.Server => {
    const server = http.createServer((req, res) => {
      if (cache()?.answerFromMemory(req, res)) return;
      handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
