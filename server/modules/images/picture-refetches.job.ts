import { z } from 'zod';
import { declareJob, type HandlerOf } from '../../jobs/job';
import type { PictureRefetches } from './picture-refetches';

/** One picture address to fetch again, and the products asked for that take their picture from it. */
export const refetchItemSchema = z.object({ url: z.string(), products: z.array(z.string()) });
export type RefetchItem = z.infer<typeof refetchItemSchema>;

/**
 * "Fetch pictures again" (issue 40): REFETCHES_PER_JOB addresses a job, two jobs at a time in each process; a job the
 * server stopped is tried once more later.
 */
export const pictureRefetchJob = declareJob({
  name: 'picture-refetch',
  data: z.object({ items: z.array(refetchItemSchema) }),
  workers: 2,
  retryLimit: 1,
  retryDelaySeconds: 30,
  expireInSeconds: 10 * 60,
});

export const pictureRefetchHandler =
  (refetches: Pick<PictureRefetches, 'run'>): HandlerOf<typeof pictureRefetchJob> =>
  async ({ items }) => {
    await refetches.run(items);
  };
