import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf, type Executor } from '../../db/sql';
import type { Actor } from '../audit/audit.repo';
import { runChange, type ChangeLimit } from '../../db/unit-of-work';
import { dropChange, openChange, PRODUCT_SNAPSHOT, CHANGE_STATEMENT_TIMEOUT_MS } from '../changes/changes.repo';

/** How the demo catalogue is recognised: its made-up buy links, and its pictures' names after the timestamp prefix. */
export type DemoMarks = { links: readonly string[]; pictureNames: readonly string[] };

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** A demo picture's name: the seed's `<timestamp>_demo_<slug>.jpg`, compared without the timestamp. */
const pictureNameMatches = (marks: DemoMarks, alias: string) =>
  sql`substring(${sql.raw(alias)}.name from '^[0-9]+_(.*)$') in (select jsonb_array_elements_text(${json(marks.pictureNames)}))`;

export function createSetupRepo(database: Database, limit: ChangeLimit = { timeoutMs: CHANGE_STATEMENT_TIMEOUT_MS }) {
  return {
    /** Enabled agents whose referral code is blank, in the Agents tab's order. */
    agentsWithoutReferral: () =>
      database.rows<{ id: string; name: string }>(
        sql`select id::text as id, name from agents where enabled and btrim(referral_code) = '' order by position, name`,
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

    /**
     * Removes the demo products and the demo pictures no other product uses, in one change Undo takes back: the
     * products as a bulk delete does, the pictures' rows kept beside the change. `afterPictures` notes their files for
     * removal (later, so Undo can still want them) and `record` writes the audit entry, both in the same transaction.
     */
    async removeDemo(
      marks: DemoMarks,
      actor: Actor,
      summary: string,
      keysOf: (pictureName: string) => string[],
      afterPictures: (executor: Executor, keys: string[]) => Promise<void>,
      record: (executor: Executor, result: { changeId: string | null; products: number; pictures: number }) => Promise<void>,
    ): Promise<{ changeId: string | null; products: number; pictures: number }> {
      return runChange(database, limit, async (tx) => {
        const rows = async <T>(query: SQL) => rowsOf<T>(tx, query);
        const changeId = await openChange(tx, 'bulk-edit', summary, actor);
        const [gone] = await rows<{ n: number }>(sql`
          with gone as (
            delete from products p where p.link in (select jsonb_array_elements_text(${json(marks.links)}))
            returning p.id, ${PRODUCT_SNAPSHOT('p')} as before
          ), logged as (
            insert into catalogue_change_rows (change_id, product_id, op, before, after)
            select ${changeId}::uuid, id, 'delete', before, null from gone
          )
          select count(*)::int as n from gone`);
        // After the products are gone: a demo picture that one of the operator's own items uses stays.
        const candidates = await rows<{ id: string; name: string; before: unknown }>(sql`
          select i.id::text as id, i.name, to_jsonb(i) as before from images i
          where ${pictureNameMatches(marks, 'i')} and not exists (select 1 from products p where p.image = i.url)
          for update`);
        const pictures = candidates.map((c) => ({ ...c, keys: keysOf(c.name) }));
        if (pictures.length > 0) {
          await tx.execute(sql`
            with removed as (select value as e from jsonb_array_elements(${json(pictures)})), gone as (
              delete from images where id in (select (e->>'id')::uuid from removed)
            )
            insert into catalogue_change_images (change_id, image_id, before, keys)
            select ${changeId}::uuid, (e->>'id')::uuid, e->'before', e->'keys' from removed`);
        }
        await afterPictures(tx, pictures.flatMap((p) => p.keys));
        const products = gone?.n ?? 0;
        const result = { changeId: products + pictures.length > 0 ? changeId : null, products, pictures: pictures.length };
        if (result.changeId === null) await dropChange(tx, changeId);
        else await record(tx, result);
        return result;
      });
    },
  };
}
export type SetupRepo = ReturnType<typeof createSetupRepo>;
