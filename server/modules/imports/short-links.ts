import { parseItemLink } from '../../../common/agent-links';
import { isShortLink } from '../../../common/import-mapping';
import { AppError } from '../../errors';
import { fetchLimited, type FetchLimits } from './safe-fetch';

/** Per preview: distinct short links followed, at the same time, each within this long, reading at most this much. */
export const SHORT_LINK_LIMITS = { max: 200, concurrency: 4, timeoutMs: 5000, maxBytes: 256 * 1024, maxRedirects: 5 } as const;

const OVER_LIMIT = `a preview follows at most ${SHORT_LINK_LIMITS.max} short links`;

export type ShortLinkAnswer = { url: string } | { error: string };

/** Every http(s) address a page names, JSON's escaped slashes ("https:\/\/…") read as slashes. */
function addressesIn(page: string): string[] {
  return [...page.replace(/\\\//g, '/').matchAll(/https?:\/\/[^\s"'<>\\]+/gi)].map((m) => m[0].replace(/&amp;/g, '&'));
}

/**
 * Where a share link (m.tb.cn, k.youshop10.com…) leads: its redirects are followed without reading their bodies,
 * stopping at the first address that names an item; a page it ends on (m.tb.cn answers a page whose script holds the
 * item's address) is read for the first item link it names. Through the safe fetch: no private addresses.
 */
export async function followShortLink(address: string, hosts: readonly string[], allowPrivate: boolean): Promise<string> {
  const limits: FetchLimits = {
    maxBytes: SHORT_LINK_LIMITS.maxBytes,
    timeoutMs: SHORT_LINK_LIMITS.timeoutMs,
    maxRedirects: SHORT_LINK_LIMITS.maxRedirects,
    allowPrivate,
    truncate: true,
    stopAt: (url) => !isShortLink(url.toString(), hosts) && parseItemLink(url.toString()) !== null,
  };
  const fetched = await fetchLimited(address, limits);
  if (parseItemLink(fetched.url)) return fetched.url;
  const named = addressesIn(fetched.body.toString('utf8')).find((a) => parseItemLink(a) !== null);
  if (named) return named;
  if (fetched.url !== address && !isShortLink(fetched.url, hosts)) return fetched.url;
  throw new AppError('VALIDATION', 'it leads to no item');
}

/**
 * Follows the distinct short links of a preview, a few at a time: at most SHORT_LINK_LIMITS.max of them (the rest
 * answer an error saying so). Each answers where it leads, or why it could not be followed. `answered` carries the
 * answers of a preview's earlier batches (its rows come in batches): those are not asked again and count toward the
 * limit.
 */
export async function followShortLinks(
  links: readonly string[],
  follow: (address: string) => Promise<string>,
  answered: Map<string, ShortLinkAnswer> = new Map(),
): Promise<Map<string, ShortLinkAnswer>> {
  const distinct = [...new Set(links)].filter((link) => !answered.has(link));
  const asked = [...answered.values()].filter((a) => !('error' in a && a.error === OVER_LIMIT)).length;
  const room = Math.max(0, SHORT_LINK_LIMITS.max - asked);
  for (const extra of distinct.slice(room)) answered.set(extra, { error: OVER_LIMIT });
  const queue = distinct.slice(0, room);
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      try {
        answered.set(next, { url: await follow(next) });
      } catch (err) {
        answered.set(next, { error: err instanceof AppError ? err.message : 'it could not be followed' });
      }
    }
  };
  await Promise.all(Array.from({ length: SHORT_LINK_LIMITS.concurrency }, worker));
  return answered;
}
