import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkOperationParamsSchema, bulkPreviewSchema, bulkResultSchema, categoryStatsSchema } from '../../../common/schemas/bulk-op';
import { undoResultSchema } from '../../../common/schemas/changes';
import { idParamsSchema } from '../../../common/schemas/fields';
import { errorSchema } from '../../../common/schemas/error';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { GUARDED_ERRORS, roleSchema } from '../auth/authorize';
import { createAuditRepo } from '../audit/audit.repo';
import { actorOf } from '../audit/audit-details';
import { createChangesRepo } from '../changes/changes.repo';
import { createBulkOpsRepo } from './bulk-ops.repo';
import { createBulkOpsService } from './bulk-ops.service';

/** Bulk catalogue maintenance (spec section 2 "Database operations"): developers only. */
export const bulkOpsRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const service = createBulkOpsService(createBulkOpsRepo(database), createChangesRepo(database), createAuditRepo(database));
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
    '/api/admin/bulk-ops/:operation/preview',
    {
      ...developer,
      schema: {
        ...roleSchema('developer'),
        tags: ['bulk-ops'],
        summary: 'What an operation would change: its counts and up to 10 samples; nothing is written',
        params: bulkOperationParamsSchema,
        response: { 200: bulkPreviewSchema, ...GUARDED_ERRORS },
      },
    },
    async (request) => service.preview(request.params.operation),
  );

  app.post(
    '/api/admin/bulk-ops/changes/:id/undo',
    {
      ...developer,
      schema: {
        ...roleSchema('developer'),
        tags: ['bulk-ops'],
        summary: 'Undoes a run: every product it changed gets its previous value (products changed since are left as they are)',
        params: idParamsSchema,
        response: { 200: undoResultSchema, ...GUARDED_ERRORS, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => service.undo(actorOf(request), request.params.id),
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
