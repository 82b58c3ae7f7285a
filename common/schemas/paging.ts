import { z } from 'zod';
import { apiSchemas } from './registry';

/** page=1,2,... of a paged admin list; a page past the end answers an empty list with the total. */
export const pageField = z.coerce
  .number({ message: 'page must be a whole number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(1_000_000, 'page must be at most 1000000')
  .default(1);

export function pageSizeField(defaultSize: number, max: number) {
  return z.coerce
    .number({ message: 'pageSize must be a whole number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(max, `pageSize must be at most ${max}`)
    .default(defaultSize);
}

/** One page of a list with the count of everything that matched, for a numbered pager. */
export function pagedSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      total: z.number().int().describe('How many match, on every page'),
      page: z.number().int(),
      pageSize: z.number().int(),
    })
    .register(apiSchemas, { id });
}

/** Number of pages for a total (at least 1, so an empty list still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
