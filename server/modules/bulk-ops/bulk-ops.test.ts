import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_SAMPLE_LIMIT, CATEGORY_RULES, categoryFromTitle, keywordRegExp } from '../../../common/bulk-op-rules';
import type { AuditPage } from '../../../common/schemas/audit';
import type { BulkResult, CategoryStats } from '../../../common/schemas/bulk-op';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertCategories, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let developer = '';
let admin = '';
let user = '';

beforeAll(async () => {
  ctx = await createTestApp();
  developer = await signedInAs(ctx.app, 'ops-dev@example.com', { isAdmin: true, isDev: true });
  admin = await signedInAs(ctx.app, 'ops-admin@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'ops-user@example.com');
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * The known fixture: every rule's hits, near misses that whole-word matching must leave alone ("Bootcut", "Baggy",
 * "Raincoat", "Pantsuit", "Steel Toe"), spellings that differ in case, and blank categories for the women's rule.
 */
const FIXTURE = [
  { title: 'Slim Blue Jeans', category: 'Shoes', gender: 'Men' },
  { title: 'Cargo Shorts', category: 'Shorts', gender: 'Men' },
  { title: 'Track Pants', category: 'Pants', gender: 'Men' },
  { title: 'Wide Pant', category: 'pants', gender: 'Unisex' },
  { title: 'Bootcut Denim', category: null, gender: 'Women' },
  { title: 'Pantsuit Blazer', category: 'Jackets', gender: 'Women' },
  { title: 'Graphic Tee', category: 'T-Shirts', gender: 'Women' },
  { title: 'Oversized T-Shirt', category: '', gender: 'Women' },
  { title: 'Steel Toe Work Boots', category: null, gender: 'Women' },
  { title: 'Polo Shirt', category: 'Shirts', gender: 'Men' },
  { title: 'Canvas Tote Bag', category: null, gender: 'Women' },
  { title: 'Baggy Sweatpants', category: null, gender: 'Women' },
  { title: 'What a Hat', category: 'Accessories', gender: null },
  { title: 'Running Sneakers', category: 'Shoes', gender: null },
  { title: 'Puffer Coat', category: 'Jackets', gender: 'Kids' },
  { title: 'Zip Hoodie', category: 'Hoodies', gender: 'Men' },
  { title: 'Raincoat', category: 'Jackets', gender: 'Men' },
  { title: 'Leather Belts', category: '   ', gender: 'Women' },
  { title: 'Knit Sweater', category: null, gender: 'Women' },
  { title: 'Cargo Jacket', category: 'Shoes', gender: 'Women' },
];

beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await ctx.database.db.execute(sql`delete from audit_log`);
  await insertCategories(
    ctx.database,
    ['Shoes', 'Hoodies', 'Jackets', 'Pants', 'T-Shirts', 'Accessories', 'Shorts'].map((name, i) => ({ name, relevance: i + 1 })),
  );
  await insertProducts(ctx.database, FIXTURE);
});

const run = (operation: string, cookie = developer) => send(ctx.app, 'POST', `/api/admin/bulk-ops/${operation}`, { cookie });
async function ok(operation: string): Promise<BulkResult> {
  const res = await run(operation);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BulkResult>();
}
const categoryOf = async (title: string) =>
  (await ctx.database.rows<{ category: string | null }>(sql`select category from products where title = ${title}`))[0]?.category;
const categoryNames = async () =>
  (await ctx.database.rows<{ name: string }>(sql`select name from categories order by relevance, name`)).map((r) => r.name);
const changedTitles = (result: BulkResult) => result.updates.map((u) => u.title).sort();

describe('the keyword rules', () => {
  it('match whole words in any case, plurals included, and nothing inside other words', () => {
    const pants = keywordRegExp(CATEGORY_RULES[0].keywords);
    expect(['JEANS', 'Cargos', 'cargo shorts', 'Wide Pant', 'Track Pants', 'pants.', '(jeans)'].every((t) => pants.test(t))).toBe(true);
    expect(['Pantsuit', 'Sweatpants', 'Pantry', 'Cargoship'].some((t) => pants.test(t))).toBe(false);
    expect(categoryFromTitle('Graphic Tee')).toBe('Shirts');
    expect(categoryFromTitle('Tees')).toBe('Shirts');
    expect(categoryFromTitle('Oversized T-Shirt')).toBe('Shirts');
    expect(categoryFromTitle('Steel Toe Boots')).toBe('Shoes');
    expect(categoryFromTitle('Teen Dress')).toBeNull();
    expect(categoryFromTitle('Bootcut Denim')).toBeNull();
    expect(categoryFromTitle('Baggy Sweatpants')).toBeNull();
    expect(categoryFromTitle('What a cap')).toBeNull();
    // First rule in table order wins.
    expect(categoryFromTitle('Cargo Jacket')).toBe('Pants');
  });

  it('are plain lower-case words, so the patterns need no escaping', () => {
    for (const rule of CATEGORY_RULES) for (const word of rule.keywords) expect(word).toMatch(/^[a-z]+(?:-[a-z]+)?$/);
  });

  it('give the same answers in PostgreSQL as in JavaScript', async () => {
    for (const rule of CATEGORY_RULES) {
      const res = await ok(rule.operation);
      const expected = FIXTURE.filter((p) => keywordRegExp(rule.keywords).test(p.title)).length;
      expect(res.matchedProducts, rule.operation).toBe(expected);
    }
  });
});

describe('preview and undo (issue 15)', () => {
  it('a preview counts and samples what a run would change, and changes nothing', async () => {
    const before = await ctx.database.rows(sql`select id, category, gender, updated_at from products order by id`);
    const res = await send(ctx.app, 'GET', '/api/admin/bulk-ops/update-pants/preview', { cookie: developer });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<BulkResult>();
    const run = await ok('update-pants');
    expect(preview).toMatchObject({ operation: run.operation, matchedProducts: run.matchedProducts, updatedCount: run.updatedCount });
    expect(changedTitles(preview)).toEqual(changedTitles(run));
    const women = (await send(ctx.app, 'GET', '/api/admin/bulk-ops/update-women/preview', { cookie: developer })).json<BulkResult>();
    const gender = (await send(ctx.app, 'GET', '/api/admin/bulk-ops/add-gender/preview', { cookie: developer })).json<BulkResult>();
    expect(before.length).toBe(FIXTURE.length);
    const womenRun = await ok('update-women');
    expect(women).toMatchObject({ matchedProducts: womenRun.matchedProducts, updatedCount: womenRun.updatedCount });
    expect(changedTitles(women)).toEqual(changedTitles(womenRun));
    expect(gender.updatedCount).toBe(FIXTURE.filter((p) => p.gender === null).length);
    expect((await send(ctx.app, 'GET', '/api/admin/bulk-ops/update-pants/preview', { cookie: admin })).statusCode).toBe(403);
  });

  it('Undo puts back every category a run changed, once; the audit log says so', async () => {
    const before = await ctx.database.rows(sql`select title, category, gender from products order by title`);
    const run = await ok('update-jackets');
    expect(run.changeId).toEqual(expect.any(String));
    const undo = await send(ctx.app, 'POST', `/api/admin/bulk-ops/changes/${run.changeId}/undo`, { cookie: developer });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ restored: run.updatedCount, skipped: 0 });
    expect(await ctx.database.rows(sql`select title, category, gender from products order by title`)).toEqual(before);
    expect((await send(ctx.app, 'POST', `/api/admin/bulk-ops/changes/${run.changeId}/undo`, { cookie: developer })).statusCode).toBe(409);
    const genders = await ok('add-gender');
    await send(ctx.app, 'POST', `/api/admin/bulk-ops/changes/${genders.changeId}/undo`, { cookie: developer });
    expect(await ctx.database.rows(sql`select title, category, gender from products order by title`)).toEqual(before);
    expect((await send(ctx.app, 'POST', `/api/admin/bulk-ops/changes/${run.changeId}/undo`, { cookie: admin })).statusCode).toBe(403);
  });

  it('a run that changes nothing leaves nothing to undo', async () => {
    await ok('update-pants');
    expect((await ok('update-pants')).changeId).toBeNull();
  });
});

describe('POST /api/admin/bulk-ops/:operation', () => {
  it('Update Pants Category: matched titles get Pants, in the list spelling; those already there are left alone', async () => {
    const before = (await ctx.database.rows<{ updated_at: Date }>(sql`select updated_at from products where title = 'Slim Blue Jeans'`))[0];
    const result = await ok('update-pants');
    expect(result).toMatchObject({
      operation: 'Update Pants Category',
      totalProcessed: FIXTURE.length,
      matchedProducts: 5,
      updatedCount: 4,
      message: null,
    });
    expect(changedTitles(result)).toEqual(['Cargo Jacket', 'Cargo Shorts', 'Slim Blue Jeans', 'Wide Pant']);
    expect(result.updates.find((u) => u.title === 'Wide Pant')).toMatchObject({
      oldCategory: 'pants',
      newCategory: 'Pants',
      gender: 'Unisex',
      currentTitle: 'Wide Pant',
      newGender: null,
    });
    expect(await categoryOf('Cargo Shorts')).toBe('Pants');
    expect(await categoryOf('Pantsuit Blazer')).toBe('Jackets');
    const after = (await ctx.database.rows<{ updated_at: Date }>(sql`select updated_at from products where title = 'Slim Blue Jeans'`))[0];
    expect(new Date(after?.updated_at ?? 0).getTime()).toBeGreaterThan(new Date(before?.updated_at ?? 0).getTime());
  });

  it('Update Shirt Category adds Shirts to the category list when it is missing, and says so', async () => {
    const result = await ok('update-shirts');
    expect(result).toMatchObject({ matchedProducts: 3, updatedCount: 2, message: 'Shirts was added to the category list.' });
    expect(changedTitles(result)).toEqual(['Graphic Tee', 'Oversized T-Shirt']);
    expect(await categoryNames()).toEqual(['Shoes', 'Hoodies', 'Jackets', 'Pants', 'T-Shirts', 'Accessories', 'Shorts', 'Shirts']);
    expect(await categoryOf('Steel Toe Work Boots')).toBeNull();
  });

  it('Update Shoe, Jacket and Accessories: whole words only', async () => {
    expect(await ok('update-shoes')).toMatchObject({ operation: 'Update Shoe Category', matchedProducts: 2, updatedCount: 1 });
    expect(await categoryOf('Bootcut Denim')).toBeNull();
    const jackets = await ok('update-jackets');
    expect(jackets).toMatchObject({ operation: 'Update Jacket Category', matchedProducts: 3, updatedCount: 2 });
    expect(changedTitles(jackets)).toEqual(['Cargo Jacket', 'Zip Hoodie']);
    expect(await categoryOf('Raincoat')).toBe('Jackets');
    const accessories = await ok('update-accessories');
    expect(accessories).toMatchObject({ operation: 'Update Accessories', matchedProducts: 3, updatedCount: 2 });
    expect(changedTitles(accessories)).toEqual(['Canvas Tote Bag', 'Leather Belts']);
    expect(await categoryOf('Baggy Sweatpants')).toBeNull();
  });

  it('says when nothing matched, or everything was already right', async () => {
    await ok('update-pants');
    expect((await ok('update-pants')).message).toBe('5 matching products were already in Pants.');
    await ctx.database.db.execute(sql`delete from products where title ~* 'jeans|pant|cargo'`);
    expect(await ok('update-pants')).toMatchObject({
      matchedProducts: 0,
      updatedCount: 0,
      message: 'No product title has the words jeans, pants, cargo or pant.',
      updates: [],
    });
  });

  it("Update Women Categories: only women's products without a category, and only when the title names one", async () => {
    const result = await ok('update-women');
    expect(result).toMatchObject({
      operation: 'Update Women Categories',
      totalProcessed: FIXTURE.length,
      matchedProducts: 7,
      updatedCount: 4,
      message:
        "3 women's products without a category were skipped: no category could be derived from the title. " +
        'Shirts was added to the category list.',
    });
    expect(Object.fromEntries(result.updates.map((u) => [u.title, u.newCategory]))).toEqual({
      'Canvas Tote Bag': 'Accessories',
      'Leather Belts': 'Accessories',
      'Oversized T-Shirt': 'Shirts',
      'Steel Toe Work Boots': 'Shoes',
    });
    // Skipped: no category in the title; not touched: already categorised, or not women's.
    for (const title of ['Bootcut Denim', 'Baggy Sweatpants', 'Knit Sweater']) expect(await categoryOf(title)).toBeNull();
    expect(await categoryOf('Cargo Jacket')).toBe('Shoes');
    expect(await categoryOf('Graphic Tee')).toBe('T-Shirts');
    expect((await ok('update-women')).message).toBe(
      "3 women's products without a category were skipped: no category could be derived from the title.",
    );
  });

  it('Add Gender Property sets Men where the gender is missing, and only there', async () => {
    const result = await ok('add-gender');
    expect(result).toMatchObject({ operation: 'Add Gender Property', matchedProducts: 2, updatedCount: 2, message: null });
    expect(result.updates.map((u) => [u.title, u.newGender, u.newCategory])).toEqual([
      ['Running Sneakers', 'Men', null],
      ['What a Hat', 'Men', null],
    ]);
    const genders = await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from products where gender is null`);
    expect(genders[0]?.n).toBe(0);
    expect(await ok('add-gender')).toMatchObject({ matchedProducts: 0, updatedCount: 0, message: 'Every product already has a gender.' });
  });

  it(`returns at most ${BULK_SAMPLE_LIMIT} samples, by title, while counting every change`, async () => {
    await insertProducts(
      ctx.database,
      Array.from({ length: 25 }, (_, i) => ({ title: `Zz Boot ${String(i).padStart(2, '0')}`, category: null })),
    );
    const result = await ok('update-shoes');
    expect(result.updatedCount).toBe(26);
    expect(result.updates).toHaveLength(BULK_SAMPLE_LIMIT);
    expect(result.updates[0]?.title).toBe('Steel Toe Work Boots');
  });

  it('answers 400 for an unknown operation', async () => {
    const res = await run('drop-everything');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/operation must be one of update-pants/);
  });

  it('is for developers only: 401 signed out, 403 for a user and for an admin who is not a developer', async () => {
    expect((await run('update-pants', '')).statusCode).toBe(401);
    expect((await run('update-pants', user)).statusCode).toBe(403);
    const res = await run('update-pants', admin);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe('This needs developer privileges.');
    expect(await categoryOf('Cargo Shorts')).toBe('Shorts');
  });
});

describe('one run at a time, all or nothing, in the audit log', () => {
  const auditLog = async (cookie = admin) => {
    const res = await send(ctx.app, 'GET', '/api/admin/audit-log?action=bulk-op', { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>();
  };

  it('records who ran which operation, when, and its counts; an admin can read it', async () => {
    await ok('update-pants');
    const log = await auditLog();
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({
      action: 'bulk-op',
      subject: 'update-pants',
      status: 'succeeded',
      actorEmail: 'ops-dev@example.com',
      details: { operation: 'Update Pants Category', totalProcessed: FIXTURE.length, matchedProducts: 5, updatedCount: 4, message: null },
    });
    expect(log.items[0]?.finishedAt).not.toBeNull();
    expect((await send(ctx.app, 'GET', '/api/admin/audit-log', { cookie: user })).statusCode).toBe(403);
  });

  it('refuses a run while another is running (in this or any other process) and changes nothing', async () => {
    await ctx.database.db.execute(
      sql`insert into audit_log (action, subject, status, actor_email) values ('bulk-op', 'update-pants', 'running', 'other@example.com')`,
    );
    const same = await run('update-pants');
    expect(same.statusCode).toBe(409);
    expect(same.json<{ message: string }>().message).toMatch(
      /^Update Pants Category is already running \(started by other@example.com at \d\d:\d\d:\d\d UTC\)\. Wait for it to finish, then try again\.$/,
    );
    const other = await run('add-gender');
    expect(other.statusCode).toBe(409);
    expect(other.json<{ message: string }>().message).toMatch(/^Update Pants Category is running \(started by other@example.com/);
    expect(await categoryOf('Cargo Shorts')).toBe('Shorts');
    expect((await auditLog()).items.map((e) => e.status)).toEqual(['running']);
  });

  it('two clicks at once: one runs, the other is refused or runs after it, never both at the same time', async () => {
    const results = await Promise.all([run('update-pants'), run('update-pants')]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const log = await auditLog();
    expect(log.items.filter((e) => e.status === 'succeeded')).toHaveLength(statuses.filter((s) => s === 200).length);
    expect(log.items.some((e) => e.status === 'running')).toBe(false);
  });

  it('takes over from a run whose process died long ago', async () => {
    await ctx.database.db.execute(
      sql`insert into audit_log (action, subject, status, actor_email, created_at)
          values ('bulk-op', 'update-pants', 'running', 'gone@example.com', now() - interval '1 day')`,
    );
    await ok('update-pants');
    expect((await auditLog()).items.map((e) => e.status)).toEqual(['succeeded', 'abandoned']);
  });

  it('rolls every change back when one product cannot be written, and logs the failure', async () => {
    await ctx.database.db.execute(sql`
      create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.title = 'Boom Jeans' then raise exception 'refused by test trigger'; end if;
        return new;
      end $$`);
    await ctx.database.db.execute(sql`create trigger refuse_boom before update on products for each row execute function refuse_boom()`);
    try {
      await insertProducts(ctx.database, [{ title: 'Boom Jeans', category: 'Shoes' }]);
      const res = await run('update-pants');
      expect(res.statusCode).toBe(500);
      expect(await categoryOf('Cargo Shorts')).toBe('Shorts');
      expect(await categoryOf('Slim Blue Jeans')).toBe('Shoes');
      const [failed] = (await auditLog()).items;
      expect(failed).toMatchObject({ status: 'failed' });
      expect(String(failed?.details.error)).toMatch(/refused by test trigger/);
    } finally {
      await ctx.database.db.execute(sql`drop trigger if exists refuse_boom on products`);
    }
    // The failed run released its claim.
    expect((await ok('update-pants')).updatedCount).toBe(5);
  });
});

describe('GET /api/admin/bulk-ops/category-stats', () => {
  it('counts products per category, largest first; case variants are one category, blank and missing are none', async () => {
    const res = await send(ctx.app, 'GET', '/api/admin/bulk-ops/category-stats', { cookie: developer });
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<CategoryStats>();
    expect(stats.total).toBe(FIXTURE.length);
    expect(stats.items).toEqual([
      { category: null, count: 7 },
      { category: 'Jackets', count: 3 },
      { category: 'Shoes', count: 3 },
      { category: 'Pants', count: 2 },
      { category: 'Accessories', count: 1 },
      { category: 'Hoodies', count: 1 },
      { category: 'Shirts', count: 1 },
      { category: 'Shorts', count: 1 },
      { category: 'T-Shirts', count: 1 },
    ]);
    expect((await send(ctx.app, 'GET', '/api/admin/bulk-ops/category-stats', { cookie: admin })).statusCode).toBe(403);
  });
});
