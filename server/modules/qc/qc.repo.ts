import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** One QC photo with what the storefront and the dashboard show of its image. */
export type QcPhotoRow = {
  imageId: string;
  name: string;
  url: string;
  width: number;
  height: number;
  /** YYYY-MM-DD or null. */
  takenOn: string | null;
  position: number;
};

/** The product a QC list belongs to, as the audit entry names it. */
export type QcProduct = { id: string; number: number; title: string };

/**
 * The number of a product's QC photos, for a select list over `products` (the finder's rows, the product rows):
 * one probe of the (product_id, position) index per row read.
 */
export const QC_COUNT_COLUMN = `(select count(*)::int from product_qc_photos q where q.product_id = products.id) as "qcCount"`;

/** A product's QC photos in order (index on product_id, position); the catalogue's product page reads them too. */
export function qcPhotosOf(database: Database, productId: string): Promise<QcPhotoRow[]> {
  return database.rows<QcPhotoRow>(sql`
    select q.image_id as "imageId", i.name, i.url, i.width, i.height, q.taken_on::text as "takenOn", q.position
    from product_qc_photos q join images i on i.id = q.image_id
    where q.product_id = ${productId}::uuid
    order by q.position, q.created_at, q.image_id`);
}

/** The QC statements, over the database or over a unit of work's transaction (server/db/unit-of-work.ts). */
export function createQcRepo(database: Database) {
  return {
    photosOf: (productId: string) => qcPhotosOf(database, productId),

    /** The product, locked until the transaction ends (two admins saving the same list take turns). */
    async lockProduct(productId: string): Promise<QcProduct | null> {
      const [row] = await database.rows<QcProduct>(sql`select id, number, title from products where id = ${productId}::uuid for update`);
      return row ?? null;
    },

    async findProduct(productId: string): Promise<QcProduct | null> {
      const [row] = await database.rows<QcProduct>(sql`select id, number, title from products where id = ${productId}::uuid`);
      return row ?? null;
    },

    /** Which of these image ids exist (locked against deletion until the transaction ends), with their names. */
    async existingImages(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await database.rows<{ id: string; name: string }>(sql`
        select id, name from images
        where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
        for share`);
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Replaces a product's list with `items`, in this order; the product's updated_at moves on (its page changed). */
    async replace(productId: string, items: Array<{ imageId: string; takenOn: string | null }>): Promise<void> {
      await database.rows(sql`delete from product_qc_photos where product_id = ${productId}::uuid`);
      if (items.length > 0) {
        const values = sql.join(
          items.map((item, i) => sql`(${productId}::uuid, ${item.imageId}::uuid, ${item.takenOn}::date, ${i})`),
          sql`, `,
        );
        await database.rows(sql`insert into product_qc_photos (product_id, image_id, taken_on, position) values ${values}`);
      }
      await database.rows(sql`update products set updated_at = now() where id = ${productId}::uuid`);
    },
  };
}

export type QcRepo = ReturnType<typeof createQcRepo>;
