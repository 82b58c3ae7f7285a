import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCategoryListSchema,
  categoryDeleteQuerySchema,
  categoryDeleteResultSchema,
  categoryInputSchema,
  categoryListSchema,
  categorySchema,
  ensureDefaultsResultSchema,
} from '../../../common/schemas/category';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import { actorOf } from '../audit/audit-details';
import type { CategoriesService } from './categories.service';
import { PUBLIC_POLICY } from '../../plugins/cache-policy';

export const categoriesRoutes: FastifyPluginAsyncZod<{ service: CategoriesService }> = async (app, { service }) => {
  app.get(
    '/api/categories',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['categories'],
        summary: 'All categories, ascending by relevance, then by name',
        response: { 200: categoryListSchema },
      },
    },
    async () => ({ items: await service.list() }),
  );

  app.get(
    '/api/admin/categories',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'All categories in list order, each with its number of products',
        response: { 200: adminCategoryListSchema },
      },
    }),
    async () => ({ items: await service.listForAdmin() }),
  );

  app.post(
    '/api/admin/categories',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Adds a category; the name is trimmed and must be new in any case; recorded in the audit log',
        body: categoryInputSchema,
        response: { 201: categorySchema, 409: errorSchema },
      },
    }),
    async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
  );

  app.post(
    '/api/admin/categories/defaults',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Adds the eight default categories when none exist (run when the dashboard opens); recorded when it does',
        response: { 200: ensureDefaultsResultSchema },
      },
    }),
    async (request) => ({ seeded: await service.ensureDefaults(actorOf(request)) }),
  );

  app.put(
    '/api/admin/categories/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Changes a category; a new name is written onto its products, so they stay in it; the changed fields and the ' +
          'renamed products are recorded in the audit log',
        params: idParamsSchema,
        body: categoryInputSchema,
        response: { 200: categorySchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => service.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/categories/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Deletes a category; its products move to moveTo, or keep no category and stay on the storefront; recorded ' +
          'in the audit log with the number of products moved',
        params: idParamsSchema,
        querystring: categoryDeleteQuerySchema,
        response: { 200: categoryDeleteResultSchema, 404: errorSchema },
      },
    }),
    async (request) => service.delete(actorOf(request), request.params.id, request.query.moveTo),
  );
};
