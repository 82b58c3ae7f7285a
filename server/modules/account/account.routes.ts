import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeleteInputSchema,
  accountNameInputSchema,
  accountOkSchema,
  emailChangeInputSchema,
  emailChangeResultSchema,
  emailConfirmQuerySchema,
} from '../../../common/schemas/account';
import { errorSchema } from '../../../common/schemas/error';
import { preferencesInputSchema, preferencesSchema } from '../../../common/schemas/preferences';
import { meSchema } from '../../../common/schemas/user';
import { AppError } from '../../errors';
import { callerOf } from '../../plugins/role-guard';
import { expiredAuthCookies, type Auth } from '../auth/auth';
import type { UsersService } from '../users/users.service';
import type { AccountService } from './account.service';

export type AccountRoutesOptions = {
  service: AccountService;
  users: Pick<UsersService, 'me'>;
  auth: Auth;
  /** The site's own origins (PUBLIC_URL first when set); links in mails use one of them, never a Host header. */
  origins: readonly string[];
};

/** The signed-in person's own account (issue 13): display name, email, sessions and deletion. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { service, users, auth, origins }) => {
  app.get(
    '/api/me/preferences',
    app.guard('user', {
      schema: {
        tags: ['auth'],
        summary: 'The agent and display currency the signed-in person chose (issue 16)',
        description: 'A choice the site no longer offers (an agent removed or switched off, a currency without a rate) answers null.',
        response: { 200: preferencesSchema },
      },
    }),
    async (request) => service.preferences(callerOf(request).id),
  );

  app.put(
    '/api/me/preferences',
    app.guard('user', {
      schema: {
        tags: ['auth'],
        summary: 'Remembers the agent and display currency on the account',
        description:
          'A field left out keeps its value; null clears it (the default agent, the base currency). An agent the site does not ' +
          'have or has switched off, and a currency it does not show (neither the base nor one with a rate), answer 400 with a sentence.',
        body: preferencesInputSchema,
        response: { 200: preferencesSchema },
      },
    }),
    async (request) => service.setPreferences(callerOf(request).id, request.body),
  );

  app.patch(
    '/api/account',
    app.guard('user', {
      schema: {
        tags: ['auth'],
        summary: 'Changes the display name (empty clears it)',
        body: accountNameInputSchema,
        response: { 200: meSchema },
      },
    }),
    async (request, reply) => {
      const id = callerOf(request).id;
      await service.setName(id, request.body.name);
      reply.header('cache-control', 'no-store');
      const me = await users.me(id);
      if (!me) throw new AppError('UNAUTHORIZED', 'Please sign in to do this.');
      return me;
    },
  );

  app.post(
    '/api/account/email',
    app.guard('user', {
      schema: {
        tags: ['auth'],
        summary: 'Changes the email address (the current password is required)',
        description:
          'With mail configured, a link goes to the new address and the change applies when it is opened ' +
          "(status 'verification-sent'); without, it applies at once ('changed'). 409 when another account has it.",
        body: emailChangeInputSchema,
        response: { 200: emailChangeResultSchema, 409: errorSchema, 503: errorSchema },
      },
    }),
    async (request) => {
      const own = `${request.protocol}://${request.host}`;
      const origin = origins.includes(own) ? own : (origins[0] ?? own);
      return service.changeEmail(callerOf(request).id, request.body, origin);
    },
  );

  app.get(
    '/api/account/email/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: "The link in the new address's confirmation mail: applies the change, then opens /account",
        description:
          'Redirects to /account?email=confirmed, or /account?email=invalid when the link expired, was used or the address is now taken.',
        querystring: emailConfirmQuerySchema,
        response: { 302: z.null().describe('To the account page') },
      },
    },
    async (request, reply) => {
      const ok = await service.confirmEmail(request.query.token);
      return reply.header('cache-control', 'no-store').redirect(`/account?email=${ok ? 'confirmed' : 'invalid'}`, 302);
    },
  );

  app.post(
    '/api/account/sign-out-everywhere',
    app.guard('user', {
      schema: {
        tags: ['auth'],
        summary: 'Ends every session of this account, this one included',
        response: { 200: accountOkSchema },
      },
    }),
    async (request, reply) => {
      await service.signOutEverywhere(callerOf(request).id);
      reply.header('set-cookie', await expiredAuthCookies(auth));
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/account',
    app.guard('user', {
      schema: {
        tags: ['auth'],
        summary: 'Deletes this account with its sessions, sign-in methods and personal data',
        description:
          "Password accounts confirm with { password }, Google-only accounts with { confirmEmail } (the account's email). " +
          "The audit log keeps its entries with the email replaced by 'deleted account'. The last admin gets a 409.",
        body: accountDeleteInputSchema,
        response: { 200: accountOkSchema, 409: errorSchema },
      },
    }),
    async (request, reply) => {
      await service.deleteAccount(callerOf(request).id, request.body);
      reply.header('set-cookie', await expiredAuthCookies(auth));
      return { ok: true as const };
    },
  );
};
