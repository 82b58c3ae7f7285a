import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoRemovalSchema, setupDismissalSchema, setupStatusSchema } from '../../../common/schemas/setup';
import { actorOf } from '../audit/audit-details';
import type { SetupService } from './setup.service';

/** The dashboard's setup checklist (issue 28): what the site still lacks, putting the list away, the demo's removal. */
export const setupRoutes: FastifyPluginAsyncZod<{ service: SetupService }> = async (app, { service }) => {
  app.get(
    '/api/admin/setup',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "What the site still lacks (the dashboard's setup checklist): only whether each setting is set, never its value",
        response: { 200: setupStatusSchema },
      },
    }),
    async (request) => service.status(actorOf(request).id),
  );

  app.put(
    '/api/admin/setup/dismissal',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Puts the setup checklist away for this account ("I\'ll do this later"), or shows it again',
        body: setupDismissalSchema,
        response: { 200: setupStatusSchema },
      },
    }),
    async (request) => service.dismiss(actorOf(request).id, request.body.dismissed),
  );

  app.post(
    '/api/admin/setup/demo-removal',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Removes exactly the demo catalogue (its products and their pictures) as one bulk change that can be undone',
        description: 'Undo with POST /api/admin/products/changes/{changeId}/undo. Recorded in the audit log.',
        response: { 200: demoRemovalSchema },
      },
    }),
    async (request) => service.removeDemo(actorOf(request)),
  );
};
