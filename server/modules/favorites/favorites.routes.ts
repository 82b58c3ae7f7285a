import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../common/schemas/error';
import {
  favoriteChangeSchema,
  favoriteListSchema,
  favoriteMergeInputSchema,
  favoriteMergeResultSchema,
  favoriteParamsSchema,
  favoritesLangQuerySchema,
  favoriteShareInputSchema,
  favoriteShareSchema,
  favoriteShareTokenParamsSchema,
  productsByIdsQuerySchema,
  productsByIdsSchema,
  sharedFavoriteListSchema,
} from '../../../common/schemas/favorite';
import { PUBLIC_POLICY } from '../../plugins/cache-policy';
import { callerOf } from '../../plugins/role-guard';
import type { FavoritesService } from './favorites.service';

/** The merge body: FAVORITES_MAX finds of about 120 bytes each, with room to spare. */
const MERGE_BODY_LIMIT = 128 * 1024;
/** The other writes carry at most a flag. */
const SMALL_BODY_LIMIT = 1024;

/** Favourites (issue 16): the signed-in person's list, its merge at sign-in, its read-only share link. */
export const favoritesRoutes: FastifyPluginAsyncZod<{ service: FavoritesService }> = async (app, { service }) => {
  app.get(
    '/api/favorites',
    app.guard('user', {
      schema: {
        tags: ['favorites'],
        summary: "The signed-in person's favourites, newest first, each with its product as it is now and the price when saved",
        description: 'Products removed from the catalogue since are not listed. shareToken is the read-only link\u2019s token, or null.',
        querystring: favoritesLangQuerySchema,
        response: { 200: favoriteListSchema },
      },
    }),
    async (request) => service.list(callerOf(request).id, request.query.lang),
  );

  app.put(
    '/api/favorites/:productId',
    app.guard('user', {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['favorites'],
        summary: 'Saves a find at its current price (saving it again changes nothing)',
        params: favoriteParamsSchema,
        response: { 200: favoriteChangeSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => service.save(callerOf(request).id, request.params.productId),
  );

  app.delete(
    '/api/favorites/:productId',
    app.guard('user', {
      schema: {
        tags: ['favorites'],
        summary: 'Removes a find from the favourites (removing one not saved changes nothing)',
        params: favoriteParamsSchema,
        response: { 200: favoriteChangeSchema },
      },
    }),
    async (request) => service.remove(callerOf(request).id, request.params.productId),
  );

  app.post(
    '/api/favorites/merge',
    app.guard('user', {
      bodyLimit: MERGE_BODY_LIMIT,
      schema: {
        tags: ['favorites'],
        summary: 'Adds the finds the browser kept while signed out to the account (sent once, at sign-in)',
        description:
          'A find the account already has keeps its earlier saved price and time; products no longer listed are skipped, ' +
          'and so are finds beyond the limit (in the order sent). Answers the whole list.',
        body: favoriteMergeInputSchema,
        response: { 200: favoriteMergeResultSchema, 413: errorSchema },
      },
    }),
    async (request) => service.merge(callerOf(request).id, request.body.items),
  );

  app.post(
    '/api/favorites/share',
    app.guard('user', {
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['favorites'],
        summary: 'The read-only link to the favourites: the one in use, or a new one',
        description: 'With replace: true a new token replaces the old one, whose link then answers 404.',
        body: favoriteShareInputSchema,
        response: { 200: favoriteShareSchema },
      },
    }),
    async (request) => service.share(callerOf(request).id, request.body.replace ?? false),
  );

  app.delete(
    '/api/favorites/share',
    app.guard('user', {
      schema: {
        tags: ['favorites'],
        summary: 'Stops sharing the favourites: the link answers 404 from now on',
        response: { 204: z.null().describe('Not shared any more') },
      },
    }),
    async (request, reply) => {
      await service.unshare(callerOf(request).id);
      return reply.status(204).send(null);
    },
  );

  // Not kept in the shared cache: a link stops working the moment its owner stops sharing.
  app.get(
    '/api/favorites/shared/:token',
    {
      schema: {
        tags: ['favorites'],
        summary: "Someone's shared favourites, read-only: the products and when each was saved, nothing about the account",
        params: favoriteShareTokenParamsSchema,
        querystring: favoritesLangQuerySchema,
        response: { 200: sharedFavoriteListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.shared(request.params.token, request.query.lang);
    },
  );

  app.get(
    '/api/products/by-ids',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['favorites'],
        summary: 'Products by id, as they are now (the favourites a signed-out visitor\u2019s browser keeps)',
        description: 'In the order asked; ids of products no longer listed are left out.',
        querystring: productsByIdsQuerySchema,
        response: { 200: productsByIdsSchema, 400: errorSchema },
      },
    },
    async (request) => ({ items: await service.products(request.query.ids, request.query.lang) }),
  );
};
