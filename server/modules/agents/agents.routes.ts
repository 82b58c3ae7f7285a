import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAgentListSchema,
  adminAgentSchema,
  agentInputSchema,
  agentListSchema,
  agentOrderSchema,
  promoInputSchema,
} from '../../../common/schemas/agent';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import { PUBLIC_POLICY } from '../../plugins/cache-policy';
import { actorOf } from '../audit/audit-details';
import type { AgentsService } from './agents.service';
import { apiSchemas } from '../../../common/schemas/registry';

const deletedSchema = z.object({ id: z.string(), name: z.string() }).register(apiSchemas, { id: 'AgentDeleted' });
const disabledSchema = z
  .object({ disabled: z.array(z.string()).describe('The names of the agents turned off, in the Agents tab order') })
  .register(apiSchemas, { id: 'AgentsDisabled' });

export const agentsRoutes: FastifyPluginAsyncZod<{ service: AgentsService }> = async (app, { service }) => {
  app.get(
    '/api/agents',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['agents'],
        summary:
          'The enabled shopping agents in order, each with its link template, marketplace codes, referral code and the ' +
          'promotion running now (kept by caches no longer than until the next promotion starts or ends)',
        response: { 200: agentListSchema },
      },
    },
    async (request) => {
      const { items, validUntil } = await service.listPublicUntil();
      app.responseCache.expireAt(request, validUntil);
      return { items };
    },
  );

  app.get(
    '/api/admin/agents',
    app.guard('admin', {
      schema: { tags: ['admin'], summary: 'Every agent, enabled or not, in order', response: { 200: adminAgentListSchema } },
    }),
    async () => ({ items: await service.listForAdmin() }),
  );

  app.post(
    '/api/admin/agents',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Adds an agent after the others; it becomes the default when isDefault is set or no enabled agent is the default; recorded in the audit log',
        body: agentInputSchema,
        response: { 201: adminAgentSchema, 409: errorSchema },
      },
    }),
    async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
  );

  app.put(
    '/api/admin/agents/order',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "Puts the agents in the order of ids (every agent's id once); recorded in the audit log",
        body: agentOrderSchema,
        response: { 200: adminAgentListSchema },
      },
    }),
    async (request) => ({ items: await service.reorder(actorOf(request), request.body.ids) }),
  );

  app.put(
    '/api/admin/agents/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Changes an agent; the default agent can be neither disabled nor stop being the default until another is made the default; recorded in the audit log',
        params: idParamsSchema,
        body: agentInputSchema,
        response: { 200: adminAgentSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => service.update(actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/agents/disable-without-referral',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Turns off every enabled agent without a referral code except the default (the setup checklist), in one change ' +
          'recorded in the audit log; none turned off when every enabled agent has its code',
        response: { 200: disabledSchema },
      },
    }),
    async (request) => service.disableWithoutReferral(actorOf(request)),
  );

  app.post(
    '/api/admin/agents/:id/default',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Makes an enabled agent the default (the one before stops being it); recorded in the audit log',
        params: idParamsSchema,
        response: { 200: adminAgentSchema, 404: errorSchema },
      },
    }),
    async (request) => service.setDefault(actorOf(request), request.params.id),
  );

  app.put(
    '/api/admin/agents/:id/promo',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          "Sets an agent's promotion (text, optional code and link, start and end), replacing the one it had; shown to " +
          'visitors from the start to the end; recorded in the audit log',
        params: idParamsSchema,
        body: promoInputSchema,
        response: { 200: adminAgentSchema, 404: errorSchema },
      },
    }),
    async (request) => service.setPromo(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/agents/:id/promo',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "Removes an agent's promotion; recorded in the audit log",
        params: idParamsSchema,
        response: { 200: adminAgentSchema, 404: errorSchema },
      },
    }),
    async (request) => service.setPromo(actorOf(request), request.params.id, null),
  );

  app.delete(
    '/api/admin/agents/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Deletes an agent other than the default; visitors who chose it get the default; recorded in the audit log',
        params: idParamsSchema,
        response: { 200: deletedSchema, 404: errorSchema },
      },
    }),
    async (request) => service.delete(actorOf(request), request.params.id),
  );
};
