import { z } from 'zod';
import { declareJob, type HandlerOf } from '../../jobs/job';
import type { ImportRunner } from './import-runner';

/** An import's rows phase, one job per committed import (decision 0050): one at a time in each process. */
export const importRowsJob = declareJob({
  name: 'import-rows',
  data: z.object({ importId: z.string() }),
  workers: 1,
  expireInSeconds: 60 * 60,
});

export const importRowsHandler =
  (runner: Pick<ImportRunner, 'runRows'>): HandlerOf<typeof importRowsJob> =>
  ({ importId }) =>
    runner.runRows(importId);
