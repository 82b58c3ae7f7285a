import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Import } from '../../../common/schemas/imports';
import type { AdminProduct, AdminProductPage } from '../../../common/schemas/product';
import { auditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { changeReposOn } from '../../composition';
import { createUnitOfWork } from '../../db/unit-of-work';
import { CHANGE_STATEMENT_TIMEOUT_MS } from '../changes/changes.repo';
import { IMPORT_BATCH_TARGET_MS, importBatchTargetMs } from './import-runner';
import { createImportsRepo } from './imports.repo';
import { createImportsService } from './imports.service';
import { readImport } from './read-import';
import { writeXlsx } from './xlsx';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let ctx: TestContext;
let admin = '';
let user = '';
let files: http.Server;
let filesUrl = '';
const served = new Map<string, { type: string; body: Buffer }>();

beforeAll(async () => {
  ctx = await createTestApp({ importAllowPrivateHosts: true });
  admin = await signedInAs(ctx.app, 'import-admin@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'import-user@example.com');
  files = http.createServer((req, res) => {
    const file = served.get(req.url ?? '');
    if (!file) {
      res.writeHead(404).end('missing');
      return;
    }
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => files?.close(resolve));
});
beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await ctx.database.db.execute(sql`delete from imports`);
  await ctx.database.db.execute(sql`delete from catalogue_changes`);
  await insertCategories(
    ctx.database,
    ['Pants', 'Shoes', 'Jackets'].map((name, i) => ({ name, relevance: i + 1 })),
  );
});

async function upload(name: string, body: Buffer, fields: Record<string, string> = {}, cookie = admin) {
  const form = multipartBody([{ filename: name, body, field: 'file' }], fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/imports',
    headers: { ...form.headers, origin: TEST_ORIGIN, cookie },
    payload: form.payload,
  });
}
async function preview(name: string, body: Buffer, fields: Record<string, string> = {}): Promise<Import> {
  const res = await upload(name, body, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Import>();
}
/** Commits and waits for the background job to end. */
async function commit(id: string, policy?: string, start = true): Promise<Import> {
  if (start) {
    const res = await send(ctx.app, 'POST', `/api/admin/imports/${id}/commit`, { cookie: admin, body: policy ? { policy } : {} });
    expect(res.statusCode, res.body).toBe(202);
  }
  for (let i = 0; i < 800; i++) {
    const state = (await send(ctx.app, 'GET', `/api/admin/imports/${id}`, { cookie: admin })).json<Import>();
    if (state.status !== 'running') return state;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}
const products = () =>
  ctx.database.rows<{
    title: string;
    price: string | number;
    category: string | null;
    gender: string | null;
    brand: string;
    description: string;
    is_best_product: boolean;
    link: string | null;
    image: string | null;
    source_id: string | null;
  }>(sql`select title, price, category, gender, brand, description, is_best_product, link, image, source_id from products order by row`);

describe('reading files', () => {
  it('parses CSV with quotes, doubled quotes, line breaks, semicolons and a byte-order mark', async () => {
    const table = await readImport(Buffer.from('\uFEFFa,b\r\n"x, y","say ""hi"""\n\n"two\nlines",z\n'), 'x.csv', '');
    expect(table.headers).toEqual(['a', 'b']);
    expect(table.records).toEqual([
      { row: 2, values: { a: 'x, y', b: 'say "hi"' } },
      { row: 4, values: { a: 'two\nlines', b: 'z' } },
    ]);
    expect((await readImport(Buffer.from('a;b\n1,5;2'), 'x.csv', '')).records.map((r) => r.values)).toEqual([{ a: '1,5', b: '2' }]);
  });

  it('writes an XLSX workbook it reads back, with texts, numbers and booleans', async () => {
    async function* rows() {
      yield [
        ['Tee & "Co" <b>', 12.5, true],
        ['=1+1', 3, false],
      ];
    }
    const chunks: Buffer[] = [];
    for await (const chunk of writeXlsx('Products', ['title', 'price', 'best'], rows())) chunks.push(chunk);
    const table = await readImport(Buffer.concat(chunks), 'export.xlsx', '');
    expect(table).toMatchObject({ format: 'xlsx', headers: ['title', 'price', 'best'], sheets: ['Products'], sheet: 'Products' });
    expect(table.records).toEqual([
      { row: 2, values: { title: 'Tee & "Co" <b>', price: '12.5', best: 'true' } },
      { row: 3, values: { title: '=1+1', price: '3', best: 'false' } },
    ]);
  });
});

describe('import preview', () => {
  it('matches headers by their aliases, reads the sheet spellings and changes nothing yet', async () => {
    const result = await preview('sheet.csv', fixture('aliases.csv'));
    expect(result).toMatchObject({
      status: 'previewed',
      format: 'csv',
      counts: { new: 3, updated: 0, unchanged: 0, invalid: 0 },
      errors: [],
      mapping: { Title: 'title', Price: 'price', cnFansLink: 'link', isBestProduct: 'isBestProduct', Image: 'image' },
    });
    expect(await products()).toEqual([]);
  });

  it('reports each bad row with its row number, column and message, and repeated products', async () => {
    const result = await preview('errors.csv', fixture('errors.csv'));
    expect(result.counts).toEqual({ new: 1, updated: 0, unchanged: 0, invalid: 4 });
    expect(result.errors).toEqual(
      [
        { row: 3, column: 'name', message: 'Item name is required!' },
        { row: 4, column: 'price', message: 'Valid price is required!' },
        { row: 5, column: 'best', message: 'isBestProduct must be true or false' },
        { row: 5, column: 'gender', message: 'gender must be one of Men, Women, Kids, Unisex' },
        { row: 5, column: 'link', message: 'link must be an http(s) address such as https://store.example/item' },
        { row: 6, column: 'link', message: 'Row 2 has the same product (same link and title).' },
      ].map((e) => expect.objectContaining(e)),
    );
    const csv = await send(ctx.app, 'GET', `/api/admin/imports/${result.id}/errors`, { cookie: admin });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('row,column,kind,message');
    expect(csv.body).toContain('4,price,error,Valid price is required!');
  });

  it('lets the operator change the mapping and says when title or price has no column', async () => {
    const csv = Buffer.from('Product,Cost\nHat,5\n');
    const unmapped = await preview('a.csv', csv, { mapping: JSON.stringify({ Product: 'ignore' }) });
    expect(unmapped.counts.invalid).toBe(1);
    expect(unmapped.errors[0]?.message).toMatch(/No column is mapped to title/);
    const mapped = await preview('a.csv', csv, { mapping: JSON.stringify({ Product: 'title', Cost: 'price' }) });
    expect(mapped.counts).toMatchObject({ new: 1, invalid: 0 });
    const wrong = await upload('a.csv', csv, { mapping: JSON.stringify({ Nope: 'title' }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toMatch(/no column "Nope"/);
  });

  it('refuses files it cannot read with a sentence', async () => {
    expect((await upload('x.json', Buffer.from('{ nope'))).json<{ message: string }>().message).toMatch(/not valid JSON/);
    expect((await upload('x.xlsx', Buffer.from('PK not a zip'))).json<{ message: string }>().message).toMatch(/XLSX/);
    expect((await upload('x.csv', Buffer.from(''))).statusCode).toBe(400);
    expect((await upload('x.csv', Buffer.from('title,price\n'))).json<{ message: string }>().message).toMatch(/no products/);
  });

  it("keeps the file's order across the reader's batches: repeats, category spellings, problems counted and listed by row", async () => {
    // 5,000 rows come back from the reader's process in three batches (decision 0049's addendum).
    const lines = Array.from({ length: 5000 }, (_, i) => {
      const row = i + 2;
      if (row === 2) return 'Alpha Coat,10,Vests,https://store.example/alpha,';
      if (row === 3000) return 'Beta Coat,11,VESTS,https://store.example/beta,';
      // The first row again, two batches later, with a category no other row has: refused, and the category not added.
      if (row === 4502) return 'alpha  coat,12,Capes,https://store.example/alpha,';
      if (row % 1000 === 0) return `Broken ${row},abc,Pants,https://store.example/broken/${row},`;
      return `Item ${row},${(row % 90) + 5},Pants,https://store.example/item/${row},${row % 1500 === 0 ? '/uploads/x.png' : ''}`;
    });
    const result = await preview('batches.csv', Buffer.from(`title,price,category,link,image\n${lines.join('\n')}\n`));
    expect(result.counts).toEqual({ new: 4995, updated: 0, unchanged: 0, invalid: 5 });
    expect(result.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [1000, 'price', 'Valid price is required!'],
      [2000, 'price', 'Valid price is required!'],
      [4000, 'price', 'Valid price is required!'],
      [4502, 'link', 'Row 2 has the same product (same link and title).'],
      [5000, 'price', 'Valid price is required!'],
    ]);
    expect(result.errorCount).toBe(5);
    expect(result.warnings.map((w) => [w.row, w.column])).toEqual([
      [1500, 'image'],
      [4500, 'image'],
    ]);
    expect(result.warningCount).toBe(2);
    expect(result.newCategories).toEqual(['Vests']);
    const list = (await send(ctx.app, 'GET', '/api/admin/imports', { cookie: admin })).json<{ items: Import[] }>();
    expect(list.items.map((i) => i.id)).toContain(result.id);
    const done = await commit(result.id);
    expect(done.result?.created).toBe(4995);
    const spelled = await ctx.database.rows<{ category: string; n: number }>(
      sql`select category, count(*)::int as n from products where category in ('Vests', 'VESTS', 'Capes') group by category`,
    );
    expect(spelled).toEqual([{ category: 'Vests', n: 2 }]);
  }, 60_000);

  it("matches a file's rows a part at a time (issue 39) exactly as it matched them in one statement each", async () => {
    // Colourways of one link (matched by title), a lone product whose title the file changed, a group the file
    // names twice (not lone), a product matched by two rows (the later refused), and rows without a link.
    await insertProducts(ctx.database, [
      { title: 'Parted Coat Red', price: 10, link: 'https://s.example/parted-coat' },
      { title: 'Parted Coat Blue', price: 10, link: 'https://s.example/parted-coat' },
      { title: 'Parted Old Name', price: 11, link: 'https://s.example/parted-lone' },
      { title: 'Parted Twice', price: 12, link: 'https://s.example/parted-twice' },
      { title: 'Parted No Link', price: 13, link: null },
      ...Array.from({ length: 12 }, (_, i) => ({ title: `Parted Kept ${i}`, price: 20 + i, link: `https://s.example/parted-kept/${i}` })),
    ]);
    const lines = [
      'Parted Coat Blue,15,https://s.example/parted-coat',
      'Parted Coat Green,15,https://s.example/parted-coat',
      'Parted New Name,11,https://s.example/parted-lone',
      'Parted Twice A,12,https://s.example/parted-twice',
      'Parted Twice B,12,https://s.example/parted-twice',
      'Parted No Link,14,',
      'parted  no link,14,',
      ...Array.from({ length: 12 }, (_, i) => `Parted Kept ${i},${i % 2 === 0 ? 20 + i : 30 + i},https://s.example/parted-kept/${i}`),
      ...Array.from({ length: 9 }, (_, i) => `Parted Fresh ${i},5,https://s.example/parted-fresh/${i}`),
    ];
    const body = Buffer.from(`title,price,link\n${lines.join('\n')}\n`);
    const parts: string[] = [];
    const unitOfWork = createUnitOfWork(ctx.database, (db) => {
      const repos = changeReposOn(db);
      const matchStep: typeof repos.imports.matchStep = (id, step, part) => {
        if (part) parts.push(`${step} ${part.by}`);
        return repos.imports.matchStep(id, step, part);
      };
      return { ...repos, imports: { ...repos.imports, matchStep } };
    });
    const previewed = async (matchPartRows: number) => {
      const service = createImportsService({
        repo: createImportsRepo(ctx.database),
        unitOfWork: { transaction: unitOfWork.transaction, limit: CHANGE_LIMIT },
        storage: ctx.storage,
        log: { error: () => undefined, warn: () => undefined },
        allowPrivateHosts: true,
        matchPartRows,
      });
      const answer = await service.preview(
        { id: null, email: 'import-admin@example.com' },
        { kind: 'file', name: 'parted.csv', contentType: 'text/csv', body },
        { origin: TEST_ORIGIN },
      );
      await service.close();
      const rows = await ctx.database.rows<{ row: number; action: string; title: string | null }>(sql`
        select r.row_number as row, r.action, p.title from import_rows r left join products p on p.id = r.product_id
        where r.import_id = ${answer.id}::uuid order by r.row_number`);
      return { counts: answer.counts, errors: answer.errors, rows };
    };
    const whole = await previewed(1_000_000);
    expect(parts.filter((p) => p.endsWith('group'))).toHaveLength(2);
    parts.length = 0;
    const parted = await previewed(2);
    // 30 rows with a link in groups of at most two rows a part: every group step ran in many parts.
    expect(parts.filter((p) => p.startsWith('by-lone-product')).length).toBeGreaterThan(10);
    expect(parted).toEqual(whole);
    expect(whole.counts).toEqual({ new: 12, updated: 15, unchanged: 0, invalid: 1 });
    expect(whole.rows.filter((r) => r.title !== null).map((r) => [r.row, r.title])).toEqual(
      expect.arrayContaining([
        [2, 'Parted Coat Blue'],
        [4, 'Parted Old Name'],
        [7, 'Parted No Link'],
      ]),
    );
  });

  it('is refused to anonymous callers and to users', async () => {
    expect((await upload('sheet.csv', fixture('aliases.csv'), {}, '')).statusCode).toBe(401);
    expect((await upload('sheet.csv', fixture('aliases.csv'), {}, user)).statusCode).toBe(403);
  });
});

describe('import commit and undo', () => {
  it('writes the valid rows in the background, adds missing categories, and a second import of the file changes nothing', async () => {
    const first = await preview('sheet.csv', fixture('aliases.csv'));
    const done = await commit(first.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: { processed: 3, total: 3 },
      result: { created: 3, updated: 0, skipped: 0 },
      canUndo: true,
    });
    expect(await products()).toEqual([
      expect.objectContaining({
        title: 'Cargo Pants',
        price: expect.anything(),
        category: 'Pants',
        gender: 'Women',
        brand: 'Acme',
        description: 'Loose fit; "cargo" pockets',
        is_best_product: true,
        link: 'https://store.example/cargo',
      }),
      expect.objectContaining({ title: 'Running Shoe', category: 'Shoes', gender: 'Men', is_best_product: false }),
      expect.objectContaining({ title: 'Plain Tee', category: null, gender: 'Unisex', is_best_product: true }),
    ]);
    expect(Number((await products())[1]?.price)).toBe(19.99);
    const again = await preview('sheet.csv', fixture('aliases.csv'));
    expect(again.counts).toEqual({ new: 0, updated: 0, unchanged: 3, invalid: 0 });
    const entries = await auditEntries(ctx.database, 'product-import');
    expect(entries.at(-1)).toMatchObject({
      subject: 'sheet.csv',
      actorEmail: 'import-admin@example.com',
      details: expect.objectContaining({ created: 3, updated: 0 }),
    });
  });

  it('matches by id, else by buy link; undo removes what it created and puts back what it updated', async () => {
    const [kept] = await insertProducts(ctx.database, [
      { title: 'Old Shoe', price: 5, link: 'https://store.example/shoe', category: 'Shoes' },
    ]);
    const [byId] = await insertProducts(ctx.database, [
      { title: 'Old Jacket', price: 9, link: 'https://store.example/old-jacket', category: 'Jackets' },
    ]);
    const csv = Buffer.from(
      `id,title,price,link\n${byId?.id},New Jacket,10,https://store.example/new-jacket\n,Running Shoe,19.99,https://store.example/shoe\n,Brand New,3,https://store.example/brand-new\n`,
    );
    const result = await preview('ids.csv', csv);
    expect(result.counts).toEqual({ new: 1, updated: 2, unchanged: 0, invalid: 0 });
    const done = await commit(result.id);
    expect(done.result).toMatchObject({ created: 1, updated: 2 });
    expect((await products()).map((p) => p.title)).toEqual(['Running Shoe', 'New Jacket', 'Brand New']);
    const undo = await send(ctx.app, 'POST', `/api/admin/imports/${result.id}/undo`, { cookie: admin });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<Import>()).toMatchObject({ status: 'undone', canUndo: false, result: { undo: { restored: 3, skipped: 0 } } });
    expect(await products()).toEqual([
      expect.objectContaining({ title: 'Old Shoe', link: 'https://store.example/shoe', category: 'Shoes' }),
      expect.objectContaining({ title: 'Old Jacket', link: 'https://store.example/old-jacket', category: 'Jackets' }),
    ]);
    expect(kept).toBeDefined();
    expect((await send(ctx.app, 'POST', `/api/admin/imports/${result.id}/undo`, { cookie: admin })).statusCode).toBe(409);
    expect((await auditEntries(ctx.database, 'change-undo')).at(-1)?.details).toMatchObject({ restored: 3, skipped: 0 });
  });

  it('leaves a product changed after the import alone when undoing', async () => {
    const result = await preview('sheet.csv', fixture('aliases.csv'));
    await commit(result.id);
    await ctx.database.db.execute(sql`update products set price = 99, updated_at = now() + interval '1 second' where title = 'Plain Tee'`);
    const undo = (await send(ctx.app, 'POST', `/api/admin/imports/${result.id}/undo`, { cookie: admin })).json<Import>();
    expect(undo.result?.undo).toEqual({ restored: 2, skipped: 1 });
    expect((await products()).map((p) => p.title)).toEqual(['Plain Tee']);
  });

  it('with the policy "all", writes nothing while any row is invalid', async () => {
    const result = await preview('errors.csv', fixture('errors.csv'), { policy: 'all' });
    expect(result.policy).toBe('all');
    const refused = await send(ctx.app, 'POST', `/api/admin/imports/${result.id}/commit`, { cookie: admin, body: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/4 rows are invalid/);
    expect(await products()).toEqual([]);
    const valid = await commit(result.id, 'valid');
    expect(valid.result?.created).toBe(1);
  });

  it('reads a Firestore export of productsImported and keeps its ids', async () => {
    const result = await preview('export.json', fixture('firestore.json'));
    expect(result.counts).toEqual({ new: 2, updated: 0, unchanged: 0, invalid: 0 });
    await commit(result.id);
    expect(await products()).toEqual([
      expect.objectContaining({
        title: 'Firestore Jacket',
        source_id: 'fs8dK2mQpL0aZ1',
        gender: 'Women',
        is_best_product: true,
        link: 'https://store.example/fs-jacket',
      }),
      expect.objectContaining({ title: 'Firestore Boots', source_id: 'fs9xY7', gender: 'Men', is_best_product: false }),
    ]);
    await ctx.database.db.execute(sql`update products set link = 'https://store.example/moved' where source_id = 'fs9xY7'`);
    const again = await preview('export.json', fixture('firestore.json'));
    expect(again.counts).toEqual({ new: 0, updated: 1, unchanged: 1, invalid: 0 });
  });

  // Issue 25: the ids of a Firestore export were kept (products.source_id, matched by a re-import) but no answer
  // showed them: not the admin list, not the exports, not the admin product API.
  it("shows a Firestore export's ids in the admin list, the admin product API and every export, and matches them again from an export", async () => {
    await commit((await preview('export.json', fixture('firestore.json'))).id);
    await insertProducts(ctx.database, [{ title: 'Made Here', price: 12, link: 'https://store.example/made-here' }]);
    const list = (await send(ctx.app, 'GET', '/api/admin/products', { cookie: admin })).json<AdminProductPage>();
    expect(list.items.map((p) => [p.title, p.sourceId])).toEqual([
      ['Firestore Jacket', 'fs8dK2mQpL0aZ1'],
      ['Firestore Boots', 'fs9xY7'],
      ['Made Here', null],
    ]);
    const jacket = list.items[0]!;
    const edited = await send(ctx.app, 'PUT', `/api/admin/products/${jacket.id}`, {
      cookie: admin,
      body: {
        title: 'Firestore Jacket',
        price: 55.5,
        category: 'Jackets',
        gender: 'Women',
        isBestProduct: true,
        link: 'https://store.example/fs-jacket',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminProduct>().sourceId).toBe('fs8dK2mQpL0aZ1');
    // Only the admin's answers: the public product never shows it.
    const publicProduct = await send(ctx.app, 'GET', `/api/products/${jacket.number}`);
    expect(publicProduct.json<{ product: Record<string, unknown> }>().product).not.toHaveProperty('sourceId');

    const exported = async (format: 'csv' | 'xlsx' | 'json') => {
      const res = await send(ctx.app, 'GET', `/api/admin/products/export?format=${format}`, { cookie: admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.rawPayload;
    };
    const files = { csv: await exported('csv'), xlsx: await exported('xlsx'), json: await exported('json') };
    const csvTable = await readImport(files.csv, 'export.csv', '');
    expect(csvTable.headers.slice(0, 3)).toEqual(['id', 'sourceId', 'title']);
    expect(csvTable.records.slice(0, 3).map((r) => [r.values.id, r.values.sourceId, r.values.title])).toEqual([
      [jacket.id, 'fs8dK2mQpL0aZ1', 'Firestore Jacket'],
      [expect.any(String), 'fs9xY7', 'Firestore Boots'],
      [expect.any(String), '', 'Made Here'],
    ]);
    expect((await readImport(files.xlsx, 'export.xlsx', '')).records.map((r) => r.values.sourceId)).toEqual([
      'fs8dK2mQpL0aZ1',
      'fs9xY7',
      '',
    ]);
    expect(JSON.parse(files.json.toString('utf8')).map((p: { sourceId: string | null }) => p.sourceId)).toEqual([
      'fs8dK2mQpL0aZ1',
      'fs9xY7',
      null,
    ]);

    // The products are made again from the original export: new ids, the same source ids. Each export still finds
    // them, by source id, and changes nothing (the product made here, without one, comes back as new).
    await clearCatalogue(ctx.database);
    await commit((await preview('export.json', fixture('firestore.json'))).id);
    for (const format of ['csv', 'xlsx', 'json'] as const) {
      const again = await preview(`back.${format}`, files[format]);
      expect(again.counts, format).toEqual({ new: 1, updated: 0, unchanged: 2, invalid: 0 });
    }
  }, 90_000); // ten files read, each in a reader process of its own (decision 0049)

  it('reads a JSON array of products', async () => {
    const result = await preview('products.json', fixture('array.json'));
    expect(result).toMatchObject({ format: 'json', counts: { new: 2, invalid: 0 }, newCategories: ['Accessories'] });
    await commit(result.id);
    expect(await products()).toEqual([
      expect.objectContaining({ title: 'Array Bag', category: 'Accessories', gender: 'Unisex', is_best_product: true }),
      expect.objectContaining({ title: 'Array Belt', gender: 'Kids', link: 'https://store.example/belt' }),
    ]);
    expect((await ctx.database.rows<{ name: string }>(sql`select name from categories where name = 'Accessories'`)).length).toBe(1);
  });

  it('a cancelled preview writes nothing and cannot be committed', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `Item ${i},${i + 1},https://store.example/c/${i}`);
    const result = await preview('many.csv', Buffer.from(`title,price,link\n${lines.join('\n')}\n`));
    const cancelled = await send(ctx.app, 'POST', `/api/admin/imports/${result.id}/cancel`, { cookie: admin });
    expect(cancelled.json<Import>().status).toBe('cancelled');
    expect((await send(ctx.app, 'POST', `/api/admin/imports/${result.id}/commit`, { cookie: admin, body: {} })).statusCode).toBe(409);
    expect(await products()).toEqual([]);
  });
});

const CHANGE_LIMIT = { timeoutMs: CHANGE_STATEMENT_TIMEOUT_MS };

describe('a running import', () => {
  it('stops between batches when cancelled; what it wrote can be undone', async () => {
    // A service of its own with batches of one row, whose third batch asks to cancel as an admin's Cancel would
    // (between batches, while most rows are still to write).
    const repo = createImportsRepo(ctx.database);
    let importId = '';
    let batches = 0;
    // A batch is a unit of work's transaction that wrote rows: the cancel comes once it has committed.
    let wroteRows = false;
    const unitOfWork = createUnitOfWork(ctx.database, (db) => {
      const repos = changeReposOn(db);
      const writeBatch: typeof repos.imports.writeBatch = (...args) => {
        wroteRows = true;
        return repos.imports.writeBatch(...args);
      };
      return { ...repos, imports: { ...repos.imports, writeBatch } };
    });
    const transaction: typeof unitOfWork.transaction = async (work, limit) => {
      wroteRows = false;
      const result = await unitOfWork.transaction(work, limit);
      if (wroteRows && ++batches === 3) await service.cancel(importId);
      return result;
    };
    const service = createImportsService({
      repo,
      unitOfWork: { transaction, limit: CHANGE_LIMIT },
      storage: ctx.storage,
      log: { error: () => undefined, warn: () => undefined },
      allowPrivateHosts: true,
      batchRows: 1,
    });
    const actor = { id: null, email: 'import-admin@example.com' };
    const lines = Array.from({ length: 200 }, (_, i) => `Batch Item ${i},${i + 1},https://store.example/b/${i}`);
    const source = {
      kind: 'file' as const,
      name: 'many.csv',
      contentType: 'text/csv',
      body: Buffer.from(`title,price,link\n${lines.join('\n')}\n`),
    };
    const previewed = await service.preview(actor, source, { origin: TEST_ORIGIN });
    importId = previewed.id;
    await service.commit(actor, previewed.id, undefined);
    await service.job(previewed.id);
    const stopped = await service.get(previewed.id);
    expect(stopped.status).toBe('cancelled');
    expect(stopped.result?.created).toBe(3);
    expect(stopped.canUndo).toBe(true);
    const written = (await products()).length;
    expect(written).toBe(stopped.result?.created);
    const undone = await service.undo(actor, previewed.id);
    expect(undone.result?.undo).toEqual({ restored: written, skipped: 0 });
    expect(await products()).toEqual([]);
    await service.close();
  });

  it('sizes each batch from the time of the one before: small while the database is slow, up to the most rows when quick', async () => {
    const repo = createImportsRepo(ctx.database);
    const sizes: number[] = [];
    const unitOfWork = createUnitOfWork(ctx.database, (db) => {
      const repos = changeReposOn(db);
      const writeBatch: typeof repos.imports.writeBatch = async (...args) => {
        const written = await repos.imports.writeBatch(...args);
        sizes.push(written.created + written.updated + written.skipped);
        return written;
      };
      return { ...repos, imports: { ...repos.imports, writeBatch } };
    });
    const run = async (batchTargetMs: number | (() => number), word: string) => {
      sizes.length = 0;
      const service = createImportsService({
        repo,
        unitOfWork: { transaction: unitOfWork.transaction, limit: CHANGE_LIMIT },
        storage: ctx.storage,
        log: { error: () => undefined, warn: () => undefined },
        allowPrivateHosts: true,
        batchRows: 400,
        batchTargetMs,
      });
      const lines = Array.from({ length: 1250 }, (_, i) => `${word} Item ${i},${i + 1},https://store.example/${word}/${i}`);
      const source = {
        kind: 'file' as const,
        name: `${word}.csv`,
        contentType: 'text/csv',
        body: Buffer.from(`title,price,link\n${lines.join('\n')}\n`),
      };
      const previewed = await service.preview({ id: null, email: 'import-admin@example.com' }, source, { origin: TEST_ORIGIN });
      await service.commit({ id: null, email: 'import-admin@example.com' }, previewed.id, undefined);
      await service.job(previewed.id);
      expect((await service.get(previewed.id)).result?.created).toBe(1250);
      await service.close();
      return [...sizes];
    };
    // No batch can meet a target of a microsecond: every batch is one step (100 rows).
    expect(await run(0.001, 'Slowdb')).toEqual([...Array<number>(12).fill(100), 50]);
    // Every batch meets a target of a minute: one step, then twice as many each time, up to the most (400 rows).
    expect(await run(60_000, 'Quickdb')).toEqual([100, 200, 400, 400, 150]);
    // The target read as each batch starts (the embedded database's: short while visitors are about): two quick
    // batches' worth of a quiet site, then visitors arrive and the next batch is one step again.
    let asked = 0;
    expect(await run(() => (++asked <= 2 ? 60_000 : 0.001), 'Visitedb')).toEqual([100, 200, 400, 100, 100, 100, 100, 100, 50]);
    const clock = { visitor: 5000, crowded: Infinity };
    const target = importBatchTargetMs({ sinceVisitorMs: () => clock.visitor, sinceCrowdedMs: () => clock.crowded });
    expect(typeof target === 'function' && target()).toBe(IMPORT_BATCH_TARGET_MS.pglite.quiet);
    clock.visitor = 10;
    expect(typeof target === 'function' && target()).toBe(IMPORT_BATCH_TARGET_MS.pglite.visitors);
    clock.crowded = 10;
    expect(typeof target === 'function' && target()).toBe(IMPORT_BATCH_TARGET_MS.pglite.crowded);
    expect(importBatchTargetMs({})).toBe(IMPORT_BATCH_TARGET_MS.postgres);
  });
});

describe('imports from an address and their images', () => {
  it('reads a CSV address, fetches its images once, and lists those it could not fetch', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    served.set('/coat.png', { type: 'image/png', body: png });
    served.set('/not-an-image.png', { type: 'image/png', body: Buffer.from('hello') });
    served.set('/sheet.csv', {
      type: 'text/csv',
      body: Buffer.from(
        `title,price,image,link\nCoat,10,${filesUrl}/coat.png,https://s.example/1\nCoat Two,11,${filesUrl}/coat.png,https://s.example/2\n` +
          `Broken,12,${filesUrl}/not-an-image.png,https://s.example/3\n`,
      ),
    });
    const res = await send(ctx.app, 'POST', '/api/admin/imports', { cookie: admin, body: { url: `${filesUrl}/sheet.csv` } });
    expect(res.statusCode, res.body).toBe(201);
    const done = await commit(res.json<Import>().id);
    expect(done.result).toMatchObject({
      created: 3,
      imagesFetched: 1,
      imageFailures: [expect.objectContaining({ row: 4, column: 'image' })],
    });
    const rows = await products();
    expect(rows[0]?.image).toMatch(/^\/media\/items\/\d+_[0-9a-f]{6}_coat\.png$/);
    expect(rows[1]?.image).toBe(rows[0]?.image);
    // A picture that could not be fetched leaves its product without one (not a broken address).
    expect(rows[2]?.image).toBeNull();
    expect(done.pictures).toEqual({ total: 2, fetched: 1, failed: 1 });
    const again = await send(ctx.app, 'POST', '/api/admin/imports', { cookie: admin, body: { url: `${filesUrl}/sheet.csv` } });
    // The product whose picture failed is an update: importing the file again tries its picture again.
    expect(again.json<Import>().counts).toMatchObject({ unchanged: 2, updated: 1 });
  });

  it('writes the products first and gives up on a host that keeps failing, without asking it for every row', async () => {
    let connections = 0;
    const dead = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
    try {
      const lines = Array.from({ length: 40 }, (_, i) => `Dead Host Item ${i},${i + 1},${deadUrl}/p/${i}.jpg,https://dead.example/${i}`);
      const result = await preview('dead.csv', Buffer.from(`title,price,image,link\n${lines.join('\n')}\n`));
      const started = await send(ctx.app, 'POST', `/api/admin/imports/${result.id}/commit`, { cookie: admin, body: {} });
      expect(started.statusCode).toBe(202);
      // Live before any picture: every product is there (without a picture) while the pictures are fetched.
      let live = 0;
      for (let i = 0; i < 200 && live < 40; i++) {
        live = (await products()).length;
        if (live < 40) await new Promise((r) => setTimeout(r, 25));
      }
      expect(live).toBe(40);
      const done = await commit(result.id, undefined, false);
      expect(done.status).toBe('succeeded');
      expect(done.pictures).toEqual({ total: 40, fetched: 0, failed: 40 });
      expect((await products()).every((p) => p.image === null)).toBe(true);
      expect(connections).toBeLessThanOrEqual(8);
      expect(done.result?.imageFailures.filter((f) => /not asked again/.test(f.message)).length).toBeGreaterThanOrEqual(30);
      // The Items tab's "Picture" filter finds them.
      const list = async (q: string) =>
        (await send(ctx.app, 'GET', `/api/admin/products?${q}`, { cookie: admin })).json<AdminProductPage>().total;
      expect(await list('picture=none')).toBe(40);
      expect(await list('picture=some')).toBe(0);
      expect(await list('picture=any')).toBe(40);
      expect((await send(ctx.app, 'GET', '/api/admin/products?picture=maybe', { cookie: admin })).statusCode).toBe(400);
    } finally {
      await new Promise((resolve) => dead.close(resolve));
    }
  });

  it('can be undone while its pictures are still fetched, and sets no picture after', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3c3' } })
      .png()
      .toBuffer();
    let answered = 0;
    const slow = http.createServer((_req, res) => {
      setTimeout(() => {
        answered += 1;
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      }, 1500);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const lines = Array.from({ length: 5 }, (_, i) => `Slow Item ${i},${i + 1},${slowUrl}/p/${i}.png,https://slow.example/${i}`);
      const result = await preview('slow.csv', Buffer.from(`title,price,image,link\n${lines.join('\n')}\n`));
      expect((await send(ctx.app, 'POST', `/api/admin/imports/${result.id}/commit`, { cookie: admin, body: {} })).statusCode).toBe(202);
      let state = result;
      for (let i = 0; i < 200 && !(state.status === 'running' && state.pictures !== null); i++) {
        state = (await send(ctx.app, 'GET', `/api/admin/imports/${result.id}`, { cookie: admin })).json<Import>();
        if (state.pictures === null) await new Promise((r) => setTimeout(r, 20));
      }
      expect(state).toMatchObject({ status: 'running', canUndo: true, progress: { processed: 5, total: 5 } });
      const undone = await send(ctx.app, 'POST', `/api/admin/imports/${result.id}/undo`, { cookie: admin });
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json<Import>().status).toBe('undone');
      expect(await products()).toEqual([]);
      await new Promise((r) => setTimeout(r, 2000));
      expect(answered).toBeGreaterThan(0);
      expect((await send(ctx.app, 'GET', `/api/admin/imports/${result.id}`, { cookie: admin })).json<Import>().status).toBe('undone');
    } finally {
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});

// Issue 39: a probe's findings on both databases.
describe('odd requests get a clear answer', () => {
  it('refuses a CSV header or a JSON key with a NUL character with a 400 that names it', async () => {
    const csv = await upload('nul.csv', Buffer.from('title\u0000x,price\nJacket,10\n'));
    expect(csv.statusCode, csv.body).toBe(400);
    expect(csv.json<{ message: string }>().message).toMatch(/^The header of column 1 \("title\u2400x"\) holds a NUL character/);
    const json = await upload('nul.json', Buffer.from(JSON.stringify([{ 'ti\u0000tle': 'Jacket', price: 10 }])));
    expect(json.statusCode, json.body).toBe(400);
    expect(json.json<{ message: string }>().message).toMatch(/^The field name "ti\u2400tle" holds a NUL character/);
    // In a value it is only taken out, as other control characters are.
    expect((await upload('value.csv', Buffer.from('title,price\nJack\u0000et,10\n'))).statusCode).toBe(201);
  });

  it('commits with no body at all, with or without a JSON content type (the body is optional)', async () => {
    for (const [i, headers] of [{}, { 'content-type': 'application/json' }].entries()) {
      const result = await preview('nobody.csv', Buffer.from(`title,price,link\nJacket ${i},10,https://nobody.example/${i}\n`));
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/imports/${result.id}/commit`,
        headers: { origin: TEST_ORIGIN, cookie: admin, ...headers },
      });
      expect(res.statusCode, res.body).toBe(202);
      expect((await commit(result.id, undefined, false)).status).toBe('succeeded');
    }
    const result = await preview('bad-json.csv', Buffer.from('title,price\nJacket,10\n'));
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${result.id}/commit`,
      headers: { origin: TEST_ORIGIN, cookie: admin, 'content-type': 'application/json' },
      payload: '{"policy":',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('an import no process runs (after a crash)', () => {
  async function orphan(): Promise<string> {
    const lines = Array.from({ length: 3 }, (_, i) => `Orphan ${i},${i + 1},https://orphan.example/${i}`);
    const result = await preview('orphan.csv', Buffer.from(`title,price,link\n${lines.join('\n')}\n`));
    // Committed by a process that stopped before its job was sent, a while ago.
    await createUnitOfWork(ctx.database, changeReposOn).transaction(({ imports }) =>
      imports.claim(result.id, 'valid', { id: null, email: 'import-admin@example.com' }, 'Import of orphan.csv'),
    );
    await ctx.database.rows(sql`update imports set heartbeat_at = now() - interval '10 minutes' where id = ${result.id}::uuid`);
    return result.id;
  }

  it('is cancelled at once by Cancel', async () => {
    const id = await orphan();
    const res = await send(ctx.app, 'POST', `/api/admin/imports/${id}/cancel`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<Import>()).toMatchObject({
      status: 'cancelled',
      result: { message: expect.stringMatching(/no process was running it/) },
    });
  });

  // Issue 39: on PostgreSQL, for 30 s after a crash Cancel answered OK and the import stayed "running".
  it('is cancelled at once when its runner is known gone, though its heartbeat is fresh', async () => {
    const id = await orphan();
    // Touched a moment ago by this process, which runs it no longer (its job is not waiting): alive, so Cancel asks.
    await ctx.database.rows(sql`update imports set heartbeat_at = now(), runner = ${ctx.database.instance} where id = ${id}::uuid`);
    const asked = await send(ctx.app, 'POST', `/api/admin/imports/${id}/cancel`, { cookie: admin });
    expect(asked.json<Import>().status).toBe('running');
    // One import runs at a time: this one ends before the next is claimed.
    await ctx.database.rows(sql`update imports set status = 'failed', finished_at = now() where id = ${id}::uuid`);

    // Another process's import, alive while its connection is there (PostgreSQL; the embedded database has one process).
    const other = await orphan();
    await ctx.database.rows(sql`update imports set heartbeat_at = now(), runner = 'finder-crashed-1' where id = ${other}::uuid`);
    if (ctx.database.kind === 'postgres') {
      const { FINDER_TEST_PG_URL } = process.env;
      const live = new pg.Client({ connectionString: FINDER_TEST_PG_URL, application_name: 'finder-crashed-1' });
      await live.connect();
      try {
        expect((await send(ctx.app, 'POST', `/api/admin/imports/${other}/cancel`, { cookie: admin })).json<Import>().status).toBe(
          'running',
        );
      } finally {
        await live.end();
      }
      // Its connection closed as a crash closes it.
      for (let i = 0; i < 50 && (await ctx.database.processAlive('finder-crashed-1')); i++) await new Promise((r) => setTimeout(r, 20));
    }
    const res = await send(ctx.app, 'POST', `/api/admin/imports/${other}/cancel`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<Import>()).toMatchObject({
      status: 'cancelled',
      result: { message: expect.stringMatching(/no process was running it/) },
    });
    expect((await send(ctx.app, 'POST', `/api/admin/imports/${other}/undo`, { cookie: admin })).statusCode).not.toBe(409);
  });

  it('is failed when read, not left running', async () => {
    const id = await orphan();
    const state = (await send(ctx.app, 'GET', `/api/admin/imports/${id}`, { cookie: admin })).json<Import>();
    expect(state).toMatchObject({ status: 'failed', result: { message: expect.stringMatching(/server stopped/) } });
  });

  it('refuses private, loopback and link-local addresses unless IMPORT_ALLOW_PRIVATE_HOSTS is set', async () => {
    const strict = await createTestApp({ importAllowPrivateHosts: false });
    try {
      const cookie = await signedInAs(strict.app, 'strict-admin@example.com', { isAdmin: true });
      for (const url of [
        `${filesUrl}/sheet.csv`,
        'http://localhost:9/x.csv',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/x.csv',
        'http://10.1.2.3/x.csv',
      ]) {
        const res = await send(strict.app, 'POST', '/api/admin/imports', { cookie, body: { url } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json<{ message: string }>().message, url).toMatch(/private, loopback or link-local/);
      }
      expect((await send(strict.app, 'POST', '/api/admin/imports', { cookie, body: { url: 'ftp://example.com/x.csv' } })).statusCode).toBe(
        400,
      );
    } finally {
      await strict.close();
    }
  });
});
