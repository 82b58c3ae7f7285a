import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryListSchema } from '../../../common/schemas/category';
import type { CategoriesService } from './categories.service';

export const categoriesRoutes: FastifyPluginAsyncZod<{ service: CategoriesService }> = async (app, { service }) => {
  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['categories'],
        summary: 'All categories, ascending by relevance, then by name',
        response: { 200: categoryListSchema },
      },
    },
    async () => ({ items: await service.list() }),
  );
};
