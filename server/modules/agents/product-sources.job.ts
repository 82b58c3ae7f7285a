import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { declareJob, type HandlerOf } from '../../jobs/job';
import { backfillProductSources, type ProductSourcesTransact } from './product-sources';
import type { ProductSourcesRepo } from './product-sources.repo';

/** The products' sources read from their links (issue 16), sent once at start; a failure is tried at the next start. */
export const productSourcesJob = declareJob({
  name: 'product-sources',
  data: z.object({}),
  atStart: true,
});

export const productSourcesHandler =
  (deps: { log: FastifyBaseLogger; repo: ProductSourcesRepo; transaction: ProductSourcesTransact }): HandlerOf<typeof productSourcesJob> =>
  async () => {
    const result = await backfillProductSources(deps.repo, deps.transaction);
    if (result && result.read + result.unread > 0) deps.log.info(result, "read the products' sources from their links");
  };
