// What an import makes of a file's cells (issue 26): prices as sheets write them ("$20", "¥107", "107 CNY"), links
// wherever a row keeps them (a hyperlink's target, share text around an address), and which column is which when the
// headers say nothing ("", "__1"): the values tell. Pure, so the server and its tests read cells the same way.
import { parseItemLink } from './agent-links';
import { currencyOfWord, guessMapping, IGNORE_COLUMN, IMPORT_FIELDS, type ImportField } from './import-columns';
import type { CurrencyCode } from './currency';
import type { ImportMapping } from './schemas/imports';

/** A row as the guess looks at it: its values by header, and the hyperlink targets its cells carry. */
export type SampleRecord = { values: Record<string, unknown>; links?: Record<string, string> | undefined };
/** The columns that feed each field under a mapping, in column order: how the row check looks a field up. */
export type ImportColumns = Partial<Record<ImportField, string[]>>;

/** The columns that feed each field under the mapping, in column order. */
export function columnsOf(mapping: ImportMapping): ImportColumns {
  const columns: ImportColumns = {};
  for (const [header, field] of Object.entries(mapping)) {
    if (field !== IGNORE_COLUMN) (columns[field] ??= []).push(header);
  }
  return columns;
}

/** A mapping kept by an earlier version: a field no longer known reads as ignore. */
export function keptMapping(kept: Readonly<Record<string, string>>): ImportMapping {
  const mapping: ImportMapping = {};
  for (const [header, field] of Object.entries(kept))
    mapping[header] = field === IGNORE_COLUMN || isImportField(field) ? field : IGNORE_COLUMN;
  return mapping;
}

const isImportField = (field: string): field is ImportField => (IMPORT_FIELDS as readonly string[]).includes(field);

/** Whether two mappings feed the same fields from the same columns (a column absent from one reads as ignored). */
export function sameMapping(a: ImportMapping, b: ImportMapping): boolean {
  const headers = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const header of headers) if ((a[header] ?? IGNORE_COLUMN) !== (b[header] ?? IGNORE_COLUMN)) return false;
  return true;
}

/** Non-blank values of a column the content guess reads. */
export const GUESS_SAMPLE_VALUES = 50;
/** Share of a column's values that must look like a field's for the column to feed it. */
const LINK_SHARE = 0.6;
const IMAGE_SHARE = 0.6;
const PRICE_SHARE = 0.8;
const CURRENCY_SHARE = 0.8;
const TEXT_SHARE = 0.6;

/** Dollar signs with a country before them: "HK$", "CA$", "A$". */
const DOLLARS: Record<string, CurrencyCode> = {
  us: 'USD',
  ca: 'CAD',
  c: 'CAD',
  a: 'AUD',
  au: 'AUD',
  hk: 'HKD',
  nz: 'NZD',
  s: 'SGD',
  sg: 'SGD',
};

export type ReadPrice = { amount: number; currency: CurrencyCode | null };

/**
 * A price as sheets write it, with the currency it names if any: 12.5 → 12.5; "$20" → 20 USD; "¥107", "107 CNY",
 * "RMB 107", "107元" → 107 CNY; "€ 9,99" → 9.99 EUR; "1,250.00" → 1250; "HK$ 80" → 80 HKD. A comma is the decimal
 * mark only when no point is there and exactly two digits follow it. Null when it is not one number.
 */
export function readPrice(value: unknown): ReadPrice | null {
  if (typeof value === 'number') return Number.isFinite(value) ? { amount: value, currency: null } : null;
  if (typeof value !== 'string') return null;
  let text = value.trim().replace(/\s+/g, ' ');
  if (text === '') return null;
  let currency: CurrencyCode | null = null;
  const take = (code: CurrencyCode | null) => {
    if (code === null) return false;
    if (currency !== null && currency !== code) return false;
    currency = code;
    return true;
  };
  // A country's dollar ("HK$ 80", "US$12") before the bare signs.
  text = text.replace(/\b([a-z]{1,2})\$/i, (whole: string, country: string) =>
    take(DOLLARS[country.toLowerCase()] ?? null) ? ' ' : whole,
  );
  text = text.replace(/CN¥|[¥￥元€£$]/g, (sign) => (take(currencyOfWord(sign === 'CN¥' ? '¥' : sign)) ? ' ' : sign));
  // A code or word before or after the number: "107 CNY", "RMB 107", "12 usd", "9 euros".
  text = text
    .trim()
    .replace(/^([a-z]{2,7})\.?\s*(?=[\d.,])|(?<=[\d.,])\s*([a-z]{2,7})\.?$/i, (whole: string, before?: string, after?: string) =>
      take(currencyOfWord(before ?? after ?? '')) ? ' ' : whole,
    );
  const bare = text.replace(/\s+/g, '');
  if (!/^\d[\d,]*(\.\d+)?$|^\.\d+$/.test(bare)) return null;
  const decimalComma = !bare.includes('.') && /,\d{2}$/.test(bare) && bare.split(',').length === 2;
  const amount = Number(decimalComma ? bare.replace(',', '.') : bare.replace(/,/g, ''));
  return Number.isFinite(amount) ? { amount, currency } : null;
}

/** True for one http(s) address and nothing else. */
export function isHttpAddress(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first http(s) address in a text, as share buttons write them: "【淘宝】https://m.tb.cn/h.abc?tk=x CZ0001 「Nike」点击链接直接打开"
 * → "https://m.tb.cn/h.abc?tk=x". Null when there is none.
 */
export function firstHttpAddress(text: string): string | null {
  const found = /https?:\/\/[^\s<>"'「」【】（）()，。、！；\u3000]+/i.exec(text)?.[0];
  if (!found) return null;
  const trimmed = found.replace(/[.,;:!?]+$/, '');
  return isHttpAddress(trimmed) ? trimmed : null;
}

/**
 * The address a link or image cell stands for: its hyperlink's target when its text is not itself an address (a
 * cell showing "LINK" or "BUY"), else the first address in its text; a marketplace link written without its scheme
 * ("item.taobao.com/item.htm?id=1") gets https. Null when the cell holds none; `text` is the cell as it reads.
 */
export function addressOfCell(text: string, target?: string | undefined): string | null {
  const trimmed = text.trim();
  if (isHttpAddress(trimmed)) return trimmed;
  if (target && isHttpAddress(target.trim())) return target.trim();
  const inside = firstHttpAddress(trimmed);
  if (inside) return inside;
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+\/\S*$/i.test(trimmed) && parseItemLink(trimmed)) return `https://${trimmed}`;
  return null;
}

const IMAGE_EXTENSION = /\.(jpe?g|png|webp|gif|avif|bmp|heic)$/i;
/** Hosts that serve pictures only (marketplaces' and common image hosts). */
const IMAGE_HOSTS = [
  /(^|\.)alicdn\.com$/i,
  /(^|\.)geilicdn\.com$/i,
  /^i\.imgur\.com$/i,
  /^i\.ibb\.co$/i,
  /^res\.cloudinary\.com$/i,
  /^images\.unsplash\.com$/i,
  /^pbs\.twimg\.com$/i,
  /^lh\d\.googleusercontent\.com$/i,
  /^(cdn|media)\.discordapp\.(com|net)$/i,
  /^photo\.yupoo\.com$/i,
];

/** True for an address or path that names a picture: an image file's extension, or a host that serves pictures. */
export function looksLikeImage(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return false;
  try {
    const url = new URL(trimmed, 'https://relative.invalid');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return IMAGE_EXTENSION.test(url.pathname) || IMAGE_HOSTS.some((host) => host.test(url.hostname));
  } catch {
    return false;
  }
}

/** Marketplaces' and agents' share links that stand for an item only once followed. */
export const DEFAULT_SHORT_LINK_HOSTS = [
  'm.tb.cn',
  'e.tb.cn',
  's.tb.cn',
  'tb.cn',
  'k.youshop10.com',
  'qr.1688.com',
  's.click.taobao.com',
] as const;

/** True when the address is on one of the short-link hosts (exactly that host). */
export function isShortLink(address: string, hosts: readonly string[]): boolean {
  try {
    const host = new URL(address).hostname.toLowerCase();
    return hosts.some((h) => h.toLowerCase() === host);
  } catch {
    return false;
  }
}

/** A cell's text as the guess reads it (numbers and booleans as written; objects are not cells). */
function cellText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

type ColumnStats = {
  n: number;
  links: number;
  items: number;
  images: number;
  prices: number;
  marked: number;
  decimals: number;
  ids: number;
  currencies: number;
  texts: number;
  length: number;
};

/** What the first GUESS_SAMPLE_VALUES non-blank values of a column look like. */
export function columnStats(header: string, records: readonly SampleRecord[]): ColumnStats {
  const stats: ColumnStats = {
    n: 0,
    links: 0,
    items: 0,
    images: 0,
    prices: 0,
    marked: 0,
    decimals: 0,
    ids: 0,
    currencies: 0,
    texts: 0,
    length: 0,
  };
  for (const record of records) {
    if (stats.n >= GUESS_SAMPLE_VALUES) break;
    const text = cellText(record.values[header]);
    const target = record.links?.[header];
    if (text === '' && !target) continue;
    stats.n += 1;
    const address = addressOfCell(text, target);
    if (address && looksLikeImage(address)) stats.images += 1;
    else if (!address && looksLikeImage(text)) stats.images += 1;
    else if (address) {
      stats.links += 1;
      if (parseItemLink(address)) stats.items += 1;
    }
    const price = address ? null : readPrice(record.values[header]);
    if (price && price.amount > 0) {
      stats.prices += 1;
      if (price.currency) stats.marked += 1;
      if (!Number.isInteger(price.amount)) stats.decimals += 1;
      if (Number.isInteger(price.amount) && /^\d{6,}$/.test(text)) stats.ids += 1;
    }
    if (!address && currencyOfWord(text) !== null) stats.currencies += 1;
    if (!address && !price && /\p{L}/u.test(text) && !looksLikeImage(text)) {
      stats.texts += 1;
      stats.length += text.length;
    }
  }
  return stats;
}

/** The candidate with the highest score among those that pass; null when none does. */
function best(
  candidates: string[],
  stats: Map<string, ColumnStats>,
  passes: (s: ColumnStats) => boolean,
  score: (s: ColumnStats) => number,
): string | null {
  let chosen: string | null = null;
  let top = -Infinity;
  for (const header of candidates) {
    const s = stats.get(header);
    if (!s || s.n === 0 || !passes(s)) continue;
    const value = score(s);
    if (value > top) {
      top = value;
      chosen = header;
    }
  }
  return chosen;
}

/**
 * The mapping of a file's columns: by their names (`guessMapping`), then, for the link, image, price, currency and
 * title that no name feeds, by what the unmapped columns hold: agent or marketplace links (hyperlink targets count)
 * make the link, picture addresses the image, "$20"/"¥107"/"12.50" the price, currency codes the currency, and the
 * longest mostly-text column the title. Columns in `keep` (the operator's choices) are not guessed.
 */
export function guessColumns(
  headers: readonly string[],
  sampleRecords: readonly SampleRecord[],
  keep: Iterable<string> = [],
): ImportMapping {
  const mapping: ImportMapping = guessMapping(headers);
  const kept = new Set(keep);
  const mapped = new Set(Object.values(mapping));
  const open = () => headers.filter((h) => mapping[h] === IGNORE_COLUMN && !kept.has(h));
  const stats = new Map(open().map((h) => [h, columnStats(h, sampleRecords)]));
  const assign = (field: ImportField, header: string | null) => {
    if (header === null || mapped.has(field)) return;
    mapping[header] = field;
    mapped.add(field);
  };
  if (!mapped.has('link'))
    assign(
      'link',
      best(
        open(),
        stats,
        (s) => s.links / s.n >= LINK_SHARE,
        (s) => s.items * 2 + s.links,
      ),
    );
  if (!mapped.has('image'))
    assign(
      'image',
      best(
        open(),
        stats,
        (s) => s.images / s.n >= IMAGE_SHARE,
        (s) => s.images,
      ),
    );
  if (!mapped.has('price')) {
    assign(
      'price',
      best(
        open(),
        stats,
        (s) => s.prices / s.n >= PRICE_SHARE && s.ids / s.n < 0.5,
        (s) => s.marked * 4 + s.decimals * 2 + s.prices,
      ),
    );
  }
  if (!mapped.has('currency'))
    assign(
      'currency',
      best(
        open(),
        stats,
        (s) => s.currencies / s.n >= CURRENCY_SHARE,
        (s) => s.currencies,
      ),
    );
  if (!mapped.has('title'))
    assign(
      'title',
      best(
        open(),
        stats,
        (s) => s.texts / s.n >= TEXT_SHARE && s.length / s.texts >= 3,
        (s) => s.length / Math.max(1, s.texts),
      ),
    );
  return mapping;
}
