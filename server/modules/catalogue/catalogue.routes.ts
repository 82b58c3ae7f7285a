import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../common/schemas/error';
import { finderQuerySchema, productPageSchema } from '../../../common/schemas/product';
import type { CatalogueService } from './catalogue.service';

export const catalogueRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (app, { service }) => {
  app.get(
    '/api/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: "One page of the finder's listing, filtered and searched on the server",
        description:
          "Products in the visitor's shuffled order: the same seed gives the same order, and following nextCursor never repeats or skips an item.",
        querystring: finderQuerySchema,
        response: { 200: productPageSchema, 400: errorSchema },
      },
    },
    async (request) => service.listFinderPage(request.query),
  );
};
