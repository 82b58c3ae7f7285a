import { describe, expect, it } from 'vitest';
import { MAX_SHUFFLE_SEED } from './constants';
import { SHARED_SEED_MS, SHARED_SEEDS_PER_DAY, sharedSeedAt, sharedSeeds } from './shuffle-seeds';

describe('shared shuffle seeds', () => {
  it('gives each day a fixed set of distinct seeds in the valid range', () => {
    const today = sharedSeeds('2026-11-24');
    expect(today).toHaveLength(SHARED_SEEDS_PER_DAY);
    expect(new Set(today).size).toBe(SHARED_SEEDS_PER_DAY);
    for (const seed of today) {
      expect(Number.isInteger(seed)).toBe(true);
      expect(seed).toBeGreaterThanOrEqual(0);
      expect(seed).toBeLessThanOrEqual(MAX_SHUFFLE_SEED);
    }
    expect(sharedSeeds('2026-11-24')).toEqual(today);
  });

  it('rotates the set every day', () => {
    const today = new Set(sharedSeeds('2026-11-24'));
    expect(sharedSeeds('2026-11-25').filter((s) => today.has(s))).toEqual([]);
  });

  it('spreads the seeds over the range (starting points far apart in the shuffled order)', () => {
    const sorted = [...sharedSeeds('2026-11-24')].sort((a, b) => a - b);
    // Evenly spread, 32 points leave gaps of about 1/32 of the range; a clumped set would leave one huge gap.
    const gaps = sorted.slice(1).map((s, i) => s - (sorted[i] ?? 0));
    expect(Math.max(...gaps)).toBeLessThan(MAX_SHUFFLE_SEED / 4);
  });

  it('gives everyone arriving in the same 45 minutes the same seed, and each of the day\u2019s seeds its turn', () => {
    expect(SHARED_SEED_MS).toBe(45 * 60_000);
    const seeds = sharedSeeds('2026-11-24');
    const midnight = Date.parse('2026-11-24T00:00:00Z');
    expect(sharedSeedAt(new Date(midnight))).toBe(seeds[0]);
    expect(sharedSeedAt(new Date(midnight + SHARED_SEED_MS - 1))).toBe(seeds[0]);
    expect(sharedSeedAt(new Date(midnight + SHARED_SEED_MS))).toBe(seeds[1]);
    // 12:45 to 13:29:59.999 is the 18th stretch of the day.
    for (const time of ['12:45:00.000', '13:00:00.000', '13:29:59.999'])
      expect(sharedSeedAt(new Date(`2026-11-24T${time}Z`))).toBe(seeds[17]);
    expect(sharedSeedAt(new Date('2026-11-24T13:30:00.000Z'))).toBe(seeds[18]);
    expect(sharedSeedAt(new Date('2026-11-24T23:59:59.999Z'))).toBe(seeds[SHARED_SEEDS_PER_DAY - 1]);
    expect(sharedSeedAt(new Date('2026-11-25T00:00:00Z'))).toBe(sharedSeeds('2026-11-25')[0]);
    const turns = new Set(
      Array.from({ length: SHARED_SEEDS_PER_DAY }, (_, i) => sharedSeedAt(new Date(midnight + i * SHARED_SEED_MS + 1000))),
    );
    expect(turns).toEqual(new Set(seeds));
  });
});
