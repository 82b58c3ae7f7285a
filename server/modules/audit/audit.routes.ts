import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../common/schemas/audit';
import type { AuditService } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (app, { service }) => {
  app.get(
    '/api/admin/audit-log',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: bulk database operations and role changes (who, when, what, counts)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    }),
    async (request) => service.page(request.query),
  );
};
