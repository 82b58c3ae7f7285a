import { z } from 'zod';
import { AppError } from '../../errors';

/**
 * Position in a visitor's shuffled order. The order is the products sorted by (shuffleKey, id), read from the
 * visitor's seed to the end (phase 0), then from the start up to the seed (phase 1): a rotation of one fixed
 * random order, so pages of one query never repeat or skip an item.
 */
export type Cursor = { phase: 0 | 1; key: number; id: string };

const cursorSchema = z.object({
  p: z.union([z.literal(0), z.literal(1)]),
  k: z.number().int().min(-2147483648).max(2147483647),
  i: z.uuid(),
});

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify({ p: c.phase, k: c.key, i: c.id })).toString('base64url');
}

export function decodeCursor(raw: string): Cursor {
  try {
    const parsed = cursorSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return { phase: parsed.p, key: parsed.k, id: parsed.i };
  } catch {
    throw new AppError('VALIDATION', 'cursor is not valid: pass the nextCursor of the previous page');
  }
}
