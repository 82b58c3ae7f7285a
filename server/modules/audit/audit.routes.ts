import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../common/schemas/audit';
import { GUARDED_ERRORS, roleSchema } from '../auth/authorize';
import type { AuditRepo } from './audit.repo';

export const auditRoutes: FastifyPluginAsyncZod<{ repo: AuditRepo }> = async (app, { repo }) => {
  app.get(
    '/api/admin/audit-log',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        ...roleSchema('admin'),
        tags: ['admin'],
        summary: 'The audit log, newest first: bulk database operations and role changes (who, when, what, counts)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...GUARDED_ERRORS },
      },
    },
    async (request) => {
      const { items, total } = await repo.page(request.query);
      return { items, total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );
};
