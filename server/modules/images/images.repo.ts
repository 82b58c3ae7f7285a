import { asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { MEDIA_PREFIX } from '../../../common/media';
import type { ImageSort } from '../../../common/schemas/image';
import type { Database } from '../../db/client';
import { images, products } from '../../db/schema/index';
import { inTransaction, type Executor } from '../../db/sql';
import { escapeLike } from '../../db/sql';
import type { PictureHash, StoredImageFile } from './image-files';

/** The first product (lowest number) that shows an image: the gallery names it on the image's tile. */
export type ImageUser = { title: string; number: number };
export type ImageRow = Omit<typeof images.$inferSelect, 'sourceUrl' | 'phash' | 'meanColour'> & {
  usedBy: number;
  qcUsedBy: number;
  firstUser: ImageUser | null;
};

/**
 * The upright size of one of our stored originals, by the address a product shows it at (its storage key's unique
 * index); null for an address that is not a stored image's.
 */
export async function storedImageSize({ db }: Database, url: string): Promise<{ width: number; height: number } | null> {
  if (!url.startsWith(MEDIA_PREFIX)) return null;
  const [row] = await db
    .select({ width: images.width, height: images.height })
    .from(images)
    .where(eq(images.storageKey, url.slice(MEDIA_PREFIX.length)))
    .limit(1);
  return row ?? null;
}

/** The image statements, over the database or (see `transaction`) over one transaction. */
function imageQueries({ db }: Database) {
  // Uses products_image_idx; the gallery shows a handful at a time.
  const usedBy = sql<number>`(select count(*)::int from ${products} where ${products.image} = ${images.url})`;
  // Uses product_qc_photos_image_idx; written out, as drizzle leaves a lone table's columns unqualified.
  const qcUsedBy = sql<number>`(select count(*)::int from product_qc_photos q where q.image_id = images.id)`;
  // Uses products_image_idx too; json_build_object keeps it one scalar subquery (node-postgres parses json).
  const firstUser = sql<ImageUser | null>`(select json_build_object('title', p.title, 'number', p.number) from products p where p.image = images.url order by p.number limit 1)`;
  const columns = {
    id: images.id,
    name: images.name,
    storageKey: images.storageKey,
    url: images.url,
    contentType: images.contentType,
    sizeBytes: images.sizeBytes,
    width: images.width,
    height: images.height,
    createdAt: images.createdAt,
    updatedAt: images.updatedAt,
    usedBy,
    qcUsedBy,
    firstUser,
  };
  return {
    async listPage(sort: ImageSort, page: number, pageSize: number, search?: string): Promise<{ rows: ImageRow[]; total: number }> {
      const order = sort === 'newest' ? [desc(images.createdAt), desc(images.id)] : [asc(images.createdAt), asc(images.id)];
      const where = search ? ilike(images.name, `%${escapeLike(search)}%`) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select(columns)
          .from(images)
          .where(where)
          .orderBy(...order)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(images).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },
    /** Records stored files, all or none. */
    async insertMany(files: StoredImageFile[]): Promise<ImageRow[]> {
      if (files.length === 0) return [];
      const rows = await db.insert(images).values(files).returning();
      return rows.map((r) => ({ ...r, usedBy: 0, qcUsedBy: 0, firstUser: null }));
    },
    /**
     * Deletes an image's record and takes it off the products that showed it, in one transaction; the caller
     * removes the files afterwards. null when there is no such image.
     */
    async delete(id: string): Promise<{ row: typeof images.$inferSelect; productsCleared: number } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(images).where(eq(images.id, id)).returning();
        if (!row) return null;
        const cleared = await tx
          .update(products)
          .set({ image: null, updatedAt: new Date() })
          .where(eq(products.image, row.url))
          .returning({ id: products.id });
        return { row, productsCleared: cleared.length };
      });
    },
  };
}

/** A transaction's view: the image statements run inside it, and `executor` is it (for the audit entry). */
export type ImagesTx = { images: ReturnType<typeof imageQueries>; executor: Executor };

export function createImagesRepo(database: Database) {
  return {
    ...imageQueries(database),
    /** Pictures after `afterId` (in id order) stored before their hash was kept (images_phash_pending_idx). */
    unhashedAfter(afterId: string, limit: number): Promise<Array<{ id: string; storageKey: string }>> {
      return database.rows<{ id: string; storageKey: string }>(sql`
        select id, storage_key as "storageKey" from images
        where phash is null and id > ${afterId}::uuid
        order by id limit ${limit}`);
    },
    /** Keeps a picture's hash and mean colour (issue 29); a picture hashed meanwhile keeps its own. */
    async setHash(id: string, hash: PictureHash): Promise<void> {
      await database.rows(sql`
        update images set phash = ${hash.phash}::bit(64), mean_colour = ${hash.meanColour}
        where id = ${id}::uuid and phash is null`);
    },
    /**
     * Runs `work` in one transaction: a change and its audit entry both land, or (when it throws) neither. The
     * delete statement opens its own transaction; inside this one that is a savepoint.
     */
    transaction<T>(work: (tx: ImagesTx) => Promise<T>): Promise<T> {
      return database.db.transaction((tx) => work({ images: imageQueries(inTransaction(database, tx)), executor: tx }));
    },
  };
}
export type ImagesRepo = ReturnType<typeof createImagesRepo>;
