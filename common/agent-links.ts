// Marketplace and shopping-agent links (issue 16). A product keeps its source: the marketplace (Taobao, Tmall,
// Weidian, 1688) and the item's id there, read from whatever link the admin pasted or imported, agent links
// included; BUY then builds any agent's link from an agent's template. The link shapes follow the public
// cachho/cn-links project's readings of each agent (its decoders and generators), written anew here.
//
// Pure: no Node or DOM APIs beyond URL; nothing here throws on a bad link. The builder lives in agent-templates.ts
// (re-exported here), which is all the storefront's first bundle takes.

export {
  buildAgentLink,
  marketplaceUrl,
  PLATFORM_NAMES,
  SOURCE_PLATFORMS,
  TEMPLATE_PLACEHOLDERS,
  type AgentLinkSettings,
  type ItemSource,
  type SourcePlatform,
} from './agent-templates';
import { PLATFORM_NAMES, type ItemSource, type SourcePlatform } from './agent-templates';

/** Marketplace item ids are digits; anything else in an id's place is not an item. */
const ITEM_ID = /^\d{5,20}$/;

// ---------------------------------------------------------------------------------------------------------------
// Reading links

/** How deep links inside links are followed (an agent link holding another agent's link holding the item). */
const MAX_DEPTH = 4;
/** Longer texts are no links an admin pasted. */
const MAX_LINK_LENGTH = 4000;

/** The registrable part of a host: "item.taobao.com" → "taobao.com". */
function domainOf(hostname: string): string {
  return hostname.toLowerCase().split('.').slice(-2).join('.');
}

/** The agent a host belongs to: "www.cnfans.com" → "cnfans", "m.mulebuy.com" → "mulebuy". */
function agentOf(hostname: string): string {
  return domainOf(hostname).split('.')[0] ?? '';
}

function itemId(value: string | null | undefined): string | null {
  const id = value?.trim();
  return id && ITEM_ID.test(id) ? id : null;
}

function source(platform: SourcePlatform | null | undefined, id: string | null | undefined): ItemSource | null {
  const itemIdValue = itemId(id);
  return platform && itemIdValue ? { platform, itemId: itemIdValue } : null;
}

/** Our name for a marketplace as agents spell it in their words (shop_type=ali_1688, platform=TAOBAO, channel=weidian). */
function platformWord(value: string | null | undefined): SourcePlatform | null {
  switch (value?.trim().toLowerCase()) {
    case 'taobao':
    case 'tb':
      return 'taobao';
    case 'tmall':
      return 'tmall';
    case 'weidian':
    case 'wd':
    case 'micro':
      return 'weidian';
    case '1688':
    case 'ali_1688':
    case 'alibaba':
    case 'al':
      return '1688';
    default:
      return null;
  }
}

/** Agents that number the marketplaces in their paths or parameters, each its own way. */
const NUMBERED_PLATFORMS: Record<string, Record<string, SourcePlatform>> = {
  hoobuy: { '1': 'taobao', '2': 'weidian', '0': '1688' },
  gtbuy: { '1': 'taobao', '2': 'weidian', '0': '1688' },
  hipobuy: { '1': 'taobao', '2': 'weidian', '0': '1688' },
  oopbuy: { '1': 'taobao', '2': 'weidian', '0': '1688' },
  ponybuy: { '1': 'taobao', '3': 'weidian', '2': '1688' },
  panglobalbuy: { '1': 'taobao', '3': 'weidian', '2': '1688' },
  usfans: { '2': 'taobao', '3': 'weidian', '1': '1688' },
  sifubuy: { '2': 'taobao', '4': 'weidian', '1': '1688' },
  kameymall: { '1': 'taobao', '7': 'weidian', '4': '1688' },
};

/** A marketplace segment or parameter of this agent: its own number, or a marketplace word. */
function agentPlatform(agent: string, value: string | null | undefined): SourcePlatform | null {
  if (!value) return null;
  return NUMBERED_PLATFORMS[agent]?.[value.trim()] ?? platformWord(value);
}

/** The parameters that carry the marketplace, and those that carry the item's id, in agents' links. */
const PLATFORM_PARAMS = ['shop_type', 'shoptype', 'platform', 'channel', 'channelId', 'source', 'type', 'tp'];
const ID_PARAMS = ['id', 'itemID', 'itemId', 'goodsId', 'spuNo', 'spuno', 'tid', 'offerId', 'product_id', 'keyword'];
/** Parameters agents put a whole marketplace (or agent) link in. */
const LINK_PARAMS = ['url', 'productLink', 'productUrl', 'link', 'key', 'targetUrl'];

function firstParam(params: URLSearchParams, names: readonly string[]): string | null {
  for (const name of names) {
    const value = params.get(name);
    if (value) return value;
  }
  return null;
}

/** A marketplace's own item address. */
function fromMarketplace(url: URL): ItemSource | null {
  const domain = domainOf(url.hostname);
  const params = url.searchParams;
  const path = url.pathname;
  if (domain === 'taobao.com') {
    // world.taobao.com/item/<id>.htm and www.taobao.com/list/item/<id>.htm carry the id in the path.
    const inPath = /\/item\/(\d+)\.html?$/.exec(path);
    if (inPath) return source('taobao', inPath[1]);
    return source('taobao', params.get('id') ?? params.get('targetId'));
  }
  if (domain === 'tmall.com' || domain === 'tmall.hk') return source('tmall', params.get('id'));
  if (domain === 'weidian.com') {
    const id = params.get('itemID') ?? params.get('itemId') ?? params.get('itemid');
    if (id) return source('weidian', id);
    // A sheet's encoding slip: "item.html?itemID%3D7240382968".
    const slipped = /itemid%3d(\d+)/i.exec(url.search);
    return slipped ? source('weidian', slipped[1]) : null;
  }
  if (domain === '1688.com') {
    const inPath = /\/offer\/(\d+)\.html?$/.exec(path);
    return inPath ? source('1688', inPath[1]) : source('1688', params.get('offerId'));
  }
  return null;
}

/** An agent's link that names the marketplace and item itself (not through a whole link inside it). */
function fromAgentShape(agent: string, params: URLSearchParams, path: string): ItemSource | null {
  // /product/<marketplace>/<id> (Hoobuy, GTBuy, Hipobuy, Oopbuy, Usfans; /m/ on phones), /products/<n>/<id> (Ponybuy),
  // /product/item/<marketplace>/<id> (Hubbuycn), /products/agent/<marketplace>/<id>.html (Basetao).
  const segments = /\/products?\/(?:item\/|agent\/)?([A-Za-z0-9_]+)\/(\d+)(?:\.html?)?\/?$/.exec(path);
  if (segments) {
    const found = source(agentPlatform(agent, segments[1]), segments[2]);
    if (found) return found;
  }
  // CSSBuy: /item-<id>.html (Taobao), /item-micro-<id>.html (Weidian), /item-1688-<id>.html.
  const cssbuy = /^\/item-(?:(micro|1688)-)?(\d+)(?:\.html)?$/.exec(path);
  if (cssbuy) return source(cssbuy[1] ? platformWord(cssbuy[1]) : 'taobao', cssbuy[2]);
  // Hubbuycn's old shape: /taobaoID=<id>.
  const taobaoId = /\/taobaoID=(\d+)/i.exec(path);
  if (taobaoId) return source('taobao', taobaoId[1]);
  // Parameters: shop_type=taobao&id=… (CNFans, Mulebuy, Joyabuy, Orientdig, LoveGoBuy), platform=TAOBAO&id=…,
  // source=TB&id=… (ACBuy), channel=weidian&spuNo=… (Oopbuy), type=4&id=… (Sifubuy), tp=taobao&tid=… (Hubbuycn).
  const platform = agentPlatform(agent, firstParam(params, PLATFORM_PARAMS));
  return source(platform, firstParam(params, ID_PARAMS));
}

function parseUrl(text: string): URL | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > MAX_LINK_LENGTH) return null;
  // A pasted address without its scheme ("item.taobao.com/item.htm?id=…").
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
    ? trimmed
    : /^[\w-]+(\.[\w-]+)+\//.test(trimmed)
      ? `https://${trimmed}`
      : null;
  if (!withScheme) return null;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** A link inside a parameter, encoded once, twice or not at all. */
function innerLinks(value: string): string[] {
  const out = [value];
  let current = value;
  for (let i = 0; i < 2 && /%[0-9a-f]{2}/i.test(current); i++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      break;
    }
    out.push(current);
  }
  return out;
}

function parseAt(text: string, depth: number): ItemSource | null {
  const url = parseUrl(text);
  if (!url) return null;
  const marketplace = fromMarketplace(url);
  if (marketplace) return marketplace;
  const domain = domainOf(url.hostname);
  if (['taobao.com', 'tmall.com', 'tmall.hk', 'weidian.com', '1688.com', 'tb.cn'].includes(domain)) return null;

  // Single-page agents keep their route and its parameters after "#/" (Sugargoo, Superbuy's phone site, Panglobalbuy).
  const hashRoute = url.hash.startsWith('#/') ? url.hash.slice(1) : '';
  const hashQuery = hashRoute.includes('?') ? new URLSearchParams(hashRoute.slice(hashRoute.indexOf('?') + 1)) : null;
  const paramSets = hashQuery ? [url.searchParams, hashQuery] : [url.searchParams];

  // A whole link inside: ?url=<marketplace link> (Kakobuy, AllChinaBuy, Superbuy, Pandabuy, Hagobuy, …), productLink
  // (Sugargoo, Fishgoo), productUrl (Sifubuy), key (Ezbuycn).
  if (depth < MAX_DEPTH) {
    for (const params of paramSets) {
      const inner = firstParam(params, LINK_PARAMS);
      if (!inner) continue;
      for (const candidate of innerLinks(inner)) {
        const found = parseAt(candidate, depth + 1);
        if (found) return found;
      }
    }
  }

  const agent = agentOf(url.hostname);
  if (!agent || !KNOWN_AGENTS.includes(agent)) return null;
  for (const params of paramSets) {
    const path = params === hashQuery ? (hashRoute.split('?')[0] ?? '') : url.pathname;
    const found = fromAgentShape(agent, params, path);
    if (found) return found;
  }
  return null;
}

/**
 * Agents whose own link shapes (paths and parameters) are read; a link of any other site is read only for a whole
 * marketplace link inside it (?url=…), so another shop's ?id= is never taken for an item.
 */
const KNOWN_AGENTS: readonly string[] = [
  'acbuy',
  'allchinabuy',
  'basetao',
  'cnfans',
  'cnshopper',
  'cssbuy',
  'gtbuy',
  'hipobuy',
  'hoobuy',
  'hubbuycn',
  'joyabuy',
  'joyagoo',
  'kakobuy',
  'kameymall',
  'lovegobuy',
  'mulebuy',
  'oopbuy',
  'orientdig',
  'panglobalbuy',
  'ponybuy',
  'sifubuy',
  'sugargoo',
  'superbuy',
  'usfans',
  'wegobuy',
];

/**
 * The marketplace and item id behind a link: a marketplace's item address (Taobao, Tmall, Weidian, 1688) or a
 * shopping agent's link to one (CNFans, Kakobuy, Hoobuy, Mulebuy, AllChinaBuy, ACBuy, Sugargoo, Superbuy, CSSBuy,
 * Joyabuy, Oopbuy and others). null for anything else: another shop, a short link that must be opened first
 * (e.tb.cn), an encrypted Pandabuy link, text that is no address. Never throws.
 */
export function parseItemLink(text: string | null | undefined): ItemSource | null {
  if (typeof text !== 'string') return null;
  try {
    return parseAt(text, 0);
  } catch {
    return null;
  }
}

/** "Taobao · 675330231400": a source as the item form shows it. */
export function sourceLabel(source: ItemSource): string {
  return `${PLATFORM_NAMES[source.platform]} · ${source.itemId}`;
}
