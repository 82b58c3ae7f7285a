import { sql } from 'drizzle-orm';
import type { MissingPicturesMode, StorefrontSettings } from '../../../common/schemas/storefront-settings';
import type { Database } from '../../db/client';

/** The storefront's settings row (issue 40; absent until first saved: the defaults). */
export function createStorefrontSettingsRepo(database: Database) {
  return {
    async read(): Promise<StorefrontSettings> {
      const [row] = await database.rows<{ missingPictures: MissingPicturesMode }>(
        sql`select missing_pictures as "missingPictures" from storefront_settings where id = 1`,
      );
      return { missingPictures: row?.missingPictures ?? 'show' };
    },

    /** Saves the mode; answers what it was (the row locked until the transaction ends). */
    async setMissingPictures(mode: MissingPicturesMode): Promise<MissingPicturesMode> {
      await database.rows(sql`insert into storefront_settings (id) values (1) on conflict (id) do nothing`);
      const [before] = await database.rows<{ mode: MissingPicturesMode }>(
        sql`select missing_pictures as mode from storefront_settings where id = 1 for update`,
      );
      await database.rows(sql`update storefront_settings set missing_pictures = ${mode}, updated_at = now() where id = 1`);
      return before?.mode ?? 'show';
    },

    /**
     * Writes the products without a picture again, unchanged: their visibility moved with the setting, and a write
     * is what every process's caches, the search index's catch-up (the change log) and the admin counts follow.
     * Answers how many there are.
     */
    async touchWithoutPicture(): Promise<number> {
      const rows = await database.rows<{ id: string }>(sql`
        update products set picture_broken = picture_broken
        where coalesce(image, '') = '' or picture_broken returning id`);
      return rows.length;
    },
  };
}
export type StorefrontSettingsRepo = ReturnType<typeof createStorefrontSettingsRepo>;
