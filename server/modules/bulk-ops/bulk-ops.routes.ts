import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkOperationParamsSchema, bulkResultSchema, categoryStatsSchema } from '../../../common/schemas/bulk-op';
import { errorSchema } from '../../../common/schemas/error';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { GUARDED_ERRORS, roleSchema } from '../auth/authorize';
import { createBulkOpsRepo } from './bulk-ops.repo';
import { createBulkOpsService } from './bulk-ops.service';

/** Bulk catalogue maintenance (spec section 2 "Database operations"): developers only. */
export const bulkOpsRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const service = createBulkOpsService(createBulkOpsRepo(database));
  const developer = { onRequest: app.requireRole('developer') };

  app.post(
    '/api/admin/bulk-ops/:operation',
    {
      ...developer,
      schema: {
        ...roleSchema('developer'),
        tags: ['bulk-ops'],
        summary: 'Runs one bulk operation on the whole catalogue, all or nothing, and answers its counts and samples',
        description:
          'One operation at a time across every process: 409 while another runs. Each run is recorded in the audit log.',
        params: bulkOperationParamsSchema,
        response: { 200: bulkResultSchema, ...GUARDED_ERRORS, 409: errorSchema },
      },
    },
    async (request) => {
      const actor = request.sessionUser;
      if (!actor) throw new AppError('UNAUTHORIZED', 'Please sign in to do this.');
      return service.run(request.params.operation, { id: actor.id, email: actor.email });
    },
  );

  app.get(
    '/api/admin/bulk-ops/category-stats',
    {
      ...developer,
      schema: {
        ...roleSchema('developer'),
        tags: ['bulk-ops'],
        summary: 'Products per category, largest first (the Category Distribution panel)',
        response: { 200: categoryStatsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => service.categoryStats(),
  );
};
