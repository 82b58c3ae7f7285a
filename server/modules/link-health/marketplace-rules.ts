/**
 * When a marketplace says an item is gone (issue 29, decision 0067): one row per marketplace, the only place these
 * rules live. A check asks `<base><item path>` (the base is a setting, so tests and closed networks point it at a
 * local server that plays the marketplace) and reads the answer in this order:
 *
 *   1. a redirect to an address matching `notFoundRedirect`: gone (the walk stops there, the page is not asked);
 *   2. a status in `goneStatuses`: gone;
 *   3. 429, 5xx, no answer in time, refused: unknown (the host's trouble, not the item's; the host backs off);
 *   4. any other non-2xx: unknown;
 *   5. a 2xx whose first LINK_BODY_BYTES match `goneMarker`: gone (the marketplaces answer 200 with a notice);
 *   6. else live.
 *
 * The patterns are what these sites showed for delisted items when written; a marketplace that changes its pages
 * needs its row changed here (and the decision record's table).
 */
import { marketplaceUrl, type SourcePlatform } from '../../../common/agent-links';

export type MarketplaceRule = {
  /** The environment setting holding the marketplace's base address (scheme and host, no path). */
  baseSetting: string;
  /** The real marketplace's base address, used when the setting is absent. */
  defaultBase: string;
  goneStatuses: readonly number[];
  notFoundRedirect: RegExp | null;
  goneMarker: RegExp | null;
};

export const MARKETPLACE_RULES: Record<SourcePlatform, MarketplaceRule> = {
  taobao: {
    baseSetting: 'MARKETPLACE_TAOBAO_URL',
    defaultBase: 'https://item.taobao.com',
    goneStatuses: [404, 410],
    notFoundRedirect: /\/\/(?:err\.taobao\.com|[^/]*\/error\d*\.html?)|\/noitem\.htm/i,
    goneMarker: /宝贝不存在|此宝贝已下架|已下架|item-not-found/i,
  },
  tmall: {
    baseSetting: 'MARKETPLACE_TMALL_URL',
    defaultBase: 'https://detail.tmall.com',
    goneStatuses: [404, 410],
    notFoundRedirect: /\/\/err\.taobao\.com|\/auction\/noitem\.htm|\/noitem\.htm/i,
    goneMarker: /此商品已下架|商品已下架|宝贝不存在|item-not-found/i,
  },
  weidian: {
    baseSetting: 'MARKETPLACE_WEIDIAN_URL',
    defaultBase: 'https://weidian.com',
    goneStatuses: [404, 410],
    notFoundRedirect: /\/(?:item|error)\/?(?:not-?found|404)|\/404\.html?/i,
    goneMarker: /商品已下架|该商品已下架|商品不存在|item-not-found/i,
  },
  '1688': {
    baseSetting: 'MARKETPLACE_1688_URL',
    defaultBase: 'https://detail.1688.com',
    goneStatuses: [404, 410],
    notFoundRedirect: /offerremind|\/page\/error|\/404\.html?/i,
    goneMarker: /该商品已下架|商品已下架|已失效|item-not-found/i,
  },
};

/** Links that name no marketplace item (a plain store link): only a gone status counts. */
export const OTHER_LINK_RULE: Omit<MarketplaceRule, 'baseSetting' | 'defaultBase'> = {
  goneStatuses: [404, 410],
  notFoundRedirect: null,
  goneMarker: null,
};

export type MarketplaceBases = Partial<Record<SourcePlatform, string>>;

/** Each marketplace's base address from the environment (its `baseSetting`), else the real one. */
export function marketplaceBasesFrom(env: Record<string, string | undefined>): Record<SourcePlatform, string> {
  const out = {} as Record<SourcePlatform, string>;
  for (const [platform, rule] of Object.entries(MARKETPLACE_RULES) as Array<[SourcePlatform, MarketplaceRule]>) {
    const value = env[rule.baseSetting]?.trim();
    out[platform] = (value || rule.defaultBase).replace(/\/+$/, '');
  }
  return out;
}

/** The address a check asks for a product: its item on the marketplace (at the set base), else its link as it is. */
export function checkTarget(
  product: { link: string | null; sourcePlatform: string | null; sourceItemId: string | null },
  bases: MarketplaceBases,
): { url: string; rule: Omit<MarketplaceRule, 'baseSetting' | 'defaultBase'> } | null {
  const platform = product.sourcePlatform as SourcePlatform | null;
  if (platform && product.sourceItemId && platform in MARKETPLACE_RULES) {
    const real = new URL(marketplaceUrl({ platform, itemId: product.sourceItemId }));
    const base = bases[platform] ?? MARKETPLACE_RULES[platform].defaultBase;
    return { url: `${base}${real.pathname}${real.search}`, rule: MARKETPLACE_RULES[platform] };
  }
  if (!product.link) return null;
  try {
    const url = new URL(product.link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { url: url.toString(), rule: OTHER_LINK_RULE };
  } catch {
    return null;
  }
}

export type LinkAnswer = 'live' | 'gone' | 'unknown';

/** What a fetch gave, as the rules read it. */
export type Observed =
  { kind: 'redirected'; url: string } | { kind: 'answered'; status: number; url: string; body: string } | { kind: 'failed'; error: string };

/** The rules above over one observation: the answer and why (kept as the check's last answer). */
export function judge(
  rule: Omit<MarketplaceRule, 'baseSetting' | 'defaultBase'>,
  seen: Observed,
): { answer: LinkAnswer; status: number | null; finalUrl: string | null; error: string | null } {
  if (seen.kind === 'failed') return { answer: 'unknown', status: null, finalUrl: null, error: seen.error };
  if (seen.kind === 'redirected') return { answer: 'gone', status: null, finalUrl: seen.url, error: 'Redirected to a not-found page.' };
  const { status, url, body } = seen;
  if (rule.goneStatuses.includes(status)) return { answer: 'gone', status, finalUrl: url, error: null };
  if (status < 200 || status >= 300) return { answer: 'unknown', status, finalUrl: url, error: `Answered ${status}.` };
  if (rule.goneMarker?.test(body)) return { answer: 'gone', status, finalUrl: url, error: 'The page says the item is gone.' };
  return { answer: 'live', status, finalUrl: url, error: null };
}
