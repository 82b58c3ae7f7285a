import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { PRODUCT_SNAPSHOT } from '../changes/changes.repo';

/** How the demo catalogue is recognised: its made-up buy links, and its pictures' names after the timestamp prefix. */
export type DemoMarks = { links: readonly string[]; pictureNames: readonly string[] };

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** A demo picture's name: the seed's `<timestamp>_demo_<slug>.jpg`, compared without the timestamp. */
const pictureNameMatches = (marks: DemoMarks, alias: string) =>
  sql`substring(${sql.raw(alias)}.name from '^[0-9]+_(.*)$') in (select jsonb_array_elements_text(${json(marks.pictureNames)}))`;

export function createSetupRepo(database: Database) {
  return {
    /** Enabled agents whose referral code is blank, in the Agents tab's order. */
    agentsWithoutReferral: () =>
      database.rows<{ id: string; name: string; isDefault: boolean }>(
        sql`select id::text as id, name, is_default as "isDefault" from agents where enabled and btrim(referral_code) = '' order by position, name`,
      ),

    async currencyRates(): Promise<number> {
      const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from currency_rates`);
      return row?.n ?? 0;
    },

    /** Demo products still in the catalogue, and demo pictures still in the gallery. */
    async demo(marks: DemoMarks): Promise<{ products: number; pictures: number }> {
      const [row] = await database.rows<{ products: number; pictures: number }>(sql`
        select (select count(*)::int from products where link in (select jsonb_array_elements_text(${json(marks.links)}))) as products,
               (select count(*)::int from images i where ${pictureNameMatches(marks, 'i')}) as pictures`);
      return { products: row?.products ?? 0, pictures: row?.pictures ?? 0 };
    },

    /** In a unit of work's change: deletes the demo products, logging each into the change `changeId` (for Undo). */
    async removeDemoProducts(marks: DemoMarks, changeId: string): Promise<number> {
      const [gone] = await rowsOf<{ n: number }>(
        database.db,
        sql`
        with gone as (
          delete from products p where p.link in (select jsonb_array_elements_text(${json(marks.links)}))
          returning p.id, ${PRODUCT_SNAPSHOT('p')} as before
        ), logged as (
          insert into catalogue_change_rows (change_id, product_id, op, before, after)
          select ${changeId}::uuid, id, 'delete', before, null from gone
        )
        select count(*)::int as n from gone`,
      );
      return gone?.n ?? 0;
    },

    /**
     * In the same change, after the products: deletes the demo pictures that no product uses (one of the operator's
     * own items may), keeping their rows and storage keys (`keysOf`) beside the change so Undo brings them back.
     * Answers the storage keys of the pictures removed, one list per picture.
     */
    async removeDemoPictures(marks: DemoMarks, changeId: string, keysOf: (pictureName: string) => string[]): Promise<string[][]> {
      const candidates = await rowsOf<{ id: string; name: string; before: unknown }>(
        database.db,
        sql`
        select i.id::text as id, i.name, to_jsonb(i) as before from images i
        where ${pictureNameMatches(marks, 'i')} and not exists (select 1 from products p where p.image = i.url)
        for update`,
      );
      const pictures = candidates.map((c) => ({ ...c, keys: keysOf(c.name) }));
      if (pictures.length > 0) {
        await database.db.execute(sql`
          with removed as (select value as e from jsonb_array_elements(${json(pictures)})), gone as (
            delete from images where id in (select (e->>'id')::uuid from removed)
          )
          insert into catalogue_change_images (change_id, image_id, before, keys)
          select ${changeId}::uuid, (e->>'id')::uuid, e->'before', e->'keys' from removed`);
      }
      return pictures.map((p) => p.keys);
    },
  };
}
export type SetupRepo = ReturnType<typeof createSetupRepo>;
