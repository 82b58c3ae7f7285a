import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import {
  syncedSheetInputSchema,
  syncedSheetLimitsSchema,
  syncedSheetListSchema,
  syncedSheetSchema,
} from '../../../common/schemas/import-sources';
import { actorOf } from '../audit/audit-details';
import type { ImportSourcesService } from './import-sources.service';

/** Synced sheets (issue 26): addresses re-read on a schedule, each run an import. Admins only. */
export const importSourcesRoutes: FastifyPluginAsyncZod<{ service: ImportSourcesService }> = async (app, { service }) => {
  app.get(
    '/api/admin/import-sources',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'The synced sheets, each with its schedule, limits and last run',
        response: { 200: syncedSheetListSchema },
      },
    }),
    async () => ({ items: await service.list() }),
  );

  app.post(
    '/api/admin/import-sources',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Saves a sheet to sync: read again hourly or daily; a run applies on its own within the limits, else waits for an admin',
        description: 'Its first run is due at once. A sync adds and updates products; it never deletes them. Recorded in the audit log.',
        body: syncedSheetInputSchema,
        response: { 201: syncedSheetSchema, 409: errorSchema },
      },
    }),
    async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
  );

  app.patch(
    '/api/admin/import-sources/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "Changes a synced sheet's schedule and limits (any of them); answers the sheet",
        description:
          'A new schedule moves the next run to one interval after the last (or now, if that is sooner). Recorded in the audit log with the values before and after.',
        params: idParamsSchema,
        body: syncedSheetLimitsSchema,
        response: { 200: syncedSheetSchema, 404: errorSchema },
      },
    }),
    async (request) => service.update(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/import-sources/:id/run',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Reads a synced sheet now; answers the sheet with its run (applied, waiting, unchanged or failed)',
        params: idParamsSchema,
        response: { 200: syncedSheetSchema, 404: errorSchema },
      },
    }),
    async (request) => service.runNow(request.params.id),
  );

  app.delete(
    '/api/admin/import-sources/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Stops syncing a sheet; the imports it made stay in the history and can still be undone',
        params: idParamsSchema,
        response: { 204: z.null().describe('Removed'), 404: errorSchema },
      },
    }),
    async (request, reply) => {
      await service.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
