import type { Storage } from '../../storage/storage';
import { pictureHash } from './image-files';
import type { ImagesRepo } from './images.repo';

/** Pictures one job reads (one at a time, so the site answers meanwhile); the job sends the next when more wait. */
export const HASHES_PER_JOB = 200;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

export type HashBackfill = { hashed: number; unreadable: number; more: boolean };

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * Hashes up to `limit` pictures stored before their hash was kept (issue 29): each original is read from storage
 * and hashed as an upload is. A file the storage no longer has, or that no longer decodes, is skipped (it stays
 * unhashed, linked to nothing) and counted; it is tried again at the next start.
 */
export async function hashStoredPictures(
  repo: Pick<ImagesRepo, 'unhashedAfter' | 'setHash'>,
  storage: Pick<Storage, 'get'>,
  limit = HASHES_PER_JOB,
  afterId = FIRST_ID,
): Promise<HashBackfill & { lastId: string }> {
  const batch = await repo.unhashedAfter(afterId, limit);
  let hashed = 0;
  let unreadable = 0;
  for (const { id, storageKey } of batch) {
    try {
      const file = await storage.get(storageKey);
      if (!file) {
        unreadable += 1;
        continue;
      }
      await repo.setHash(id, await pictureHash(await readAll(file.body)));
      hashed += 1;
    } catch {
      unreadable += 1;
    }
  }
  return { hashed, unreadable, more: batch.length === limit, lastId: batch[batch.length - 1]?.id ?? afterId };
}
