import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_TEXTS } from '../../../common/admin-constants';
import { thumbnailUrlFor } from '../../../common/media';
import type { ImageDeleteResult, ImageInfo, ImageListQuery, ImagePage } from '../../../common/schemas/image';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { prepareImage, removeImageFiles, storePreparedImage, type PreparedImage, type StoredImageFile } from './image-files';
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type UploadedFile = { fileName: string; body: Buffer };

export function createImagesService(repo: ImagesRepo, storage: Storage, log: Pick<FastifyBaseLogger, 'error'>) {
  return {
    async list(q: ImageListQuery): Promise<ImagePage> {
      const { rows, total } = await repo.listPage(q.sort, q.page, q.pageSize);
      return { items: rows.map(toImageInfo), total, page: q.page, pageSize: q.pageSize };
    },

    /**
     * Every file is checked before anything is stored, so a refused request stores nothing; a failure while
     * storing removes what was written.
     */
    async upload(files: UploadedFile[]): Promise<ImageInfo[]> {
      if (files.length === 0) throw new AppError('VALIDATION', ADMIN_TEXTS.noImagesSelected);
      const now = Date.now();
      const prepared: PreparedImage[] = [];
      // One at a time: each decode may hold a large picture in memory.
      for (const file of files) prepared.push(await prepareImage(file.fileName, file.body, now));
      try {
        const stored: StoredImageFile[] = [];
        for (const image of prepared) stored.push(await storePreparedImage(storage, image));
        return (await repo.insertMany(stored)).map(toImageInfo);
      } catch (err) {
        await Promise.allSettled(prepared.map((image) => removeImageFiles(storage, image.fileName)));
        throw err;
      }
    },

    /** Deletes the record first (products that showed it show none), then its original and thumbnails. */
    async delete(id: string): Promise<ImageDeleteResult> {
      const deleted = await repo.delete(id);
      if (!deleted) throw new AppError('NOT_FOUND', 'This image does not exist (it may have been deleted already).');
      const fileName = deleted.row.storageKey.slice(deleted.row.storageKey.lastIndexOf('/') + 1);
      try {
        await removeImageFiles(storage, fileName);
      } catch (err) {
        // The image is gone for everyone; a file left behind only takes space.
        log.error({ err, storageKey: deleted.row.storageKey }, 'could not remove the files of a deleted image');
      }
      return { id, productsCleared: deleted.productsCleared };
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
