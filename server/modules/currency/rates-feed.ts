import { fetchLimited } from '../imports/safe-fetch';

/** A feed's answer reduced to its base and its rates (units per one base unit), as sent. */
export type FeedRates = { base: string; rates: Record<string, unknown> };

export type FeedSettings = {
  url: string;
  /** IMPORT_ALLOW_PRIVATE_HOSTS: tests and a closed network read a local feed. */
  allowPrivate: boolean;
  /** A rates answer is a few kilobytes; anything near this is not one. */
  maxBytes?: number | undefined;
  timeoutMs?: number | undefined;
};

export const FEED_MAX_BYTES = 1024 * 1024;
export const FEED_TIMEOUT_MS = 10_000;

const CODE = /^[A-Za-z]{3}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The common shapes of public rates feeds: `{ base, rates }` (frankfurter, openexchangerates, exchangerate.host's
 * first API), `{ base_code, rates }` (open.er-api), `{ source, quotes: { USDEUR } }` (exchangerate.host's current
 * API) and `{ date, usd: { eur } }` (the fawazahmed0 currency API). Codes are upper-cased. A string says why the
 * answer is not one of them.
 */
export function parseFeed(json: unknown): FeedRates | string {
  if (!isRecord(json)) return 'the answer is not a JSON object';
  if (json.success === false || (typeof json.result === 'string' && json.result !== 'success')) return 'the feed answered with an error';
  const upper = (rates: Record<string, unknown>) => Object.fromEntries(Object.entries(rates).map(([k, v]) => [k.toUpperCase(), v]));
  const base = [json.base, json.base_code, json.source].find((v): v is string => typeof v === 'string' && CODE.test(v));
  if (base && isRecord(json.rates)) return { base: base.toUpperCase(), rates: upper(json.rates) };
  if (base && isRecord(json.quotes)) {
    const prefix = base.toUpperCase();
    const rates: Record<string, unknown> = {};
    for (const [pair, rate] of Object.entries(json.quotes)) {
      if (pair.length === 6 && pair.toUpperCase().startsWith(prefix)) rates[pair.slice(3).toUpperCase()] = rate;
    }
    return { base: prefix, rates };
  }
  const nested = Object.entries(json).filter(([k, v]) => CODE.test(k) && isRecord(v));
  if (nested.length === 1) {
    const [[code, rates]] = nested as [[string, Record<string, unknown>]];
    return { base: code.toUpperCase(), rates: upper(rates) };
  }
  return 'no base currency and rates found (expected { "base": "USD", "rates": { "EUR": 0.92, … } })';
}

/** Reads the feed with the import's limits (no private addresses unless allowed, a size cap, a time limit). */
export async function fetchFeed(settings: FeedSettings): Promise<FeedRates> {
  const fetched = await fetchLimited(settings.url, {
    maxBytes: settings.maxBytes ?? FEED_MAX_BYTES,
    timeoutMs: settings.timeoutMs ?? FEED_TIMEOUT_MS,
    allowPrivate: settings.allowPrivate,
  });
  let json: unknown;
  try {
    json = JSON.parse(fetched.body.toString('utf8'));
  } catch {
    throw new Error(`${new URL(fetched.url).host} did not send JSON`);
  }
  const parsed = parseFeed(json);
  if (typeof parsed === 'string') throw new Error(`${new URL(fetched.url).host}: ${parsed}`);
  return parsed;
}
