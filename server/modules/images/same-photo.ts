/**
 * When two stored pictures are the same photo (issue 29, decision 0068): their perceptual hashes (sharp-phash: the
 * DCT of the 32 × 32 grey picture, 64 bits) differ by a few bits at most, and so do their mean colours. A re-encoded
 * or resized copy of one photo stays within both; a different photo does not, nor does the same drawing in another
 * colour (the grey hash alone cannot tell those apart). `pictureHash` in image-files.ts makes both when a picture is
 * stored.
 */

/**
 * Bits two hashes of one photo may differ by. Measured (decision 0068): re-encoded at JPEG quality 40, resized to
 * 240–1200 px, WebP or PNG: at most 2; cropped by 2% a side: up to 7. The band index finds every pair within 7.
 */
export const SAME_PHOTO_MAX_DISTANCE = 6;
/** Steps (of 255) each channel of the mean colour may differ by: re-encoded or resized copies moved by at most 3. */
export const SAME_PHOTO_MAX_COLOUR_STEP = 8;

/**
 * The expression images_phash_bands_idx (migration 0026) indexes, over a table alias: a lookup must spell it the
 * same for the planner to use the index.
 */
export function phashBandsSql(alias: string): string {
  const quarter = (n: number) => `${n * 65536 === 0 ? '' : `${n * 65536} + `}substring(${alias}.phash from ${n * 16 + 1} for 16)::integer`;
  return `array[${[0, 1, 2, 3].map(quarter).join(', ')}]`;
}

/**
 * The GIN index holds each hash's four 16-bit quarters (phashBandsSql). Two hashes within 7 bits share a
 * quarter that differs in at most one bit (7 bits over 4 quarters leave one with 0 or 1), so a lookup asks for each
 * quarter as it is and with each of its 16 bits flipped: 68 index keys, a handful of candidates each.
 */
export const BAND_FLIPS = [0, ...Array.from({ length: 16 }, (_, bit) => 1 << bit)];

/** The SQL of "these mean colours are within SAME_PHOTO_MAX_COLOUR_STEP on every channel" over two integer columns. */
export function colourCloseSql(a: string, b: string): string {
  const step = SAME_PHOTO_MAX_COLOUR_STEP;
  return `(abs((${a} >> 16) - (${b} >> 16)) <= ${step} and abs(((${a} >> 8) & 255) - ((${b} >> 8) & 255)) <= ${step} and abs((${a} & 255) - (${b} & 255)) <= ${step})`;
}
