import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

/**
 * How long others may keep a public answer. Browsers revalidate at once (max-age 0; the answer to that is a 304
 * from this cache), shared caches (a CDN, a proxy) keep it for s-maxage and may serve it stale while they fetch
 * the next (stale-while-revalidate): a change reaches everyone through a CDN within s-maxage.
 */
export type CachePolicy = { maxAge: number; sMaxAge: number; staleWhileRevalidate: number };

/** Finder pages, product pages and the public API answers behind them. */
export const PUBLIC_POLICY: CachePolicy = { maxAge: 0, sMaxAge: 60, staleWhileRevalidate: 600 };
/** Answers that change only when the code does (the OpenAPI document, the legal pages). */
export const STATIC_POLICY: CachePolicy = { maxAge: 300, sMaxAge: 3600, staleWhileRevalidate: 86_400 };

/** Anything that depends on who is asking. */
export const PRIVATE_NO_STORE = 'private, no-store';

export function cacheControl(policy: CachePolicy): string {
  return `public, max-age=${policy.maxAge}, s-maxage=${policy.sMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`;
}

type Encoding = 'br' | 'gzip';

type Entry = {
  status: number;
  contentType: string;
  body: Buffer;
  etag: string;
  cacheControl: string;
  vary: string | undefined;
  /** Compressed copies, made on the first hit that asks for each. */
  encoded: Partial<Record<Encoding, Buffer>>;
};

/** Statuses worth keeping: a page, or the answer that there is no such product (404) or no longer (410). */
const STORABLE = new Set([200, 404, 410]);
/** Bodies smaller than this go out uncompressed (as @fastify/compress does). */
const COMPRESS_THRESHOLD = 1024;
const ENTRY_OVERHEAD = 512;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET route: its answers are the same for everyone, so they are kept and shared (response-cache.ts). */
    publicCache?: CachePolicy;
    /**
     * What the answer depends on, as a key (by default the address as asked); null: this request's answer is not
     * shared. Runs before the handler, so a kept answer goes out before load shedding or any database work.
     */
    cacheKey?: (request: FastifyRequest) => string | null;
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
  }
}

export type ResponseCache = {
  /**
   * Answers from the cache (a 304 when the visitor's copy is current) and returns true, or marks the request so its
   * answer is kept under `key` and returns false. The caller's answer must depend on nothing but what `key` says.
   */
  serveOrMark(request: FastifyRequest, reply: FastifyReply, key: string, policy: CachePolicy): boolean;
  /** Drops every kept answer (a catalogue change, here or in another process). */
  clear(reason: string): void;
  stats(): { entries: number; bytes: number; hits: number; misses: number; clears: number };
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

function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when the visitor's If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** The best encoding the request accepts among ours (Brotli first), or null for none. */
function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name ?? '', q ? Number(q.slice(2)) : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: 6 });
}

function entrySize(entry: Entry, key: string): number {
  return entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + key.length + ENTRY_OVERHEAD;
}

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
    const counters = { hits: 0, misses: 0, clears: 0 };

    app.decorateRequest('responseCacheKey', null);
    app.decorateRequest('responseCachePolicy', null);
    app.decorateRequest('responseCacheGeneration', 0);

    function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry): void {
      reply.header('cache-control', entry.cacheControl).header('etag', entry.etag).header('x-cache', 'hit');
      reply.header('vary', entry.vary ? `${entry.vary}, Accept-Encoding` : 'Accept-Encoding');
      if (matches(request.headers['if-none-match'], entry.etag)) {
        void reply.code(304).send();
        return;
      }
      const encoding = entry.body.length >= COMPRESS_THRESHOLD ? acceptedEncoding(request) : null;
      let body = entry.body;
      if (encoding) {
        const encoded = entry.encoded[encoding] ?? compress(entry.body, encoding);
        if (!entry.encoded[encoding]) {
          entry.encoded[encoding] = encoded;
          // The entry grew: tell the cache its new size (it may now push older entries out).
          const key = request.responseCacheKey;
          if (key) lru.set(key, entry);
        }
        body = encoded;
        reply.header('content-encoding', encoding);
      }
      void reply.code(entry.status).type(entry.contentType).send(body);
    }

    const cache: ResponseCache = {
      serveOrMark(request, reply, key, policy) {
        const entry = keeps ? lru.get(key) : undefined;
        request.responseCacheKey = key;
        if (entry) {
          counters.hits++;
          sendEntry(request, reply, entry);
          return true;
        }
        counters.misses++;
        request.responseCachePolicy = policy;
        request.responseCacheGeneration = generation;
        return false;
      },
      clear(reason) {
        generation++;
        counters.clears++;
        if (lru.size > 0) app.log.debug({ reason, entries: lru.size }, 'response cache dropped');
        lru.clear();
      },
      stats: () => ({ entries: lru.size, bytes: lru.calculatedSize, ...counters }),
    };
    app.decorate('responseCache', cache);

    // Public routes say so in their config; the key is the address as asked unless the route says what else counts.
    app.addHook('onRequest', async (request, reply) => {
      const { publicCache: policy, cacheKey } = request.routeOptions.config;
      if (!policy || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
      const key = cacheKey ? cacheKey(request) : `api ${request.url}`;
      if (key !== null && cache.serveOrMark(request, reply, key, policy)) return reply;
      return undefined;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      // A change through the API: every process's copy is stale (others hear it from the database).
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/admin/') && reply.statusCode < 400) {
        cache.clear(`${request.method} ${request.routeOptions.url ?? request.url}`);
      }
      const policy = request.responseCachePolicy;
      const key = request.responseCacheKey;
      if (!policy || !key || reply.getHeader('x-cache') === 'hit') {
        if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_NO_STORE);
        return payload;
      }
      const status = reply.statusCode;
      if (!STORABLE.has(status) || reply.hasHeader('set-cookie') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', status >= 500 ? 'no-store' : 'no-cache');
        return payload;
      }
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const etag = etagOf(body);
      const vary = reply.getHeader('vary');
      const entry: Entry = {
        status,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body,
        etag,
        cacheControl: cacheControl(policy),
        vary: typeof vary === 'string' ? vary : undefined,
        encoded: {},
      };
      // An answer read before a change and finished after it would bring back what the change replaced.
      if (keeps && request.responseCacheGeneration === generation) lru.set(key, entry);
      reply.header('cache-control', entry.cacheControl).header('etag', etag).header('x-cache', 'miss');
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
