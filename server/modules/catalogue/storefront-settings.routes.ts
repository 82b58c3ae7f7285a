import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storefrontSettingsSchema } from '../../../common/schemas/storefront-settings';
import { actorOf } from '../audit/audit-details';
import type { StorefrontSettingsService } from './storefront-settings.service';

/** The storefront's settings in the dashboard (issue 40). */
export const storefrontSettingsRoutes: FastifyPluginAsyncZod<{ service: StorefrontSettingsService }> = async (app, { service }) => {
  app.get(
    '/api/admin/storefront-settings',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "The storefront's settings: what it does with products without a picture",
        response: { 200: storefrontSettingsSchema },
      },
    }),
    async () => service.read(),
  );

  app.put(
    '/api/admin/storefront-settings',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "Changes the storefront's settings; every public list follows at once; recorded in the audit log",
        body: storefrontSettingsSchema,
        response: { 200: storefrontSettingsSchema },
      },
    }),
    async (request) => service.update(actorOf(request), request.body),
  );
};
