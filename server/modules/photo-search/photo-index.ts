/**
 * The products' pictures as hashes in memory (issue 42, decision 0086): one entry per visible product with a hashed
 * picture, in typed columns. A lookup compares every entry with every probe (a popcount of two XORs): 100,000
 * products and 16 probes are 1.6 million comparisons, a few milliseconds, with nothing allocated per entry. The
 * index is made from the database and thrown away when the catalogue changes (photo-search.service.ts); it is no state
 * another process needs.
 */
import { SAME_PHOTO_MAX_COLOUR_STEP, SAME_PHOTO_MAX_DISTANCE } from '../images/same-photo';
import type { PhotoProbe } from './photo-probes';

/**
 * Bits a product's picture may be from the nearest probe and still be listed after the same photo. Measured
 * (decision 0086): a picture cropped by 5% a side is 13 bits from its stored hash; different photos drawn as the
 * tests draw them are at least 19 apart, and their nearest of the 16 probes at least 17.
 */
export const PHOTO_NEAR_MAX_DISTANCE = 14;

export type PhotoEntry = { number: number; hi: number; lo: number; colour: number };
export type PhotoMatch = { number: number; distance: number; samePhoto: boolean };

function colourClose(a: number, b: number): boolean {
  const step = SAME_PHOTO_MAX_COLOUR_STEP;
  return (
    Math.abs((a >>> 16) - (b >>> 16)) <= step &&
    Math.abs(((a >>> 8) & 255) - ((b >>> 8) & 255)) <= step &&
    Math.abs((a & 255) - (b & 255)) <= step
  );
}

export class PhotoIndex {
  private readonly numbers: Int32Array;
  private readonly his: Uint32Array;
  private readonly los: Uint32Array;
  private readonly colours: Int32Array;

  constructor(entries: readonly PhotoEntry[]) {
    this.numbers = Int32Array.from(entries, (e) => e.number);
    this.his = Uint32Array.from(entries, (e) => e.hi);
    this.los = Uint32Array.from(entries, (e) => e.lo);
    this.colours = Int32Array.from(entries, (e) => e.colour);
  }

  get size(): number {
    return this.numbers.length;
  }

  /**
   * The products whose picture is the same photo as one of the probes (within SAME_PHOTO_MAX_DISTANCE bits and
   * SAME_PHOTO_MAX_COLOUR_STEP of its colour, decision 0068), nearest first, then the others within
   * PHOTO_NEAR_MAX_DISTANCE bits of their nearest probe, nearest first; ties by product number. At most `limit`.
   */
  nearest(probes: readonly PhotoProbe[], limit: number): PhotoMatch[] {
    const found: PhotoMatch[] = [];
    const { numbers, his, los, colours } = this;
    const count = probes.length;
    const probeHi = Uint32Array.from(probes, (p) => p.hi);
    const probeLo = Uint32Array.from(probes, (p) => p.lo);
    for (let at = 0; at < numbers.length; at++) {
      const hi = his[at]!;
      const lo = los[at]!;
      let best = 65;
      let same = false;
      for (let p = 0; p < count; p++) {
        let x = (hi ^ probeHi[p]!) >>> 0;
        x -= (x >>> 1) & 0x55555555;
        x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
        let y = (lo ^ probeLo[p]!) >>> 0;
        y -= (y >>> 1) & 0x55555555;
        y = (y & 0x33333333) + ((y >>> 2) & 0x33333333);
        // Both halves' nibble counts added before the last fold: at most 8 per byte, no carry.
        const d = (((x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f) + (y & 0x0f0f0f0f) + ((y >>> 4) & 0x0f0f0f0f)) * 0x01010101) >>> 24;
        if (d < best) best = d;
        if (d <= SAME_PHOTO_MAX_DISTANCE && !same && colourClose(colours[at]!, probes[p]!.colour)) same = true;
      }
      if (same || best <= PHOTO_NEAR_MAX_DISTANCE) found.push({ number: numbers[at]!, distance: best, samePhoto: same });
    }
    found.sort((a, b) => Number(b.samePhoto) - Number(a.samePhoto) || a.distance - b.distance || a.number - b.number);
    return found.slice(0, limit);
  }
}
