import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../common/schemas/error';
import { ownerSetupResultSchema, ownerSetupSchema, ownerSetupStatusSchema } from '../../../common/schemas/setup';
import type { OwnerSetupService } from './owner-setup.service';

/** Small: a token, an email and a password. */
const OWNER_SETUP_BODY_LIMIT = 4 * 1024;

/** The first admin (issue 40, decision 0095): whether the site needs one, and the owner form of the setup address. */
export const ownerSetupRoutes: FastifyPluginAsyncZod<{ service: OwnerSetupService }> = async (app, { service }) => {
  app.addHook('onClose', () => service.close());

  app.get(
    '/api/setup/owner',
    {
      schema: {
        tags: ['setup'],
        summary: 'Whether the site still needs its first admin (public: a signed-out /admin then tells how to make one)',
        response: { 200: ownerSetupStatusSchema },
      },
    },
    async () => service.status(),
  );

  app.post(
    '/api/setup/owner',
    {
      bodyLimit: OWNER_SETUP_BODY_LIMIT,
      schema: {
        tags: ['setup'],
        summary:
          "Creates the owner account (admin and developer) with the token of the start log's one-time setup address (public: " +
          'the token is the proof). 410 when the token was used, or its process stopped or restarted; 409 once an admin ' +
          'exists, while another token is being used, or when the email has an account with another password',
        body: ownerSetupSchema,
        response: { 201: ownerSetupResultSchema, 400: errorSchema, 409: errorSchema, 410: errorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createOwner(request.body)),
  );
};
