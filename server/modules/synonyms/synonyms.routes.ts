import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import {
  brandAliasListSchema,
  synonymDeletedSchema,
  synonymInputSchema,
  synonymListSchema,
  synonymSchema,
} from '../../../common/schemas/synonym';
import { actorOf } from '../audit/audit-details';
import type { SynonymsService } from './synonyms.service';

export const synonymsRoutes: FastifyPluginAsyncZod<{ service: SynonymsService }> = async (app, { service }) => {
  app.get(
    '/api/admin/brand-aliases',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'The kept brand list an import reads brands from titles with (Air Force 1 → Nike); the default until edited',
        response: { 200: brandAliasListSchema },
      },
    }),
    async () => service.brandAliases(),
  );

  app.put(
    '/api/admin/brand-aliases',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Replaces the kept brand list; the next import reads with it; recorded in the audit log',
        body: brandAliasListSchema,
        response: { 200: brandAliasListSchema },
      },
    }),
    async (request) => service.replaceBrandAliases(actorOf(request), request.body.items),
  );

  app.get(
    '/api/admin/synonyms',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "The search's synonym groups (words and phrases read as the same, both ways), oldest first",
        response: { 200: synonymListSchema },
      },
    }),
    async () => ({ items: await service.list() }),
  );

  app.post(
    '/api/admin/synonyms',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Adds a synonym group; every process searches with it from its next search on; recorded in the audit log',
        body: synonymInputSchema,
        response: { 201: synonymSchema },
      },
    }),
    async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body.terms)),
  );

  app.put(
    '/api/admin/synonyms/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "Replaces a synonym group's terms; recorded in the audit log",
        params: idParamsSchema,
        body: synonymInputSchema,
        response: { 200: synonymSchema, 404: errorSchema },
      },
    }),
    async (request) => service.update(actorOf(request), request.params.id, request.body.terms),
  );

  app.delete(
    '/api/admin/synonyms/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Deletes a synonym group; recorded in the audit log',
        params: idParamsSchema,
        response: { 200: synonymDeletedSchema, 404: errorSchema },
      },
    }),
    async (request) => service.delete(actorOf(request), request.params.id),
  );
};
