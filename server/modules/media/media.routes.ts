import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import sharp from 'sharp';
import { IMMUTABLE_CACHE_CONTROL } from '../../../common/constants';
import { EXTENSION_OF } from '../../../common/image-types';
import { itemKey, MEDIA_PREFIX, SHARE_FOLDER, SHARE_IMAGE_MAX_PX, shareKey } from '../../../common/media';
import { AppError } from '../../errors';
import { DECODE } from '../images/image-files';
import { isSafeKey, StorageError, type Storage } from '../../storage/storage';
import { EMBEDDABLE_PICTURE_CORP } from '../../plugins/security-headers';

const SHARE_QUALITY = 82;
/** Link-preview copies made at once; more wait (each is a full decode of an original of up to 40 megapixels). */
const SHARE_CONCURRENCY = 2;
/** How long a name with no original (or an original that would not decode) is answered 404 without looking again. */
const SHARE_MISS_MS = 10 * 60_000;
const SHARE_MISS_MAX = 1000;

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Serves stored images. Stored names carry a timestamp prefix and are never rewritten in place,
 * so every response may be cached for a year. Every stored file is a public picture (what a card, a product page or
 * a link preview shows), so other sites may embed it; a refusal (404) keeps the site's same-origin policy.
 */
export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app, { storage }) => {
  const send = (reply: FastifyReply, file: { body: Readable | Buffer; size: number; contentType: string }) =>
    reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('cache-control', IMMUTABLE_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .header('cross-origin-resource-policy', EMBEDDABLE_PICTURE_CORP)
      .send(file.body);

  /** Link-preview copies being made, so simultaneous first requests make one. */
  const making = new Map<string, Promise<Buffer | null>>();
  /** Names recently found to have no usable original, with when: asked again, they answer 404 at once. */
  const misses = new Map<string, number>();
  let running = 0;
  const waiting: Array<() => void> = [];
  async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= SHARE_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  /**
   * The JPEG copy of an uploaded original for link previews, made and stored the first time it is asked for; the
   * original is decoded as leniently as uploads are checked (decision 0013), so every accepted upload gets one.
   */
  async function makeShareImage(stem: string): Promise<Buffer | null> {
    for (const extension of new Set(Object.values(EXTENSION_OF))) {
      const key = itemKey(`${stem}.${extension}`);
      const original = await storage.get(key);
      if (!original) continue;
      const body = await sharp(await readAll(original.body), DECODE)
        .rotate()
        .resize({ width: SHARE_IMAGE_MAX_PX, height: SHARE_IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: SHARE_QUALITY, mozjpeg: true })
        .toBuffer();
      const copy = shareKey(`${stem}.jpg`);
      try {
        await storage.put(copy, body, 'image/jpeg');
      } catch (err) {
        if (!(err instanceof StorageError)) throw err;
        // A storage that cannot write (full, read-only) does not keep the picture from the preview: it is made
        // again on the next request instead of read.
        app.log.warn({ key: copy, reason: err.reason }, 'storage: a link-preview image could not be kept');
        return body;
      }
      // Deleted meanwhile: its copy must not outlive it (the delete removed what existed before this put).
      if (!(await storage.exists(key))) {
        await storage.delete(copy);
        return null;
      }
      return body;
    }
    return null;
  }

  function missedRecently(stem: string): boolean {
    const at = misses.get(stem);
    if (at === undefined) return false;
    if (Date.now() - at < SHARE_MISS_MS) return true;
    misses.delete(stem);
    return false;
  }
  function rememberMiss(stem: string): void {
    if (misses.size >= SHARE_MISS_MAX) misses.delete(misses.keys().next().value as string);
    misses.set(stem, Date.now());
  }

  app.get<{ Params: { name: string } }>(`${MEDIA_PREFIX}${SHARE_FOLDER}/:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const key = `${SHARE_FOLDER}/${name}`;
    if (!name.endsWith('.jpg') || !isSafeKey(key)) throw new AppError('NOT_FOUND', 'Image not found');
    const stored = await storage.get(key);
    if (stored) return send(reply, stored);
    const stem = name.slice(0, -'.jpg'.length);
    if (missedRecently(stem)) throw new AppError('NOT_FOUND', 'Image not found');
    let pending = making.get(stem);
    if (!pending) {
      pending = limited(() => makeShareImage(stem))
        .catch((err: unknown) => {
          request.log.warn({ err, key }, 'could not make a link-preview image');
          return null;
        })
        .finally(() => making.delete(stem));
      making.set(stem, pending);
    }
    const body = await pending;
    if (!body) {
      rememberMiss(stem);
      throw new AppError('NOT_FOUND', 'Image not found');
    }
    return send(reply, { body, size: body.length, contentType: 'image/jpeg' });
  });

  app.get<{ Params: { '*': string } }>(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const file = await storage.get(key);
    if (!file) throw new AppError('NOT_FOUND', 'Image not found');
    return send(reply, file);
  });
};
