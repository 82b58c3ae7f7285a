import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../common/schemas/error';
import { favoritesLangQuerySchema } from '../../../common/schemas/favorite';
import { recentlyViewedSchema, viewedMergeInputSchema, viewedParamsSchema } from '../../../common/schemas/recently-viewed';
import { callerOf } from '../../plugins/role-guard';
import type { RecentlyViewedService } from './recently-viewed.service';

/** The merge body: RECENTLY_VIEWED_MAX views of about 90 bytes each, with room to spare. */
const MERGE_BODY_LIMIT = 8 * 1024;
const SMALL_BODY_LIMIT = 1024;

/** Recently viewed (issue 42): the signed-in person's list, a view, the merge at sign-in and clearing it. */
export const recentlyViewedRoutes: FastifyPluginAsyncZod<{ service: RecentlyViewedService }> = async (app, { service }) => {
  app.get(
    '/api/recently-viewed',
    app.guard('user', {
      schema: {
        tags: ['favorites'],
        summary: 'The product pages the signed-in person opened last (at most 20), newest first, as the products are now',
        querystring: favoritesLangQuerySchema,
        response: { 200: recentlyViewedSchema },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(callerOf(request).id, request.query.lang);
    },
  );

  app.put(
    '/api/recently-viewed/:productId',
    app.guard('user', {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['favorites'],
        summary: 'Records that the signed-in person opened this product page now (the oldest beyond 20 drops out)',
        description: 'A product that is not in the catalogue changes nothing.',
        params: viewedParamsSchema,
        response: { 204: z.null().describe('Recorded') },
      },
    }),
    async (request, reply) => {
      await service.viewed(callerOf(request).id, request.params.productId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/recently-viewed/merge',
    app.guard('user', {
      bodyLimit: MERGE_BODY_LIMIT,
      schema: {
        tags: ['favorites'],
        summary: 'Adds the product pages the browser kept while signed out (sent once, at sign-in); the newest 20 of both are kept',
        querystring: favoritesLangQuerySchema,
        body: viewedMergeInputSchema,
        response: { 200: recentlyViewedSchema, 400: errorSchema, 413: errorSchema },
      },
    }),
    async (request) => service.merge(callerOf(request).id, request.body.items, request.query.lang),
  );

  app.delete(
    '/api/recently-viewed',
    app.guard('user', {
      schema: {
        tags: ['favorites'],
        summary: 'Forgets every product page the signed-in person opened',
        response: { 204: z.null().describe('Cleared') },
      },
    }),
    async (request, reply) => {
      await service.clear(callerOf(request).id);
      return reply.status(204).send(null);
    },
  );
};
