import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Import } from '../../../common/schemas/imports';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { WRITTEN_COLUMNS } from '../catalogue/product-columns';

// Issue 26: colourways (rows on one seller link with different titles), matching by group, and matching again at
// commit. Decision 0052.

let ctx: TestContext;
let admin = '';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'matching-admin@example.com', { isAdmin: true });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await ctx.database.db.execute(sql`delete from imports`);
  await ctx.database.db.execute(sql`delete from catalogue_changes`);
  await insertCategories(ctx.database, [{ name: 'Jackets', relevance: 1 }]);
});

const WEIDIAN = 'https://weidian.com/item.html?itemID=7234567890';
/** The same item through two agents, with referral parameters. */
const CNFANS = 'https://cnfans.com/product/?shop_type=weidian&id=7234567890&ref=123';
const KAKOBUY = 'https://www.kakobuy.com/item/details?url=https%3A%2F%2Fweidian.com%2Fitem.html%3FitemID%3D7234567890&affcode=abc';

const csv = (rows: Array<[string, number, string]>) =>
  Buffer.from(['title,price,link', ...rows.map(([t, p, l]) => `"${t}",${p},"${l}"`)].join('\n'));

async function preview(body: Buffer): Promise<Import> {
  const form = multipartBody([{ filename: 'catalogue.csv', body, field: 'file' }], {});
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...form.headers, origin: TEST_ORIGIN, cookie: admin },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Import>();
}
async function finished(id: string): Promise<Import> {
  for (let i = 0; i < 400; i++) {
    const state = (await send(ctx.app, 'GET', `/api/admin/imports/${id}`, { cookie: admin })).json<Import>();
    if (state.status !== 'running') return state;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}
async function commit(id: string): Promise<Import> {
  const res = await send(ctx.app, 'POST', `/api/admin/imports/${id}/commit`, { cookie: admin, body: {} });
  expect(res.statusCode, res.body).toBe(202);
  return finished(id);
}
const catalogue = () =>
  ctx.database.rows<{ title: string; price: number | string; group_key: string | null }>(
    sql`select title, price, group_key from products order by row`,
  );

describe('matching rows to products by group', () => {
  it('takes rows on one seller link with different titles as colourways of one group, and reports true duplicates', async () => {
    const result = await preview(
      csv([
        ['Jacket Black', 50, WEIDIAN],
        ['Jacket White', 50, CNFANS],
        ['Jacket Green', 52, KAKOBUY],
        ['jacket   BLACK', 55, CNFANS],
        ['Other', 10, 'https://store.example/other'],
      ]),
    );
    expect(result.counts).toEqual({ new: 4, updated: 0, unchanged: 0, invalid: 1 });
    expect(result.errors).toEqual([{ row: 5, column: 'link', message: 'Row 2 has the same product (same link and title).' }]);
    const done = await commit(result.id);
    expect(done.result).toMatchObject({ created: 4, updated: 0 });
    expect(await catalogue()).toEqual([
      { title: 'Jacket Black', price: expect.anything(), group_key: 'weidian:7234567890' },
      { title: 'Jacket White', price: expect.anything(), group_key: 'weidian:7234567890' },
      { title: 'Jacket Green', price: expect.anything(), group_key: 'weidian:7234567890' },
      { title: 'Other', price: expect.anything(), group_key: 'link:https://store.example/other' },
    ]);
  });

  it('updates the one product of a link whose title was edited, and matches by title where a link holds several', async () => {
    await commit(
      (
        await preview(
          csv([
            ['Coat', 80, WEIDIAN],
            ['Tee Red', 10, 'https://store.example/tee'],
            ['Tee Blue', 10, 'https://store.example/tee'],
          ]),
        )
      ).id,
    );
    const again = await preview(
      csv([
        ['Coat (winter)', 85, CNFANS], // the link's only product: updated, title and all
        ['TEE  red', 12, 'https://store.example/tee'], // by title within its group (runs of spaces collapse)
        ['Tee Blue', 10, 'https://store.example/tee'], // unchanged
        ['Tee Yellow', 10, 'https://store.example/tee'], // a new colour
      ]),
    );
    expect(again.counts).toEqual({ new: 1, updated: 2, unchanged: 1, invalid: 0 });
    await commit(again.id);
    expect((await catalogue()).map((p) => [p.title, Number(p.price)])).toEqual([
      ['Coat (winter)', 85],
      ['TEE red', 12], // runs of spaces collapse as the import reads titles
      ['Tee Blue', 10],
      ['Tee Yellow', 10],
    ]);
  });

  it('adds colours to a link of one product without taking the new rows for it', async () => {
    await commit((await preview(csv([['Coat Black', 80, WEIDIAN]]))).id);
    const again = await preview(
      csv([
        ['Coat Black', 80, WEIDIAN],
        ['Coat White', 80, WEIDIAN],
      ]),
    );
    expect(again.counts).toEqual({ new: 1, updated: 0, unchanged: 1, invalid: 0 });
  });

  it('matches again at commit: two previews of one file committed one after the other make no duplicates', async () => {
    const file = csv([
      ['Jacket Black', 50, WEIDIAN],
      ['Jacket White', 50, WEIDIAN],
      ['Hat', 9, 'https://store.example/hat'],
    ]);
    const first = await preview(file);
    const second = await preview(file);
    expect(second.counts).toMatchObject({ new: 3 });
    expect((await commit(first.id)).result).toMatchObject({ created: 3 });
    const done = await commit(second.id);
    expect(done.counts).toEqual({ new: 0, updated: 0, unchanged: 3, invalid: 0 });
    expect(done.result).toMatchObject({ created: 0, updated: 0 });
    expect(await catalogue()).toHaveLength(3);
  });

  it('updates at commit what another import created since the preview', async () => {
    const first = await preview(csv([['Jacket Black', 50, WEIDIAN]]));
    const second = await preview(csv([['Jacket Black', 60, WEIDIAN]]));
    await commit(first.id);
    const done = await commit(second.id);
    expect(done.counts).toMatchObject({ new: 0, updated: 1 });
    expect((await catalogue()).map((p) => Number(p.price))).toEqual([60]);
  });

  // Issue 39: any write of products moved the mark, a link check's new state too, and the commit then matched a
  // whole file again in one transaction (100,000 rows held the embedded database 0.4-0.6 s while visitors waited).
  it("matches again at commit only after a write of what the matching reads, not after a link check's state", async () => {
    await commit((await preview(csv([['Jacket Black', 50, WEIDIAN]]))).id);
    const staged = await preview(csv([['Jacket Black', 60, WEIDIAN]]));
    const mark = async () => {
      const rows = await ctx.database.rows<{ at: string; now: string }>(
        sql`select i.result->>'matchedAtMatchChanges' as at, t.match_changes::text as now from imports i, product_totals t where i.id = ${staged.id}::uuid`,
      );
      return { at: Number(rows[0]?.at), now: Number(rows[0]?.now) };
    };
    expect((await mark()).now).toBe((await mark()).at);
    // What a link check and the popularity recount write: the matches stand.
    await ctx.database.db.execute(sql`update products set link_state = 'unavailable', picture_broken = true`);
    await ctx.database.db.execute(sql`update products set popularity = popularity + 1`);
    expect((await mark()).now).toBe((await mark()).at);
    // A title, even written as it was, may change a match: the commit matches again.
    await ctx.database.db.execute(sql`update products set title = title`);
    const moved = await mark();
    expect(moved.now).toBeGreaterThan(moved.at);
    const done = await commit(staged.id);
    expect(done.result).toMatchObject({ created: 0, updated: 1 });
    expect((await catalogue()).map((p) => Number(p.price))).toEqual([60]);
  });

  it("moves the matching's mark on an update of every column an import writes or matches by (migration 0046)", async () => {
    const rows = await ctx.database.rows<{ name: string }>(sql`
      select a.attname as name from pg_trigger t
      join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any (t.tgattr::int2[])
      where t.tgname = 'product_totals_matched_update'`);
    const expected = [...WRITTEN_COLUMNS.split(', '), 'source_id', 'row', 'id'];
    expect(rows.map((r) => r.name).sort()).toEqual(expected.sort());
  });

  it('refuses a commit while another import is being written (409), and takes it once that one ended', async () => {
    const first = await preview(csv([['Jacket Black', 50, WEIDIAN]]));
    const second = await preview(csv([['Jacket Black', 50, WEIDIAN]]));
    await ctx.database.db.execute(sql`update imports set status = 'running' where id = ${first.id}::uuid`);
    const refused = await send(ctx.app, 'POST', `/api/admin/imports/${second.id}/commit`, { cookie: admin, body: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/Another import is being written/);
    await ctx.database.db.execute(sql`update imports set status = 'cancelled' where id = ${first.id}::uuid`);
    expect((await commit(second.id)).result).toMatchObject({ created: 1 });
  });
});
