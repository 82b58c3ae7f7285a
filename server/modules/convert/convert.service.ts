import { LRUCache } from 'lru-cache';
import { buildAgentLink, marketplaceUrl, parseItemLink, PLATFORM_NAMES, type ItemSource } from '../../../common/agent-links';
import { CONVERT_TEXTS } from '../../../common/texts/convert';
import {
  CONVERT_BUSY_RETRY_SECONDS,
  CONVERT_FOLLOW_CONCURRENCY,
  CONVERT_FOLLOWED_REMEMBERED,
  CONVERT_FOLLOWED_TTL_MS,
  CONVERT_RATE_LIMIT,
  CONVERT_RATE_WINDOW_SECONDS,
  CONVERT_SITE_LIMIT,
} from '../../../common/convert';
import { isShortLink } from '../../../common/import-mapping';
import type { PublicAgent } from '../../../common/schemas/agent';
import type { ConvertedLink, ConvertInput, ConvertResult } from '../../../common/schemas/convert';
import type { Product } from '../../../common/schemas/product';
import { AppError } from '../../errors';
import { RateLimitedError, type RequestClient, type RequestsRules } from '../requests/requests.service';

export const DEFAULT_CONVERT_RULES: RequestsRules = {
  rateLimit: CONVERT_RATE_LIMIT,
  rateWindowSeconds: CONVERT_RATE_WINDOW_SECONDS,
  siteLimit: CONVERT_SITE_LIMIT,
};

/** Every http(s) address in a text, in order, trailing punctuation and the share texts' brackets left out. */
export function addressesIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'「」【】（）()，。、！；\u3000]+/gi) ?? [];
  const addresses = found.map((a) => a.replace(/[.,;:!?]+$/, ''));
  // A marketplace link written without its scheme ("item.taobao.com/item.htm?id=1"), as people paste them.
  if (addresses.length === 0 && /^[a-z0-9-]+(\.[a-z0-9-]+)+\/\S*$/i.test(text.trim())) addresses.push(`https://${text.trim()}`);
  return addresses;
}

/**
 * The address of a pasted text the converter reads: the first that names an item itself, else the first short
 * share link, else the first address at all (which then names no item). Null when the text holds no address.
 */
export function pickAddress(text: string, shortHosts: readonly string[]): string | null {
  const addresses = addressesIn(text);
  return addresses.find((a) => parseItemLink(a) !== null) ?? addresses.find((a) => isShortLink(a, shortHosts)) ?? addresses[0] ?? null;
}

/**
 * The agents' links in the order the visitor reads them: their agent (while it is offered), else the default, first;
 * the others as the operator ordered them.
 */
export function orderedLinks(agents: readonly PublicAgent[], source: ItemSource, chosen: string | undefined): ConvertedLink[] {
  const first = agents.find((a) => a.slug === chosen) ?? agents.find((a) => a.isDefault) ?? agents[0];
  const ordered = first ? [first, ...agents.filter((a) => a !== first)] : [];
  return ordered.map((a) => ({
    agent: a.slug,
    name: a.name,
    url: buildAgentLink({ template: a.template, platformCodes: a.platformCodes, referralCode: a.referralCode }, source),
    isDefault: a.isDefault,
    promo: a.promo,
  }));
}

export type ConvertDeps = {
  /** The enabled agents as the storefront gets them (promotions decided at this moment). */
  agents: () => Promise<{ items: PublicAgent[] }>;
  /** The item's product in our catalogue, if any. */
  findProduct: (source: ItemSource) => Promise<Product | null>;
  /** Where a short share link leads (through the safe fetch); throws AppError with the reason it could not. */
  follow: (address: string) => Promise<string>;
  /** The short-link hosts (IMPORT_SHORT_LINK_HOSTS). */
  shortHosts: readonly string[];
  /** The per-client limit (the requests module's, counted apart); throws RateLimitedError past it. */
  limit: (client: RequestClient, rules: RequestsRules) => Promise<void>;
  rules?: Partial<RequestsRules>;
};

/**
 * The link converter (issue 29): a pasted link or share text → the item's source and every enabled agent's link with
 * the site's referral codes. Visitors' conversions are limited per client like item requests; short links are
 * followed a few at a time per process and remembered for a while. Every refusal is a 400 sentence (or 429), never
 * a 5xx: a short-link host that fails is the link's problem, not ours.
 */
export function createConvertService(deps: ConvertDeps) {
  const rules: RequestsRules = { ...DEFAULT_CONVERT_RULES, ...deps.rules };
  const followed = new LRUCache<string, string>({ max: CONVERT_FOLLOWED_REMEMBERED, ttl: CONVERT_FOLLOWED_TTL_MS });
  let following = 0;

  async function follow(address: string): Promise<string> {
    const known = followed.get(address);
    if (known) return known;
    if (following >= CONVERT_FOLLOW_CONCURRENCY) {
      throw new RateLimitedError(CONVERT_BUSY_RETRY_SECONDS, CONVERT_TEXTS.busy);
    }
    following += 1;
    try {
      const target = await deps.follow(address);
      followed.set(address, target);
      return target;
    } catch (err) {
      const reason = err instanceof AppError ? err.message.replace(/\.$/, '') : 'the site did not answer as expected';
      throw new AppError('VALIDATION', CONVERT_TEXTS.shortFailed(reason));
    } finally {
      following -= 1;
    }
  }

  return {
    rules,
    async convert(input: ConvertInput, client: RequestClient): Promise<ConvertResult> {
      try {
        await deps.limit(client, rules);
      } catch (err) {
        if (!(err instanceof RateLimitedError)) throw err;
        throw new RateLimitedError(err.retryAfterSeconds, CONVERT_TEXTS.rateLimited(Math.max(1, Math.ceil(err.retryAfterSeconds / 60))));
      }
      const link = pickAddress(input.text, deps.shortHosts);
      if (!link) throw new AppError('VALIDATION', CONVERT_TEXTS.noLink);
      let source = parseItemLink(link);
      let target: string | null = null;
      if (!source && isShortLink(link, deps.shortHosts)) {
        target = await follow(link);
        source = parseItemLink(target);
        if (!source) throw new AppError('VALIDATION', CONVERT_TEXTS.shortNoItem);
      }
      if (!source) throw new AppError('VALIDATION', CONVERT_TEXTS.noItem);
      const [{ items }, product] = await Promise.all([deps.agents(), deps.findProduct(source)]);
      return {
        link,
        followed: target,
        source: { ...source, name: PLATFORM_NAMES[source.platform], url: marketplaceUrl(source) },
        links: orderedLinks(items, source, input.agent),
        product,
      };
    },
  };
}
export type ConvertService = ReturnType<typeof createConvertService>;
