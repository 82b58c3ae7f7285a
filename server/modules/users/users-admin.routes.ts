import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import { adminUserPageSchema, adminUserQuerySchema, adminUserSchema, userRolesInputSchema } from '../../../common/schemas/user';
import { actorOf } from '../audit/audit-details';
import type { UsersAdminService } from './users-admin.service';

/** User management for admins (issue 5): the accounts list and their admin and developer roles. */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ service: UsersAdminService }> = async (app, { service }) => {
  app.get(
    '/api/admin/users',
    app.guard('admin', {
      schema: {
        tags: ['users'],
        summary: 'Accounts, newest first, 25 a page; search is a case-insensitive substring of the email or the name',
        querystring: adminUserQuerySchema,
        response: { 200: adminUserPageSchema },
      },
    }),
    async (request) => service.list(request.query),
  );

  app.patch(
    '/api/admin/users/:id',
    app.guard('admin', {
      schema: {
        tags: ['users'],
        summary: 'Grants or revokes admin and developer; recorded in the audit log',
        description:
          'Changing isDev needs a developer. Nobody can remove their own admin role, and the last admin keeps theirs ' +
          '(409). A change that changes nothing succeeds and is not recorded.',
        params: idParamsSchema,
        body: userRolesInputSchema,
        response: { 200: adminUserSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => service.updateRoles(actorOf(request), request.params.id, request.body),
  );
};
