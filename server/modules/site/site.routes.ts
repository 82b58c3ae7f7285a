import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../common/schemas/error';
import { siteConfigSchema } from '../../../common/schemas/site';
import { PRIVATE_NO_STORE, PUBLIC_POLICY } from '../../plugins/cache-policy';
import type { SiteService } from './site.service';

export const siteRoutes: FastifyPluginAsyncZod<{ service: SiteService }> = async (app, { service }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['site'],
        summary: 'Health check: ok when the server and its database answer',
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorSchema },
      },
    },
    async (_request, reply) => {
      // A probe must see this process's answer now, never a copy kept by a cache on the way.
      reply.header('cache-control', PRIVATE_NO_STORE);
      return service.health();
    },
  );
  app.get(
    '/api/site',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['site'],
        summary: 'Public storefront settings (discount code, community and referral links)',
        response: { 200: siteConfigSchema },
      },
    },
    async () => service.settings(),
  );
};
