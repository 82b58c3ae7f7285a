import { describe, expect, it } from 'vitest';
import { MAX_SHUFFLE_SEED } from './constants';
import { pickSharedSeed, SHARED_SEEDS_PER_DAY, sharedSeeds } from './shuffle-seeds';

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

  it('picks one of the day’s seeds, each reachable', () => {
    const now = new Date('2026-11-24T13:00:00Z');
    const seeds = sharedSeeds('2026-11-24');
    expect(pickSharedSeed(now, 0)).toBe(seeds[0]);
    expect(pickSharedSeed(now, 0.999999)).toBe(seeds[SHARED_SEEDS_PER_DAY - 1]);
    const picked = new Set(Array.from({ length: SHARED_SEEDS_PER_DAY }, (_, i) => pickSharedSeed(now, (i + 0.5) / SHARED_SEEDS_PER_DAY)));
    expect(picked).toEqual(new Set(seeds));
  });
});
