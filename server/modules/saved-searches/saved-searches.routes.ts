import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../common/schemas/error';
import {
  savedSearchChangeSchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchParamsSchema,
  savedSearchSchema,
  savedSearchUnsubscribedSchema,
  savedSearchUnsubscribeQuerySchema,
} from '../../../common/schemas/saved-search';
import { SAVED_SEARCH_TEXTS as T } from '../../../common/texts/saved-searches';
import { AppError } from '../../errors';
import { callerOf } from '../../plugins/role-guard';
import { sentencePage } from '../mail/sentence-page';
import { SAVED_SEARCH_UNSUBSCRIBE_PAGE_PATH, SAVED_SEARCH_UNSUBSCRIBE_PATH, type SavedSearchesService } from './saved-searches.service';

/** A name, a query string and a flag; the one-click unsubscribe a form field (RFC 8058). */
const SMALL_BODY_LIMIT = 2048;

/** Saved searches (issue 42, decision 0085): the signed-in person's list, and the mail's unsubscribe links. */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{ service: SavedSearchesService }> = async (app, { service }) => {
  // RFC 8058's one-click POST is a form (List-Unsubscribe=One-Click); the token is in the address, the body is ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: SMALL_BODY_LIMIT }, (_r, body, done) =>
    done(null, body),
  );

  app.get(
    '/api/me/saved-searches',
    app.guard('user', {
      schema: {
        tags: ['favorites'],
        summary: 'The signed-in person’s saved searches (at most 20), newest first, each with how many products are new since last opened',
        response: { 200: savedSearchListSchema },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(callerOf(request).id);
    },
  );

  app.post(
    '/api/me/saved-searches',
    app.guard('user', {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['favorites'],
        summary: 'Saves a finder view (words, filters, sort) under a name',
        description:
          'Answers 409 with a sentence for the 21st saved search, a name the account already uses (any case), or mail asked for when the site has no mail server.',
        body: savedSearchInputSchema,
        response: { 201: savedSearchSchema, 400: errorSchema, 409: errorSchema },
      },
    }),
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request).id, request.body)),
  );

  app.patch(
    '/api/me/saved-searches/:id',
    app.guard('user', {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['favorites'],
        summary: 'Renames a saved search, or turns its mail on or off',
        description:
          'Answers 404 for a search the account does not have; 409 for a name it already uses, or mail turned on without a mail server.',
        params: savedSearchParamsSchema,
        body: savedSearchChangeSchema,
        response: { 200: savedSearchSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => service.change(callerOf(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/me/saved-searches/:id',
    app.guard('user', {
      schema: {
        tags: ['favorites'],
        summary: 'Deletes a saved search',
        params: savedSearchParamsSchema,
        response: { 204: z.null().describe('Deleted'), 404: errorSchema },
      },
    }),
    async (request, reply) => {
      await service.remove(callerOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/saved-searches/:id/open',
    app.guard('user', {
      schema: {
        tags: ['favorites'],
        summary: 'Records that the person opened a saved search now; answers it as it was (its newPath shows what was new until now)',
        params: savedSearchParamsSchema,
        response: { 200: savedSearchSchema, 404: errorSchema },
      },
    }),
    async (request) => service.open(callerOf(request).id, request.params.id),
  );

  app.post(
    SAVED_SEARCH_UNSUBSCRIBE_PATH,
    {
      bodyLimit: SMALL_BODY_LIMIT,
      // RFC 8058: the mail program posts from its own origin (or `Origin: null`); the signed token is the authority.
      config: { anyOrigin: true },
      schema: {
        tags: ['favorites'],
        summary: 'One-click unsubscribe from saved-search mails (RFC 8058): one search’s mail, or every search’s, as the token says',
        description:
          'The address of the mail’s List-Unsubscribe header (every search) and of each search’s own link; mail programs post List-Unsubscribe=One-Click to it, from any origin. No session: the signed token is the proof.',
        querystring: savedSearchUnsubscribeQuerySchema,
        response: { 200: savedSearchUnsubscribedSchema, 400: errorSchema },
      },
    },
    async (request) => service.unsubscribe(request.query.token),
  );

  // The mail's own links: a person's click, answered with a page saying it worked (hidden from the API document).
  app.get<{ Querystring: { token?: string } }>(SAVED_SEARCH_UNSUBSCRIBE_PAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8');
    const parsed = savedSearchUnsubscribeQuerySchema.safeParse(request.query);
    try {
      if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? '');
      const done = await service.unsubscribe(parsed.data.token);
      return reply.send(sentencePage(T.unsubscribeTitle, done.message));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'VALIDATION') throw err;
      return reply.status(400).send(sentencePage(T.unsubscribeTitle, err.message));
    }
  });
};
