import { z } from 'zod';
import { AppError } from '../../errors';

/**
 * Where the next page of the finder starts, in the order it was read in. Each is the last row's key in that
 * order, so following cursors never repeats or skips an item, whatever is inserted between pages.
 * - shuffle: Recommended without a search. The order is the products sorted by (shuffleKey, id), read from the
 *   visitor's seed to the end (phase 0), then from the start up to the seed (phase 1): a rotation of one fixed
 *   random order.
 * - relevance: Recommended while searching: by score (descending), then the fixed random order itself, from its
 *   start, the same for every visitor (decision 0043): a search's pages are then one answer, whoever asks.
 * - newest, price-asc, price-desc: by the created time or the price (exact text of the stored value), then id.
 * - popular: by popularity (descending), then the shuffled order.
 * In each, while the storefront lists products without a picture last (issue 40), those come after every other in
 * the same order: `last` says the cursor's product is one of them (`l: 1`).
 */
export type FinderCursor = (
  | { sort: 'shuffle'; phase: 0 | 1; key: number; id: string }
  | { sort: 'relevance'; score: number; key: number; id: string }
  | { sort: 'newest' | 'price-asc' | 'price-desc'; value: string; id: string }
  | { sort: 'popular'; popularity: number; key: number; id: string }
) & { last?: boolean | undefined };

const int = z.number().int().min(-2147483648).max(2147483647);
const phase = z.union([z.literal(0), z.literal(1)]);
const listedLast = z.literal(1).optional();
const cursorSchema = z.union([
  z.object({ p: phase, k: int, i: z.uuid(), l: listedLast }).strict(),
  // `p`: a relevance cursor of before decision 0043 carried the visitor's phase; still read, not used.
  z
    .object({ s: z.literal('r'), r: z.number().int().min(0).max(1_000_000), p: phase.optional(), k: int, i: z.uuid(), l: listedLast })
    .strict(),
  z
    .object({
      s: z.literal('n'),
      v: z.iso
        .datetime({ offset: true, local: false })
        .or(z.string().regex(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/)),
      i: z.uuid(),
      l: listedLast,
    })
    .strict(),
  z.object({ s: z.enum(['pa', 'pd']), v: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/), i: z.uuid(), l: listedLast }).strict(),
  z.object({ s: z.literal('po'), v: z.number().int().min(0), k: int, i: z.uuid(), l: listedLast }).strict(),
]);

export function encodeCursor(c: FinderCursor): string {
  let raw: object;
  if (c.sort === 'shuffle') raw = { p: c.phase, k: c.key, i: c.id };
  else if (c.sort === 'relevance') raw = { s: 'r', r: c.score, k: c.key, i: c.id };
  else if (c.sort === 'popular') raw = { s: 'po', v: c.popularity, k: c.key, i: c.id };
  else raw = { s: c.sort === 'newest' ? 'n' : c.sort === 'price-asc' ? 'pa' : 'pd', v: c.value, i: c.id };
  if (c.last) raw = { ...raw, l: 1 };
  return Buffer.from(JSON.stringify(raw)).toString('base64url');
}

const INVALID = 'cursor is not valid: pass the nextCursor of the previous page';

export function decodeCursor(raw: string): FinderCursor {
  let parsed: z.infer<typeof cursorSchema>;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION', INVALID);
  }
  const last = parsed.l === 1 ? { last: true } : {};
  if (!('s' in parsed)) return { sort: 'shuffle', phase: parsed.p, key: parsed.k, id: parsed.i, ...last };
  switch (parsed.s) {
    case 'r':
      return { sort: 'relevance', score: parsed.r, key: parsed.k, id: parsed.i, ...last };
    case 'po':
      return { sort: 'popular', popularity: parsed.v, key: parsed.k, id: parsed.i, ...last };
    case 'n':
      return { sort: 'newest', value: parsed.v, id: parsed.i, ...last };
    default:
      return { sort: parsed.s === 'pa' ? 'price-asc' : 'price-desc', value: parsed.v, id: parsed.i, ...last };
  }
}

/** Refuses a cursor made in another order than the one asked for (a client mixing pages up). */
export function cursorFor(raw: string | undefined, expected: FinderCursor['sort']): FinderCursor | undefined {
  if (raw === undefined) return undefined;
  const cursor = decodeCursor(raw);
  if (cursor.sort !== expected) throw new AppError('VALIDATION', `${INVALID} (it belongs to another order)`);
  return cursor;
}
