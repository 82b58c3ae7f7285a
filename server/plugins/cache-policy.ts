// How long others may keep an answer, and the key under which a public API answer is kept: the response cache's
// policy (response-cache.ts is the plugin, cached-answer.ts a kept answer and how it goes out again).
import type { FastifyRequest } from 'fastify';

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

/**
 * The policy cut so that nobody keeps the answer past `expiresAt` (ms since the epoch), seen at `now`: a shared cache
 * may serve it for s-maxage and then stale for stale-while-revalidate, so the two together stay within the time left.
 */
export function policyUntil(policy: CachePolicy, expiresAt: number, now: number): CachePolicy {
  const left = Math.max(0, Math.floor((expiresAt - now) / 1000));
  const sMaxAge = Math.min(policy.sMaxAge, left);
  return {
    maxAge: Math.min(policy.maxAge, left),
    sMaxAge,
    staleWhileRevalidate: Math.min(policy.staleWhileRevalidate, left - sMaxAge),
  };
}

/**
 * The key of a public API answer: its path and the query parameters its route reads, in a fixed order. The route's
 * schema drops the others before the handler sees them, so `?seed=1&limit=6`, `?limit=6&seed=1` and
 * `?limit=6&seed=1&x=123` are one answer: made once, kept once, however a client or a cache-buster spells it.
 */
export function apiKey(request: FastifyRequest): string {
  const url = request.url;
  const mark = url.indexOf('?');
  if (mark < 0) return `api ${url}`;
  const querystring = request.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  const known = querystring?.shape;
  const params = [...new URLSearchParams(url.slice(mark + 1))]
    .filter(([name]) => !known || Object.hasOwn(known, name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `api ${url.slice(0, mark)}?${new URLSearchParams(params).toString()}`;
}
