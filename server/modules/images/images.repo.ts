import { asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { MEDIA_PREFIX } from '../../../common/media';
import type { ImageSort } from '../../../common/schemas/image';
import type { Database } from '../../db/client';
import { images, products } from '../../db/schema/index';
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

/** The gallery's statements. */
function imageQueries({ db }: Database) {
  // Uses products_image_number_idx; the gallery shows a handful at a time.
  const usedBy = sql<number>`(select count(*)::int from ${products} where ${products.image} = ${images.url})`;
  // Uses product_qc_photos_image_idx; written out, as drizzle leaves a lone table's columns unqualified.
  const qcUsedBy = sql<number>`(select count(*)::int from product_qc_photos q where q.image_id = images.id)`;
  // Uses products_image_number_idx too; json_build_object keeps it one scalar subquery (node-postgres parses json).
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
     * Deletes an image's record and takes it off the products that showed it: two statements, run in the
     * service's transaction (a unit of work's) so both land or neither does; the caller removes the files
     * afterwards. null when there is no such image.
     */
    async delete(id: string): Promise<{ row: typeof images.$inferSelect; productsCleared: number } | null> {
      const [row] = await db.delete(images).where(eq(images.id, id)).returning();
      if (!row) return null;
      const cleared = await db
        .update(products)
        .set({ image: null, updatedAt: new Date() })
        .where(eq(products.image, row.url))
        .returning({ id: products.id });
      return { row, productsCleared: cleared.length };
    },
  };
}

/** The image statements, over the database or over a unit of work's transaction (server/db/unit-of-work.ts). */
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
    /** Stored images an import fetched earlier from these addresses (the first of each): reused instead of fetched again. */
    async storedBySource(urls: readonly string[]): Promise<Map<string, string>> {
      if (urls.length === 0) return new Map();
      const rows = await database.rows<{ source: string; url: string }>(
        sql`select distinct on (source_url) source_url as source, url from images
            where source_url in (select jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb)) order by source_url, created_at`,
      );
      return new Map(rows.map((r) => [r.source, r.url]));
    },
    /** An image an import fetched, recorded with the address it came from. */
    async insertFetched(file: StoredImageFile, sourceUrl: string): Promise<void> {
      await database.rows(sql`
        insert into images (name, storage_key, url, content_type, size_bytes, width, height, source_url, phash, mean_colour)
        values (${file.name}, ${file.storageKey}, ${file.url}, ${file.contentType}, ${file.sizeBytes}, ${file.width}, ${file.height}, ${sourceUrl},
                ${file.phash}::bit(64), ${file.meanColour})`);
    },
    /**
     * "Fetch pictures again" (issue 40): for each product asked for (by id, or every product an import's change wrote
     * that is still there), the address its picture comes from (the import's, the stored picture's source, or the
     * outside address it shows) and whether its picture is fine already (stored here, not found broken).
     */
    async refetchCandidates(scope: { ids: readonly string[] } | { changeId: string }): Promise<RefetchCandidate[]> {
      const chosen =
        'ids' in scope
          ? sql`select (jsonb_array_elements_text(${JSON.stringify(scope.ids)}::jsonb))::uuid as id`
          : sql`select product_id as id from catalogue_change_rows where change_id = ${scope.changeId}::uuid and op <> 'delete'`;
      return database.rows<RefetchCandidate>(sql`
        select p.id::text as id, p.title, p.number,
          coalesce(p.picture_source, i.source_url, case when p.image ~* '^https?://' then p.image end) as source,
          (p.image is not null and p.image !~* '^https?://' and not p.picture_broken) as fine
        from products p
        left join lateral (select source_url from images where url = p.image order by created_at limit 1) i on true
        where p.id in (${chosen})
        order by p.number`);
    },
    /**
     * A picture fetched again: the products asked for that still take it from this address show it (a product given
     * another picture meanwhile keeps that one); its link check's broken mark goes. Answers the products changed.
     */
    async setRefetched(productIds: readonly string[], source: string, url: string): Promise<number> {
      const rows = await database.rows<{ id: string }>(sql`
        update products p set image = ${url}, picture_broken = false, picture_source = ${source}
        where p.id in (select (jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))::uuid)
          and (p.picture_source = ${source} or p.image = ${source}
               or p.image in (select url from images where source_url = ${source}))
        returning p.id`);
      if (rows.length > 0)
        await database.rows(sql`
          update link_checks set picture_answer = 'refetched'
          where product_id in (select (jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb))::uuid)
            and picture_answer = 'broken'`);
      return rows.length;
    },
    /** Keeps a picture's hash and mean colour (issue 29); a picture hashed meanwhile keeps its own. */
    async setHash(id: string, hash: PictureHash): Promise<void> {
      await database.rows(sql`
        update images set phash = ${hash.phash}::bit(64), mean_colour = ${hash.meanColour}
        where id = ${id}::uuid and phash is null`);
    },
  };
}
export type ImagesRepo = ReturnType<typeof createImagesRepo>;
/** A product "Fetch pictures again" was asked for (images.repo refetchCandidates). */
export type RefetchCandidate = { id: string; title: string; number: number; source: string | null; fine: boolean };
