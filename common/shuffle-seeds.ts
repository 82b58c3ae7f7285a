import { MAX_SHUFFLE_SEED } from './constants';

/**
 * Visitors share shuffles (decision 0029): each UTC day has this many seeds, and a new visitor gets the one of the
 * moment (decision 0046). So the finder's first pages are the same bytes for many visitors (cacheable by the server
 * and a CDN), while each visitor keeps their one seed, and with it an order that never repeats or skips while paging.
 */
export const SHARED_SEEDS_PER_DAY = 32;
/** How long each of the day's seeds is the one new visitors get: the day shared out among them, each once (45 min). */
export const SHARED_SEED_MS = (24 * 60 * 60 * 1000) / SHARED_SEEDS_PER_DAY;

/** FNV-1a over the text's UTF-16 units, then a final mix: a well-spread 32-bit number, the same in every runtime. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

let remembered: { day: string; seeds: readonly number[] } | null = null;

/** The day's seeds (YYYY-MM-DD, UTC), in a fixed order; the last day asked is remembered (every fresh visitor asks). */
export function sharedSeeds(day: string): readonly number[] {
  if (remembered?.day !== day) {
    remembered = {
      day,
      seeds: Array.from({ length: SHARED_SEEDS_PER_DAY }, (_, i) => hash32(`finder seed ${day} ${i}`) % (MAX_SHUFFLE_SEED + 1)),
    };
  }
  return remembered.seeds;
}

/**
 * The seed of a visitor who has none yet (decision 0046): the day's seeds in turn, each for one SHARED_SEED_MS
 * stretch of the UTC day. Everyone arriving in the same stretch gets the same first page, the same bytes and ETag,
 * so a CDN revalidating it hears 304; over the day every shared order has its turn at the front.
 */
export function sharedSeedAt(now: Date): number {
  const seeds = sharedSeeds(now.toISOString().slice(0, 10));
  const sinceMidnight = now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const index = Math.min(SHARED_SEEDS_PER_DAY - 1, Math.floor(sinceMidnight / SHARED_SEED_MS));
  return seeds[index] ?? 0;
}
