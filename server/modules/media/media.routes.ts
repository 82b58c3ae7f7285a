import type { FastifyPluginAsync } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL } from '../../../common/constants';
import { MEDIA_PREFIX } from '../../../common/media';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';

/**
 * Serves stored images. Stored names carry a timestamp prefix and are never rewritten in place,
 * so every response may be cached for a year.
 */
export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  app.get<{ Params: { '*': string } }>(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const file = await storage.get(key);
    if (!file) throw new AppError('NOT_FOUND', 'Image not found');
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
};
