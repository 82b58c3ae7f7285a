// A kept answer of the response cache (response-cache.ts) and how it goes out again: its replayed headers, validator,
// compressed copies and size.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { cacheControl, policyUntil, type CachePolicy } from './cache-policy';

export type Encoding = 'br' | 'gzip';

type Headers = Record<string, string | number | string[]>;

export type Entry = {
  status: number;
  body: Buffer;
  etag: string;
  /**
   * The original answer's headers as a hit sends them (security headers, content type, caching, validator), minus
   * what differs per hit (length, encoding) or must never be shared (cookies).
   */
  headers: Headers;
  /** Compressed copies, made on the first hit that asks for each. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** The complete header lists of its hits, made once per variant (see `headerList`). */
  lists?: Map<string, string[]>;
  /**
   * When the answer stops being true by itself (ms since the epoch: an agent's promotion starts or ends), with the
   * policy it was given: it is not served from then on, and each hit's Cache-Control is cut to the time left.
   */
  expiresAt?: number;
  policy?: CachePolicy;
};

/** Headers a kept answer does not replay: per connection, per body, or per visitor. */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'set-cookie',
  'x-cache',
]);

/** The answer's headers as a later hit sends them. */
export function replayed(reply: FastifyReply): Headers {
  const headers: Headers = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !NOT_REPLAYED.has(name.toLowerCase())) headers[name] = value;
  }
  return headers;
}

/** Statuses worth keeping: a page, or the answer that there is no such product (404) or no longer (410). */
export const STORABLE = new Set([200, 404, 410]);
/** Bodies smaller than this go out uncompressed (as @fastify/compress does). */
export const COMPRESS_THRESHOLD = 1024;
/** The key's map slot, the entry object and its replayed headers (the security headers alone are about 1 kB). */
const ENTRY_OVERHEAD = 2048;

/**
 * The Vary header with Accept-Encoding in it once, spelled as @fastify/compress looks for it (in lower case; it adds
 * its own otherwise, and the first answer said it twice).
 */
export function withAcceptEncoding(vary: unknown): string {
  const names = String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && name.toLowerCase() !== 'accept-encoding');
  return [...names, 'accept-encoding'].join(', ');
}

export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when the visitor's If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** The best encoding an Accept-Encoding header allows among ours (Brotli first), or null for none. */
function bestEncoding(header: string): Encoding | null {
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

/** Browsers send a handful of distinct headers: each is read once (a bounded number of them is remembered). */
const encodingsSeen = new Map<string, Encoding | null>();
const ENCODINGS_REMEMBERED = 64;

export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== 'string') return null;
  let encoding = encodingsSeen.get(header);
  if (encoding === undefined) {
    encoding = bestEncoding(header);
    if (encodingsSeen.size >= ENCODINGS_REMEMBERED) encodingsSeen.clear();
    encodingsSeen.set(header, encoding);
  }
  return encoding;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : zlib.gzipSync(body, { level: 6 });
}

/**
 * The whole header list of a hit, as `writeHead` takes it (name, value, name, value): made once for each variant of
 * an entry and reused. Node's fast path: given a list and no header set before, `writeHead` writes it as it is,
 * where a header set first (`setHeader`) makes it merge every kept header into its own map, once per request.
 */
export function headerList(entry: Entry, how: 'hit' | 'shared', variant: Encoding | 'identity' | 'not-modified', length: number): string[] {
  const name = `${how} ${variant}`;
  // An answer that expires says how long it may still be kept at each hit: its list is made each time.
  const expiring = entry.expiresAt !== undefined && entry.policy !== undefined;
  let list = expiring ? undefined : entry.lists?.get(name);
  if (!list) {
    list = [];
    for (const [header, value] of Object.entries(entry.headers)) {
      if (expiring && header.toLowerCase() === 'cache-control') {
        list.push(header, cacheControl(policyUntil(entry.policy!, entry.expiresAt!, Date.now())));
        continue;
      }
      for (const one of [value].flat()) list.push(header, String(one));
    }
    list.push('x-cache', how);
    if (variant !== 'not-modified') {
      if (variant !== 'identity') list.push('content-encoding', variant);
      list.push('content-length', String(length));
    }
    if (!expiring) (entry.lists ??= new Map()).set(name, list);
  }
  return list;
}

export function entrySize(entry: Entry, key: string): number {
  return entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + key.length + ENTRY_OVERHEAD;
}
