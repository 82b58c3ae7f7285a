import { visibleProduct } from '../catalogue/visibility';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PhotoEntry } from './photo-index';

/**
 * What search by photo reads (issue 42, decision 0086): each visible product showing a hashed picture, its hash as two
 * signed 32-bit halves (bit(32) casts to integer) and the picture's mean colour; compact rows, so the whole catalogue
 * reads in one statement when the in-memory index is made again.
 */
export function createPhotoSearchRepo(database: Database) {
  return {
    async entries(): Promise<PhotoEntry[]> {
      const rows = await database.rows<{ number: number; hi: number; lo: number; colour: number }>(sql`
        select p.number, substring(i.phash from 1 for 32)::integer as hi, substring(i.phash from 33 for 32)::integer as lo,
               i.mean_colour as colour
        from products p join images i on i.url = p.image
        where ${visibleProduct('p')} and i.phash is not null and i.mean_colour is not null`);
      return rows.map((r) => ({ number: Number(r.number), hi: Number(r.hi) >>> 0, lo: Number(r.lo) >>> 0, colour: Number(r.colour) }));
    },
  };
}
export type PhotoSearchRepo = ReturnType<typeof createPhotoSearchRepo>;
