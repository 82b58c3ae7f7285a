import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkOperationParamsSchema, bulkPreviewSchema, bulkResultSchema, categoryStatsSchema } from '../../../common/schemas/bulk-op';
import { undoResultSchema } from '../../../common/schemas/changes';
import { idParamsSchema } from '../../../common/schemas/fields';
import { errorSchema } from '../../../common/schemas/error';
import { actorOf } from '../audit/audit-details';
import type { BulkOpsService } from './bulk-ops.service';

/** Bulk catalogue maintenance (spec section 2 "Database operations"): developers only. */
export const bulkOpsRoutes: FastifyPluginAsyncZod<{ service: BulkOpsService }> = async (app, { service }) => {
  app.post(
    '/api/admin/bulk-ops/:operation',
    app.guard('developer', {
      schema: {
        tags: ['bulk-ops'],
        summary: 'Runs one bulk operation on the whole catalogue, all or nothing, and answers its counts and samples',
        description: 'One operation at a time across every process: 409 while another runs. Each run is recorded in the audit log.',
        params: bulkOperationParamsSchema,
        response: { 200: bulkResultSchema, 409: errorSchema },
      },
    }),
    async (request) => service.run(request.params.operation, actorOf(request)),
  );

  app.get(
    '/api/admin/bulk-ops/:operation/preview',
    app.guard('developer', {
      schema: {
        tags: ['bulk-ops'],
        summary: 'What an operation would change: its counts and up to 10 samples; nothing is written',
        params: bulkOperationParamsSchema,
        response: { 200: bulkPreviewSchema },
      },
    }),
    async (request) => service.preview(request.params.operation),
  );

  app.post(
    '/api/admin/bulk-ops/changes/:id/undo',
    app.guard('developer', {
      schema: {
        tags: ['bulk-ops'],
        summary: 'Undoes a run: every product it changed gets its previous value (products changed since are left as they are)',
        params: idParamsSchema,
        response: { 200: undoResultSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => service.undo(actorOf(request), request.params.id),
  );

  app.get(
    '/api/admin/bulk-ops/category-stats',
    app.guard('developer', {
      schema: {
        tags: ['bulk-ops'],
        summary: 'Products per category, largest first (the Category Distribution panel)',
        response: { 200: categoryStatsSchema },
      },
    }),
    async () => service.categoryStats(),
  );
};
