import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_TEXTS } from '../../../common/texts/admin';
import { thumbnailUrlFor } from '../../../common/media';
import { productPath } from '../../../common/product-urls';
import type { ImageDeleteResult, ImageInfo, ImageListQuery, ImagePage } from '../../../common/schemas/image';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import type { Transact } from '../../db/unit-of-work';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { FileRemovals } from './file-removals';
import type { FileRemovalsRepo } from './file-removals.repo';
import { imageKeys, prepareImage, storePreparedImage, type PreparedImage, type StoredImageFile } from './image-files';
import type { ImageRow, ImagesRepo } from './images.repo';

export function toImageInfo(row: ImageRow): ImageInfo {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    thumbnail: thumbnailUrlFor(row.url) ?? row.url,
    contentType: row.contentType as ImageInfo['contentType'],
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    usedBy: row.usedBy,
    qcUsedBy: row.qcUsedBy,
    usedByItem: row.firstUser ? { title: row.firstUser.title, path: productPath(row.firstUser) } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type UploadedFile = { fileName: string; body: Buffer };

/** How the audit log names an upload: its image, or the first of them and how many more. */
export function uploadSubject(rows: ReadonlyArray<Pick<ImageRow, 'name'>>): string {
  const [first] = rows;
  if (!first) return '';
  return rows.length === 1 ? first.name : `${first.name} and ${rows.length - 1} more`;
}

/**
 * Every upload and deletion runs in a unit of work's `transaction` with its audit entry (issue 13): when the entry
 * cannot be written, the records are rolled back (an upload's stored files removed) and the caller gets the error.
 * `removals` removes stored files for good: what the storage refuses now is tried again later (issue 25).
 */
export function createImagesService(
  repo: ImagesRepo,
  storage: Storage,
  transaction: Transact<{ images: ImagesRepo; audit: AuditRepo; fileRemovals: FileRemovalsRepo }>,
  log: Pick<FastifyBaseLogger, 'error'>,
  removals: Pick<FileRemovals, 'removeNoted' | 'removeOrNote'>,
) {
  return {
    async list(q: ImageListQuery): Promise<ImagePage> {
      const { rows, total } = await repo.listPage(q.sort, q.page, q.pageSize, q.search);
      return { items: rows.map(toImageInfo), total, page: q.page, pageSize: q.pageSize };
    },

    /**
     * Every file is checked before anything is stored, so a refused request stores nothing; a failure while
     * storing removes what was written.
     */
    async upload(actor: Actor, files: UploadedFile[]): Promise<ImageInfo[]> {
      if (files.length === 0) throw new AppError('VALIDATION', ADMIN_TEXTS.noImagesSelected);
      const now = Date.now();
      const prepared: PreparedImage[] = [];
      // One at a time: each decode may hold a large picture in memory.
      for (const file of files) prepared.push(await prepareImage(file.fileName, file.body, now));
      try {
        const stored: StoredImageFile[] = [];
        for (const image of prepared) stored.push(await storePreparedImage(storage, image));
        const rows = await transaction(async ({ images, audit }) => {
          const inserted = await images.insertMany(stored);
          const details = {
            images: inserted.map((r) => ({ imageId: r.id, name: r.name, sizeBytes: r.sizeBytes, contentType: r.contentType })),
            totalBytes: inserted.reduce((sum, r) => sum + r.sizeBytes, 0),
          };
          await audit.record({ action: 'image-upload', subject: uploadSubject(inserted), actor, details });
          return inserted;
        });
        return rows.map(toImageInfo);
      } catch (err) {
        // A storage that cannot write (StorageError, answered 507) may have taken part of it: removed, or noted to be.
        await removals.removeOrNote(prepared.flatMap((image) => imageKeys(image.fileName)));
        throw err;
      }
    },

    /**
     * Deletes the record first (products that showed it show none) with its audit entry and a note of its files to
     * remove, then, once that has committed, its original and thumbnails. A storage that refuses (full, read-only,
     * unreachable) does not bring the image back: it is gone for everyone, and its files stay noted until a later
     * sweep removes them; the answer says how many wait.
     */
    async delete(actor: Actor, id: string): Promise<ImageDeleteResult> {
      let keys: string[] = [];
      const deleted = await transaction(async ({ images, fileRemovals, audit }) => {
        const found = await images.delete(id);
        if (!found) return null;
        const { row, productsCleared } = found;
        keys = imageKeys(row.storageKey.slice(row.storageKey.lastIndexOf('/') + 1));
        await fileRemovals.schedule(keys);
        const details = { imageId: row.id, name: row.name, url: row.url, sizeBytes: row.sizeBytes, productsCleared };
        await audit.record({ action: 'image-delete', subject: row.name, actor, details });
        return found;
      });
      if (!deleted) throw new AppError('NOT_FOUND', 'This image does not exist (it may have been deleted already).');
      let filesPending: number;
      try {
        filesPending = (await removals.removeNoted(keys)).length;
      } catch (err) {
        // The database failed after the deletion committed: the noted keys wait for the sweep.
        log.error({ err, storageKey: deleted.row.storageKey }, 'could not remove the files of a deleted image now; the sweep will');
        filesPending = keys.length;
      }
      return { id, productsCleared: deleted.productsCleared, filesPending };
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
