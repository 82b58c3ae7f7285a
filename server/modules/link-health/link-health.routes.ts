import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import { linkActionSchema, linkHealthOverviewSchema, linkHealthQuerySchema } from '../../../common/schemas/link-health';
import { actorOf } from '../audit/audit-details';
import type { LinkHealthService } from './link-health.service';

export const linkHealthRoutes: FastifyPluginAsyncZod<{ service: LinkHealthService }> = async (app, { service }) => {
  app.get(
    '/api/admin/link-health',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "Link health: counts by the last check's answer, and one page of the failing products with that answer",
        querystring: linkHealthQuerySchema,
        response: { 200: linkHealthOverviewSchema },
      },
    }),
    async (request) => service.overview(request.query),
  );

  app.post(
    '/api/admin/link-health/:id/recheck',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "Re-check now: the product's check goes to the front of the queue (a sweep starts) and its fine mark is cleared; audited",
        params: idParamsSchema,
        response: { 202: linkActionSchema, 404: errorSchema },
      },
    }),
    async (request, reply) => {
      await service.recheck(actorOf(request), request.params.id);
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.post(
    '/api/admin/link-health/:id/fine',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Mark fine: the product is shown as available and the checks do not mark it again until a Re-check now; audited',
        params: idParamsSchema,
        response: { 200: linkActionSchema, 404: errorSchema },
      },
    }),
    async (request) => {
      await service.markFine(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
