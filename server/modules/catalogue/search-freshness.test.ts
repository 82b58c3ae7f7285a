// The finder's searches answer from memory between the catalogue's notifications (decision 0071): nothing read while
// the catalogue stands still, this process's own write found by its next search, another process's within a second.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductPage } from '../../../common/schemas/product';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createCategoriesRepo } from '../categories/categories.repo';
import { createCatalogueRepo } from './catalogue.repo';
import { createFinderService } from './finder.service';
import { TRUSTED_FOR_MS } from './search-index-keeper';

/** A catch-up's own time on a loaded machine. */
const CATCH_UP_ALLOWANCE_MS = 500;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await clearCatalogue(ctx.database);
  await insertProducts(ctx.database, [{ title: 'Canvas Lantern Tote', brand: 'Mono' }]);
});
afterAll(async () => {
  await ctx?.close();
});

const titles = async (search: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/products', query: { search, limit: '6' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductPage>().items.map((p) => p.title);
};
const fromMemory = () => ctx.app.services.finder.searchIndexStats().fromMemory;

describe('search answers between changes', () => {
  it('come from memory while the catalogue stands still', async () => {
    // The first search opens the listening connection; once it listens, a search verifies the state and keeps its
    // cards.
    const started = performance.now();
    while (fromMemory() === 0 && performance.now() - started < 5000) expect(await titles('lantern')).toEqual(['Canvas Lantern Tote']);
    const before = fromMemory();
    expect(await titles('lantern')).toEqual(['Canvas Lantern Tote']);
    expect(await titles('lantern')).toEqual(['Canvas Lantern Tote']);
    expect(fromMemory()).toBe(before + 2);
  });

  it("find this process's own write at the next search", async () => {
    await titles('lantern');
    await insertProducts(ctx.database, [{ title: 'Lantern Field Jacket', brand: 'Northfold' }]);
    expect((await titles('lantern')).sort()).toEqual(['Canvas Lantern Tote', 'Lantern Field Jacket']);
    // A change to a card (its price) through a statement of this process: the next answer has it.
    await ctx.database.db.execute(sql`update products set title = 'Lantern Field Parka' where title = 'Lantern Field Jacket'`);
    expect((await titles('lantern')).sort()).toEqual(['Canvas Lantern Tote', 'Lantern Field Parka']);
  });

  it('catch up with edits, deletions, hidden and new products, reading versions only where they moved', async () => {
    await insertProducts(ctx.database, [
      { title: 'Harbor Lantern Scarf', brand: 'Mono' },
      { title: 'Harbor Lantern Cap', brand: 'Mono' },
      { title: 'Harbor Lantern Sock', brand: 'Mono' },
    ]);
    const harbor = async () => (await titles('harbor')).sort();
    expect(await harbor()).toEqual(['Harbor Lantern Cap', 'Harbor Lantern Scarf', 'Harbor Lantern Sock']);
    const refreshes = ctx.app.services.finder.searchIndexStats().refreshes;
    await ctx.database.db.execute(sql`update products set title = 'Harbor Lantern Beret' where title = 'Harbor Lantern Cap'`);
    await ctx.database.db.execute(sql`delete from products where title = 'Harbor Lantern Scarf'`);
    await ctx.database.db.execute(sql`update products set link_state = 'hidden' where title = 'Harbor Lantern Sock'`);
    await insertProducts(ctx.database, [{ title: 'Harbor Lantern Glove', brand: 'Mono' }]);
    expect(await harbor()).toEqual(['Harbor Lantern Beret', 'Harbor Lantern Glove']);
    // Back from hidden: found again.
    await ctx.database.db.execute(sql`update products set link_state = 'ok' where title = 'Harbor Lantern Sock'`);
    expect(await harbor()).toEqual(['Harbor Lantern Beret', 'Harbor Lantern Glove', 'Harbor Lantern Sock']);
    expect(ctx.app.services.finder.searchIndexStats().refreshes).toBeGreaterThan(refreshes);
  });

  it('catch up from the change log, and compare everything once when the log was pruned before they read it', async () => {
    const stats = () => ctx.app.services.finder.searchIndexStats();
    await titles('lantern');
    const compared = stats().comparedAll;
    await ctx.database.db.execute(sql`update products set title = 'Canvas Lantern Bag' where title = 'Canvas Lantern Tote'`);
    expect(await titles('lantern')).toContain('Canvas Lantern Bag');
    expect(stats().comparedAll).toBe(compared);

    // A write pruned from the log (as an hour later) before this process read it: the next catch-up cannot trust the
    // log, compares everything, and the log serves again after it.
    await ctx.database.db.execute(sql`update products set title = 'Canvas Lantern Tote' where title = 'Canvas Lantern Bag'`);
    expect(await createCatalogueRepo(ctx.database).pruneIndexChanges(new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    expect(await titles('lantern')).toContain('Canvas Lantern Tote');
    expect(stats().comparedAll).toBe(compared + 1);
    await ctx.database.db.execute(sql`update products set brand = 'Mono Studio' where title = 'Canvas Lantern Tote'`);
    expect(await titles('mono studio')).toEqual(['Canvas Lantern Tote']);
    expect(stats().comparedAll).toBe(compared + 1);
  });

  it('show a QC photo on its card within a second even when its notification is lost', async () => {
    // Kept cards are re-trusted while the state stands still (decision 0071): the QC photos' own statements move it
    // too (card_changes, migration 0028), so a card's count is read again once the second is over, whatever the
    // notification did.
    const qcCount = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/products', query: { search: 'harbor beret', limit: '6' } });
      return res.json<ProductPage>().items.find((p) => p.title === 'Harbor Lantern Beret')?.qcCount;
    };
    const [picture] = await ctx.database.rows<{ id: string }>(sql`
      insert into images (name, storage_key, url, content_type, size_bytes, width, height)
      values ('qc.jpg', 'qc-lost-notification.jpg', '/uploads/qc-lost-notification.jpg', 'image/jpeg', 100, 10, 10)
      returning id`);
    // The card kept: answered from memory.
    const started = performance.now();
    const before = fromMemory();
    while (fromMemory() === before && performance.now() - started < 5000) expect(await qcCount()).toBe(0);
    expect(fromMemory()).toBeGreaterThan(before);

    // The photo added with the notification lost (its trigger off for the statement).
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table product_qc_photos disable trigger product_qc_photos_notify`);
      await tx.execute(sql`
        insert into product_qc_photos (product_id, image_id)
        select id, ${picture?.id}::uuid from products where title = 'Harbor Lantern Beret'`);
      await tx.execute(sql`alter table product_qc_photos enable trigger product_qc_photos_notify`);
    });
    // Searched steadily, as under traffic: each search could renew the trust of the kept card.
    let seen = await qcCount();
    const written = performance.now();
    while (seen !== 1 && performance.now() - written < TRUSTED_FOR_MS + CATCH_UP_ALLOWANCE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = await qcCount();
    }
    expect(seen).toBe(1);
  });

  it('keep the brand and category counts while the catalogue stands still, with categories counted in its state', async () => {
    // The suggestions go by the counts kept at the state their search read (card_changes included, migration 0028):
    // a category added moves it, and the counts are counted once again, not at every suggestion after.
    const repo = createCatalogueRepo(ctx.database);
    const counted = vi.spyOn(repo, 'catalogueCounts');
    const finder = createFinderService(repo, createCategoriesRepo(ctx.database));
    await insertCategories(ctx.database, [{ name: 'Lantern Bags' }]);
    await finder.suggestions('lantern');
    await finder.suggestions('lantern b');
    expect(counted).toHaveBeenCalledTimes(1);
    await insertCategories(ctx.database, [{ name: 'Lantern Caps' }]);
    await finder.suggestions('lantern');
    await finder.suggestions('lantern c');
    expect(counted).toHaveBeenCalledTimes(2);
  });

  /** A connection of "another process" to the test's database. */
  async function otherProcess(): Promise<pg.Client> {
    const [{ name } = { name: '' }] = await ctx.database.rows<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(process.env.FINDER_TEST_PG_URL ?? '');
    url.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    return other;
  }

  /**
   * Whether `search` finds `title` in time: at once as a rule (the notification), and at the latest a second after the
   * last verified read (TRUSTED_FOR_MS, when a notification comes late or not at all) plus the catch-up's own time.
   * The window starts after the write, which came just after a verified read.
   */
  async function foundWithinASecond(search: string, title: string): Promise<boolean> {
    const started = performance.now();
    while (performance.now() - started < TRUSTED_FOR_MS + CATCH_UP_ALLOWANCE_MS) {
      if ((await titles(search)).includes(title)) return true;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return false;
  }

  // PGlite is one process's own database.
  it.runIf(process.env.FINDER_TEST_DB === 'postgres')(
    'find a write whose transaction began before a catch-up that read later ones, once it commits',
    async () => {
      const compared = ctx.app.services.finder.searchIndexStats().comparedAll;
      const other = await otherProcess();
      try {
        // The other process's transaction has its id first; this process then writes and commits, and its search
        // catches up past that id (the log's rows there are not visible yet).
        await other.query('begin');
        await other.query('select pg_current_xact_id()');
        await insertProducts(ctx.database, [{ title: 'Lantern Umbrella', brand: 'Mono' }]);
        expect(await titles('umbrella')).toContain('Lantern Umbrella');
        await other.query(`update products set title = 'Lantern Hiking Boot' where title = 'Lantern Umbrella'`);
        await other.query('commit');
        expect(await foundWithinASecond('boot', 'Lantern Hiking Boot')).toBe(true);
        expect(ctx.app.services.finder.searchIndexStats().comparedAll).toBe(compared);
      } finally {
        await other.end();
      }
    },
  );

  it.runIf(process.env.FINDER_TEST_DB === 'postgres')("find another process's write within a second", async () => {
    await titles('lantern');
    await titles('lantern');
    const other = await otherProcess();
    try {
      await other.query(`insert into products (title, brand, price) values ('Lantern Beanie', 'Mono', 12)`);
      // A word of its own: seven products hold "lantern", more than the page of six shows (in shuffled order).
      expect(await foundWithinASecond('beanie', 'Lantern Beanie')).toBe(true);
    } finally {
      await other.end();
    }
  });
});
