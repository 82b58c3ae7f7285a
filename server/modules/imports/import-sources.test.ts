import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SyncedSheet, SyncedSheetList } from '../../../common/schemas/import-sources';
import type { Import } from '../../../common/schemas/imports';
import { auditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { startPublishedSheets } from '../../test/published-sheets';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createImportSourcesRepo } from './import-sources.repo';
import { createImportSourcesService, overLimits } from './import-sources.service';

let ctx: TestContext;
let admin = '';
let user = '';
let sheets: Awaited<ReturnType<typeof startPublishedSheets>> | undefined;
let sheetsUrl = '';
/** What the "published sheet" answers now, by path. */
const published = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestApp({ importAllowPrivateHosts: true });
  admin = await signedInAs(ctx.app, 'sync-admin@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'sync-user@example.com');
  sheets = await startPublishedSheets(published);
  sheetsUrl = sheets.url;
});
afterAll(async () => {
  await ctx?.close();
  await sheets?.close();
});
beforeEach(async () => {
  published.clear();
  await clearCatalogue(ctx.database);
  await ctx.database.db.execute(sql`delete from import_sources`);
  await ctx.database.db.execute(sql`delete from imports`);
  await ctx.database.db.execute(sql`delete from catalogue_changes`);
});

const csv = (rows: Array<[string, number, string]>) => `title,price,link\r\n${rows.map(([t, p, l]) => `${t},${p},${l}`).join('\r\n')}\r\n`;
const link = (id: number) => `https://weidian.com/item.html?itemID=${7000000000 + id}`;
const rowsOf = (count: number, priceOf = (i: number) => 10 + i) =>
  Array.from({ length: count }, (_, i): [string, number, string] => [`Sync tee ${i}`, priceOf(i), link(i)]);

async function save(body: Record<string, unknown>): Promise<SyncedSheet> {
  const res = await send(ctx.app, 'POST', '/api/admin/import-sources', { cookie: admin, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SyncedSheet>();
}
async function runNow(id: string): Promise<SyncedSheet> {
  const res = await send(ctx.app, 'POST', `/api/admin/import-sources/${id}/run`, { cookie: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SyncedSheet>();
}
async function importDone(id: string): Promise<Import> {
  for (let i = 0; i < 400; i++) {
    const state = (await send(ctx.app, 'GET', `/api/admin/imports/${id}`, { cookie: admin })).json<Import>();
    if (state.status !== 'running') return state;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}
const productCount = async () => Number((await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from products`))[0]?.n);

describe('synced sheets', () => {
  it('admins only; the settings are checked with sentences', async () => {
    expect((await send(ctx.app, 'GET', '/api/admin/import-sources', { cookie: user })).statusCode).toBe(403);
    expect(
      (await send(ctx.app, 'POST', '/api/admin/import-sources', { cookie: user, body: { url: 'https://example.com/a.csv' } })).statusCode,
    ).toBe(403);
    const bad = await send(ctx.app, 'POST', '/api/admin/import-sources', { cookie: admin, body: { url: 'ftp://example.com/a.csv' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/http\(s\) address/);
    const percent = await send(ctx.app, 'POST', '/api/admin/import-sources', {
      cookie: admin,
      body: { url: 'https://example.com/a.csv', maxChangedPercent: 101 },
    });
    expect(percent.statusCode).toBe(400);
    expect(percent.json<{ message: string }>().message).toMatch(/from 0 to 100/);
    const schedule = await send(ctx.app, 'POST', '/api/admin/import-sources', {
      cookie: admin,
      body: { url: 'https://example.com/a.csv', schedule: 'weekly' },
    });
    expect(schedule.statusCode).toBe(400);
  });

  it('a first run of a whole catalogue waits for an admin; a small change later applies on its own and can be undone', async () => {
    published.set('/sheet.csv', csv(rowsOf(40)));
    const sheet = await save({ url: `${sheetsUrl}/sheet.csv`, schedule: 'hourly', maxChangedPercent: 5 });
    expect(sheet).toMatchObject({
      schedule: 'hourly',
      maxChangedPercent: 5,
      maxInvalidRows: 0,
      lastStatus: null,
      actorEmail: 'sync-admin@example.com',
    });
    expect((await auditEntries(ctx.database, 'sync-source-create')).at(-1)).toMatchObject({ subject: `${sheetsUrl}/sheet.csv` });

    // None of the sheet's products is in the catalogue yet: 40 new ones are past any share of them.
    const first = await runNow(sheet.id);
    expect(first.lastStatus).toBe('waiting');
    expect(first.lastMessage).toBe(
      "Waiting for an admin: it would add 40 products and none of the sheet's products is in the catalogue yet (the limit is 5% of them).",
    );
    expect(first.lastImportId).not.toBeNull();
    expect(await productCount()).toBe(0);
    // The admin applies the waiting preview like any import.
    const commit = await send(ctx.app, 'POST', `/api/admin/imports/${first.lastImportId}/commit`, { cookie: admin, body: {} });
    expect(commit.statusCode, commit.body).toBe(202);
    expect((await importDone(first.lastImportId ?? '')).status).toBe('succeeded');
    expect(await productCount()).toBe(40);

    // Nothing changed in the sheet: nothing is written and no preview is kept.
    const same = await runNow(sheet.id);
    expect(same).toMatchObject({ lastStatus: 'unchanged', lastMessage: 'Nothing to change.', lastImportId: null });

    // Two prices change: 2 of 40 is 5%, within the limit: written on its own, recorded under the sheet's admin.
    published.set('/sheet.csv', csv(rowsOf(40, (i) => (i < 2 ? 99 : 10 + i))));
    const applied = await runNow(sheet.id);
    expect(applied.lastStatus).toBe('applied');
    expect(applied.lastMessage).toBe('Applied: 0 new, 2 updated.');
    const done = await importDone(applied.lastImportId ?? '');
    expect(done).toMatchObject({ status: 'succeeded', actorEmail: 'sync-admin@example.com', canUndo: true });
    const prices = await ctx.database.rows<{ price: string | number }>(
      sql`select price from products where title in ('Sync tee 0', 'Sync tee 1')`,
    );
    expect(prices.map((p) => Number(p.price))).toEqual([99, 99]);
    const linked = await ctx.database.rows<{ source_id: string | null }>(
      sql`select source_id from imports where id = ${applied.lastImportId}::uuid`,
    );
    expect(linked[0]?.source_id).toBe(sheet.id);

    // Each run is an import: Undo puts the prices back.
    const undo = await send(ctx.app, 'POST', `/api/admin/imports/${applied.lastImportId}/undo`, { cookie: admin });
    expect(undo.statusCode, undo.body).toBe(200);
    const back = await ctx.database.rows<{ price: string | number }>(sql`select price from products where title = 'Sync tee 0'`);
    expect(Number(back[0]?.price)).toBe(10);
  });

  it('invalid rows over the limit wait; a sheet that cannot be read fails with its sentence and is tried again later', async () => {
    await insertProducts(
      ctx.database,
      Array.from({ length: 100 }, (_, i) => ({ title: `Old ${i}`, price: 5, link: link(500 + i) })),
    );
    published.set('/bad.csv', `${csv(rowsOf(2)).trimEnd()}\r\nNo price,,${link(99)}\r\n`);
    const sheet = await save({ url: `${sheetsUrl}/bad.csv`, maxChangedPercent: 100 });
    const waiting = await runNow(sheet.id);
    expect(waiting.lastStatus).toBe('waiting');
    expect(waiting.lastMessage).toBe('Waiting for an admin: 1 rows are invalid (the limit is 0).');

    const missing = await save({ url: `${sheetsUrl}/gone.csv` });
    const failed = await runNow(missing.id);
    expect(failed.lastStatus).toBe('failed');
    expect(failed.lastMessage).toMatch(/404/);
    expect(new Date(failed.nextRunAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const list = (await send(ctx.app, 'GET', '/api/admin/import-sources', { cookie: admin })).json<SyncedSheetList>();
    expect(list.items.map((s) => s.lastStatus)).toEqual(['waiting', 'failed']);
  });

  // Issue 39: a sheet that set all 20 of its own products to $0.01 applied without review (5% of the whole catalogue).
  it("judges a run against the sheet's own products, and holds a price cut past its limit for review", async () => {
    await insertProducts(
      ctx.database,
      Array.from({ length: 400 }, (_, i) => ({ title: `Other ${i}`, price: 30, link: link(1000 + i) })),
    );
    published.set('/own.csv', csv(rowsOf(20, () => 40)));
    const sheet = await save({ url: `${sheetsUrl}/own.csv`, maxChangedPercent: 100 });
    expect(sheet.maxPriceDropPercent).toBe(50);
    const first = await runNow(sheet.id);
    expect(first.lastStatus, first.lastMessage ?? '').toBe('applied');
    await importDone(first.lastImportId ?? '');
    // The owner's limit goes back to 5% (the new route), then the sheet sets its 20 prices to 0.01: 20 of 420
    // products is under 5% of the catalogue, but all of the sheet's own.
    const limited = await send(ctx.app, 'PATCH', `/api/admin/import-sources/${sheet.id}`, {
      cookie: admin,
      body: { maxChangedPercent: 5 },
    });
    expect(limited.statusCode, limited.body).toBe(200);
    published.set('/own.csv', csv(rowsOf(20, () => 0.01)));
    const cut = await runNow(sheet.id);
    expect(cut.lastStatus).toBe('waiting');
    expect(cut.lastMessage).toBe(
      "Waiting for an admin: it would add or change 20 products against the sheet's 20 in the catalogue (100%; the limit is 5%) and 20 products' prices would drop by more than 50% (Sync tee 0: 40.00 to 0.01).",
    );
    const prices = await ctx.database.rows<{ price: string | number }>(
      sql`select distinct price from products where title like 'Sync tee %'`,
    );
    expect(prices.map((p) => Number(p.price))).toEqual([40]);

    // Within the share of the sheet's products, one price cut past the limit still waits; a small cut applies.
    await send(ctx.app, 'PATCH', `/api/admin/import-sources/${sheet.id}`, { cookie: admin, body: { maxChangedPercent: 10 } });
    published.set('/own.csv', csv(rowsOf(20, (i) => (i === 3 ? 15 : 40))));
    const one = await runNow(sheet.id);
    expect(one.lastStatus).toBe('waiting');
    expect(one.lastMessage).toBe("Waiting for an admin: 1 product's price would drop by more than 50% (Sync tee 3: 40.00 to 15.00).");
    published.set('/own.csv', csv(rowsOf(20, (i) => (i === 3 ? 25 : 40))));
    const small = await runNow(sheet.id);
    expect(small.lastStatus, small.lastMessage ?? '').toBe('applied');
    await importDone(small.lastImportId ?? '');
    // The owner allows any cut: the held one would apply now.
    const anyCut = await send(ctx.app, 'PATCH', `/api/admin/import-sources/${sheet.id}`, {
      cookie: admin,
      body: { maxPriceDropPercent: 100 },
    });
    expect(anyCut.json<SyncedSheet>().maxPriceDropPercent).toBe(100);
    published.set('/own.csv', csv(rowsOf(20, (i) => (i === 3 ? 1 : 40))));
    expect((await runNow(sheet.id)).lastStatus).toBe('applied');
  }, 120_000);

  it("a saved sheet's schedule and limits are edited by admins, checked with sentences and recorded", async () => {
    const sheet = await save({ url: 'https://example.com/limits.csv', schedule: 'daily' });
    const path = `/api/admin/import-sources/${sheet.id}`;
    expect((await send(ctx.app, 'PATCH', path, { cookie: user, body: { maxChangedPercent: 10 } })).statusCode).toBe(403);
    const bad = await send(ctx.app, 'PATCH', path, { cookie: admin, body: { maxPriceDropPercent: 120 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/maxPriceDropPercent must be a number from 0 to 100/);
    const empty = await send(ctx.app, 'PATCH', path, { cookie: admin, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/at least one/);
    const address = await send(ctx.app, 'PATCH', path, { cookie: admin, body: { url: 'https://example.com/other.csv' } });
    expect(address.statusCode).toBe(400);

    const changed = await send(ctx.app, 'PATCH', path, {
      cookie: admin,
      body: { schedule: 'hourly', maxChangedPercent: 12, maxInvalidRows: 3, maxPriceDropPercent: 30 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<SyncedSheet>()).toMatchObject({
      schedule: 'hourly',
      maxChangedPercent: 12,
      maxInvalidRows: 3,
      maxPriceDropPercent: 30,
    });
    const listed = (await send(ctx.app, 'GET', '/api/admin/import-sources', { cookie: admin })).json<SyncedSheetList>();
    expect(listed.items[0]).toMatchObject({ schedule: 'hourly', maxChangedPercent: 12, maxInvalidRows: 3, maxPriceDropPercent: 30 });
    expect((await auditEntries(ctx.database, 'sync-source-update')).at(-1)).toMatchObject({
      subject: 'https://example.com/limits.csv',
      details: {
        id: sheet.id,
        changes: {
          schedule: { from: 'daily', to: 'hourly' },
          maxChangedPercent: { from: 5, to: 12 },
          maxInvalidRows: { from: 0, to: 3 },
          maxPriceDropPercent: { from: 50, to: 30 },
        },
      },
    });
    const unknown = await send(ctx.app, 'PATCH', '/api/admin/import-sources/00000000-0000-4000-8000-000000000000', {
      cookie: admin,
      body: { maxChangedPercent: 10 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  // Issue 39: 17 of 17 private and loopback addresses were saved, though import by address refuses them.
  it('refuses private, loopback and link-local addresses when saved, as import by address does', async () => {
    const strict = await createTestApp({ importAllowPrivateHosts: false });
    try {
      const cookie = await signedInAs(strict.app, 'strict-sheets@example.com', { isAdmin: true });
      for (const url of [
        'http://localhost:9/x.csv',
        'http://127.0.0.1:8080/sheet.csv',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/x.csv',
        'http://10.1.2.3/x.csv',
        'http://192.168.0.10/x.csv',
      ]) {
        const res = await send(strict.app, 'POST', '/api/admin/import-sources', { cookie, body: { url } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json<{ message: string }>().message, url).toMatch(/private, loopback or link-local/);
      }
      expect((await send(strict.app, 'GET', '/api/admin/import-sources', { cookie })).json<SyncedSheetList>().items).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('removing a sheet keeps its imports; an unknown one is 404', async () => {
    published.set('/sheet.csv', csv(rowsOf(1)));
    const sheet = await save({ url: `${sheetsUrl}/sheet.csv`, maxChangedPercent: 100 });
    const ran = await runNow(sheet.id);
    expect(ran.lastStatus).toBe('applied');
    await importDone(ran.lastImportId ?? '');
    const removed = await send(ctx.app, 'DELETE', `/api/admin/import-sources/${sheet.id}`, { cookie: admin });
    expect(removed.statusCode).toBe(204);
    expect((await auditEntries(ctx.database, 'sync-source-delete')).at(-1)).toMatchObject({ subject: `${sheetsUrl}/sheet.csv` });
    expect((await send(ctx.app, 'GET', `/api/admin/imports/${ran.lastImportId}`, { cookie: admin })).statusCode).toBe(200);
    expect((await send(ctx.app, 'DELETE', `/api/admin/import-sources/${sheet.id}`, { cookie: admin })).statusCode).toBe(404);
    expect((await send(ctx.app, 'POST', `/api/admin/import-sources/${sheet.id}/run`, { cookie: admin })).statusCode).toBe(404);
  });
});

describe('the scheduled run', () => {
  it('runs each due sheet once, moves it on by its interval, and leaves sheets not due', async () => {
    const repo = createImportSourcesRepo(ctx.database);
    const asked: string[] = [];
    const counts = { new: 1, updated: 0, unchanged: 0, invalid: 0 };
    const service = createImportSourcesService({
      repo,
      imports: {
        preview: async (_actor, source) => {
          asked.push(source.kind === 'url' ? source.url : 'file');
          throw new (await import('../../errors')).AppError('VALIDATION', 'The file is empty (0 bytes).');
        },
        commit: async () => ({ counts }) as unknown as Import,
        get: async () => ({ counts }) as unknown as Import,
      },
      transaction: () => Promise.reject(new Error('runDue saves and removes no sheet')),
      log: { error: () => undefined, warn: () => undefined },
      origin: 'http://localhost',
    });
    const due = await save({ url: 'https://example.com/due.csv', schedule: 'hourly' });
    const later = await save({ url: 'https://example.com/later.csv' });
    await ctx.database.db.execute(sql`update import_sources set next_run_at = now() + interval '1 hour' where id = ${later.id}::uuid`);
    expect(await service.runDue()).toBe(1);
    expect(asked).toEqual(['https://example.com/due.csv']);
    // Taken once: a second pass finds nothing due.
    expect(await service.runDue()).toBe(0);
    const after = (await service.list()).find((s) => s.id === due.id);
    expect(after).toMatchObject({ lastStatus: 'failed', lastMessage: 'The file is empty (0 bytes).' });
    const next = new Date(after?.nextRunAt ?? 0).getTime() - new Date(after?.lastRunAt ?? 0).getTime();
    expect(next).toBeGreaterThan(3500_000);
    expect(next).toBeLessThan(3700_000);
  });

  it("limits: a share of the sheet's own products, the invalid rows and price drops, said in one sentence", () => {
    const limits = { maxChangedPercent: 5, maxInvalidRows: 0, maxPriceDropPercent: 50 };
    expect(overLimits({ counts: { new: 5, updated: 0, unchanged: 100, invalid: 0 } }, limits)).toBeNull();
    expect(
      overLimits({ counts: { new: 5, updated: 1, unchanged: 99, invalid: 2 } }, limits, {
        count: 3,
        first: { title: 'Down jacket', from: 120, to: 0.01 },
      }),
    ).toBe(
      "Waiting for an admin: it would add or change 6 products against the sheet's 100 in the catalogue (6.0%; the limit is 5%) and 2 rows are invalid (the limit is 0) and 3 products' prices would drop by more than 50% (Down jacket: 120.00 to 0.01).",
    );
    // Judged against the sheet, not the catalogue: 20 of its 20 products changed is 100%, whatever else the site holds.
    expect(overLimits({ counts: { new: 0, updated: 20, unchanged: 0, invalid: 0 } }, limits)).toMatch(
      /20 products against the sheet's 20 .*100%/,
    );
    // A limit of 100% lets a first run of a sheet apply.
    expect(overLimits({ counts: { new: 40, updated: 0, unchanged: 0, invalid: 0 } }, { ...limits, maxChangedPercent: 100 })).toBeNull();
  });
});
