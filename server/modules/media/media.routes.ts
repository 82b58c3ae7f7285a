import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../common/admin-constants';
import { IMMUTABLE_CACHE_CONTROL } from '../../../common/constants';
import { EXTENSION_OF } from '../../../common/image-types';
import { itemKey, MEDIA_PREFIX, SHARE_FOLDER, SHARE_IMAGE_MAX_PX, shareKey } from '../../../common/media';
import { AppError } from '../../errors';
import { isSafeKey, type Storage } from '../../storage/storage';

const SHARE_QUALITY = 82;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Serves stored images. Stored names carry a timestamp prefix and are never rewritten in place,
 * so every response may be cached for a year.
 */
export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  const send = (reply: FastifyReply, file: { body: Readable | Buffer; size: number; contentType: string }) =>
    reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);

  /** Link-preview copies being made, so simultaneous first requests make one. */
  const making = new Map<string, Promise<Buffer | null>>();

  /** The JPEG copy of an uploaded original for link previews, made and stored the first time it is asked for. */
  async function makeShareImage(stem: string): Promise<Buffer | null> {
    for (const extension of new Set(Object.values(EXTENSION_OF))) {
      const original = await storage.get(itemKey(`${stem}.${extension}`));
      if (!original) continue;
      const body = await sharp(await readAll(original.body), { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: SHARE_IMAGE_MAX_PX, height: SHARE_IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: SHARE_QUALITY, mozjpeg: true })
        .toBuffer();
      await storage.put(shareKey(`${stem}.jpg`), body, 'image/jpeg');
      return body;
    }
    return null;
  }

  app.get<{ Params: { name: string } }>(`${MEDIA_PREFIX}${SHARE_FOLDER}/:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const key = `${SHARE_FOLDER}/${name}`;
    if (!name.endsWith('.jpg') || !isSafeKey(key)) throw new AppError('NOT_FOUND', 'Image not found');
    const stored = await storage.get(key);
    if (stored) return send(reply, stored);
    const stem = name.slice(0, -'.jpg'.length);
    let pending = making.get(stem);
    if (!pending) {
      pending = makeShareImage(stem).finally(() => making.delete(stem));
      making.set(stem, pending);
    }
    const body = await pending.catch((err: unknown) => {
      request.log.warn({ err, key }, 'could not make a link-preview image');
      return null;
    });
    if (!body) throw new AppError('NOT_FOUND', 'Image not found');
    return send(reply, { body, size: body.length, contentType: 'image/jpeg' });
  });

  app.get<{ Params: { '*': string } }>(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const file = await storage.get(key);
    if (!file) throw new AppError('NOT_FOUND', 'Image not found');
    return send(reply, file);
  });
};
