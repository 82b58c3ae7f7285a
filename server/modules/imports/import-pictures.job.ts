import { z } from 'zod';
import { declareJob, type HandlerOf } from '../../jobs/job';
import type { ImportRunner } from './import-runner';

/** One picture address to fetch: the first row naming it, and the products it is for. */
const pictureItemSchema = z.object({ url: z.string(), row: z.number(), products: z.array(z.string()) });
export type PictureItem = z.infer<typeof pictureItemSchema>;

/**
 * An import's pictures phase, PICTURES_PER_JOB addresses a job (decision 0050): two at a time in each process, a
 * failed job (the server stopped) tried again later, what it stored reused then.
 */
export const importPicturesJob = declareJob({
  name: 'import-pictures',
  data: z.object({ importId: z.string(), items: z.array(pictureItemSchema) }),
  workers: 2,
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 10 * 60,
});

export const importPicturesHandler =
  (runner: Pick<ImportRunner, 'runPictures'>): HandlerOf<typeof importPicturesJob> =>
  ({ importId, items }) =>
    runner.runPictures(importId, items);
