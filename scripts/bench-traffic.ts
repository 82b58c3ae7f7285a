/**
 * The bench's traffic model: requests drawn one by one, independently, from what visitors to a product finder do.
 *
 * | share | request | why |
 * |---|---|---|
 * | 25% | the finder page `/` (HTML), no seed cookie | a new visitor landing; the server picks the seed |
 * | 15% | `/api/products?limit&seed`, no filter, first page | the finder asking again (Back, a cleared filter) |
 * | 20% | a category chip or Best, first page | chips are the first thing people press; earlier chips more often |
 * | 5% | a gender, alone or with a chip, first page | |
 * | 15% | a next page by cursor (2nd to 4th) of the lists above | scrolling down |
 * | 15% | a product page (HTML), mostly from the first pages | a card's title opened |
 * | 5% | a search from `SEARCH_WORDS` (Zipf: the first words most), without a seed as the browser asks | a long tail of searches |
 *
 * Every request carries what a browser sends unasked that changes the answer: `Accept-Encoding` (`BROWSER_HEADERS`),
 * so pages and API answers travel compressed, as they do to real visitors.
 *
 * 60% of visitors are on a desktop (6 cards a page), 40% on a phone (4). A visitor's seed is one the server issued:
 * the bench reads the seed from the rendered finder of fresh visitors (`/` without a cookie), as the browser keeps
 * it (decision 0001), so whatever rule the server uses to pick seeds, the model uses the same ones. Without a build
 * there is no rendered finder: seeds are then drawn as the browser's fallback draws them (any 31-bit number) and
 * the HTML requests become their API equivalents.
 */
import { MAX_SHUFFLE_SEED } from '../common/constants';
// The demo catalogue's small deterministic generator (mulberry32), so two runs draw the same requests.
import { random } from '../server/db/demo-catalogue';

/** Searches people type, roughly from most to least frequent; the last ones find nothing in the bench catalogue. */
export const SEARCH_WORDS = [
  'hoodie',
  'jacket',
  'jeans',
  'sneaker',
  'black',
  'cargo',
  'tee',
  'boot',
  'navy',
  'puffer',
  'denim',
  'wallet',
  'cardigan',
  'vintage',
  'oversized',
  'shorts',
  'bomber',
  'olive',
  'knit',
  'belt',
  'runner',
  'zip',
  'cream',
  'loafer',
  'tote',
  'slim',
  'washed',
  'quilted',
  'ribbed',
  'utility',
  'crewneck',
  'bucket hat',
  'track pants',
  'graphic',
  'pocket',
  'heavyweight',
  'cropped',
  'charcoal',
  'burgundy',
  'forest',
  'rust',
  'sand',
  'sky',
  'technical',
  'classic',
  'relaxed',
  'chino',
  'mesh',
  'leather',
  'high-top',
  'pullover',
  'northfold',
  'voltline',
  'mono studio',
  'drift club',
  'ember',
  'quiet form',
  'harbor',
  'kinetic',
  'atelier',
  'soft static',
  'gore-tex',
  'linen',
  'cashmere',
  'parka',
  'windbreaker',
  'beanie',
  'scarf',
  'sandals',
  'joggers',
];

const GENDERS = ['Men', 'Women', 'Unisex', 'Kids'];

/** Request headers every browser sends that the answer depends on (Chromium's, for a page or a fetch). */
export const BROWSER_HEADERS: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** An index in 0..n-1, the first ones most likely (Zipf, exponent 1). */
export function zipf(rng: () => number, n: number): number {
  let total = 0;
  for (let i = 1; i <= n; i++) total += 1 / i;
  let x = rng() * total;
  for (let i = 1; i <= n; i++) {
    x -= 1 / i;
    if (x <= 0) return i - 1;
  }
  return n - 1;
}

export type TrafficModel = {
  /** The next request's path. */
  next(): string;
  /** The seeds the server issued to fresh visitors (distinct), and whether pages are rendered. */
  seeds: number[];
  rendered: boolean;
  /**
   * A search only, at an address nobody asked for: with a seed no visitor sends (a search's order ignores it,
   * decision 0043), so no cache holds its answer and each one is worked out by the database.
   */
  uncachedSearch(): string;
};

type Page = { items: Array<{ path: string; number: number }>; nextCursor: string | null };

function initialSeed(html: string): number | undefined {
  const json = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) return undefined;
  try {
    const seed = (JSON.parse(json) as { finder?: { seed?: unknown } }).finder?.seed;
    return typeof seed === 'number' ? seed : undefined;
  } catch {
    return undefined;
  }
}

/** Reads what the model needs from the running site (seeds, chips, cursors, product addresses), then draws. */
export async function buildTrafficModel(base: string, options: { visitors?: number; seed?: number } = {}): Promise<TrafficModel> {
  const rng = random(options.seed ?? 20261124);
  const visitors = options.visitors ?? 48;

  const issued = new Set<number>();
  let rendered = false;
  for (let i = 0; i < visitors; i++) {
    const res = await fetch(`${base}/`);
    const html = await res.text();
    const seed = res.ok ? initialSeed(html) : undefined;
    if (seed === undefined) break;
    rendered = true;
    issued.add(seed);
  }
  if (!rendered) {
    for (let i = 0; i < visitors; i++) issued.add(Math.floor(rng() * MAX_SHUFFLE_SEED));
  }
  const seeds = [...issued];

  const chips = ((await (await fetch(`${base}/api/categories`)).json()) as { items: Array<{ name: string }> }).items.map((c) => c.name);

  // Cursors and product addresses come from real answers, for a handful of seeds and lists.
  type List = { query: string; cursors: string[] };
  const listQueries = ['', 'best=true', ...chips.slice(0, 4).map((c) => `category=${encodeURIComponent(c)}`)];
  const lists: Array<List & { seed: number; limit: number }> = [];
  const products: string[] = [];
  for (const seed of seeds.slice(0, 8)) {
    for (const limit of [6, 4]) {
      for (const query of listQueries) {
        const cursors: string[] = [];
        let cursor: string | null = null;
        for (let page = 1; page <= 3; page++) {
          const url: string = `${base}/api/products?${query ? `${query}&` : ''}limit=${limit}&seed=${seed}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
          const body = (await (await fetch(url)).json()) as Page;
          if (page === 1 && query === '') products.push(...body.items.map((p) => p.path));
          cursor = body.nextCursor;
          if (!cursor) break;
          cursors.push(cursor);
        }
        lists.push({ query, cursors, seed, limit });
      }
    }
  }

  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
  const visitor = () => ({ seed: pick(seeds), limit: rng() < 0.6 ? 6 : 4 });
  const api = (query: string, seed: number | undefined, limit: number) =>
    `/api/products?${query ? `${query}&` : ''}limit=${limit}${seed === undefined ? '' : `&seed=${seed}`}`;
  const chip = () =>
    rng() < 0.15 || chips.length === 0 ? 'best=true' : `category=${encodeURIComponent(chips[zipf(rng, chips.length)] ?? '')}`;

  const next = (): string => {
    const r = rng() * 100;
    const { seed, limit } = visitor();
    if (r < 25) return rendered ? '/' : api('', seed, limit);
    if (r < 40) return api('', seed, limit);
    if (r < 60) return api(chip(), seed, limit);
    if (r < 65) {
      const gender = `gender=${GENDERS[zipf(rng, GENDERS.length)] ?? 'Men'}`;
      return api(rng() < 0.5 ? gender : `${gender}&${chip()}`, seed, limit);
    }
    if (r < 80) {
      const list = pick(lists.filter((l) => l.cursors.length > 0));
      const cursor = list.cursors[Math.floor(rng() * list.cursors.length)] ?? '';
      return `${api(list.query, list.seed, list.limit)}&cursor=${encodeURIComponent(cursor)}`;
    }
    if (r < 95) {
      const path = products.length ? (products[zipf(rng, products.length)] ?? '/') : '/';
      return rendered ? path : `/api/products/${/-(\d+)$/.exec(path)?.[1] ?? '1'}`;
    }
    return api(`search=${encodeURIComponent(SEARCH_WORDS[zipf(rng, SEARCH_WORDS.length)] ?? 'tee')}`, undefined, limit);
  };

  const uncachedSearch = () =>
    api(`search=${encodeURIComponent(pick(SEARCH_WORDS))}`, Math.floor(rng() * MAX_SHUFFLE_SEED), rng() < 0.6 ? 6 : 4);

  return { next, seeds, rendered, uncachedSearch };
}
