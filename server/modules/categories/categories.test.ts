import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from '../../../common/constants';
import type { CategoryList } from '../../../common/schemas/category';
import { clearCatalogue, insertCategories } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createAuditRepo } from '../audit/audit.repo';
import { createCategoriesRepo } from './categories.repo';
import { createCategoriesService } from './categories.service';
import { createUnitOfWork } from '../../db/unit-of-work';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const list = async () => (await ctx.app.inject('/api/categories')).json<CategoryList>().items;

describe('GET /api/categories', () => {
  it('sorts by relevance, then by name case-insensitively', async () => {
    await clearCatalogue(ctx.database);
    await insertCategories(ctx.database, [
      { name: 'shorts', relevance: 2 },
      { name: 'Bags', relevance: 2 },
      { name: 'Zips', relevance: 1 },
      { name: 'Anoraks', relevance: 3 },
    ]);
    expect((await list()).map((c) => c.name)).toEqual(['Zips', 'Bags', 'shorts', 'Anoraks']);
  });

  it('seeds the eight defaults only when no category exists', async () => {
    const { transaction } = createUnitOfWork(ctx.database, (db) => ({ categories: createCategoriesRepo(db), audit: createAuditRepo(db) }));
    const service = createCategoriesService(createCategoriesRepo(ctx.database), transaction);
    expect(await service.ensureDefaults()).toBe(false);
    await clearCatalogue(ctx.database);
    expect(await service.ensureDefaults()).toBe(true);
    const names = (await list()).map((c) => c.name);
    expect(names).toEqual(['Shoes', 'Hoodies', 'Jackets', 'Pants', 'T-Shirts', 'Accessories', 'Shorts', 'Sweaters']);
    expect(names).toEqual(DEFAULT_CATEGORIES.map((c) => c.name));
    expect(await service.ensureDefaults()).toBe(false);
    expect(await list()).toHaveLength(8);
  });

  it('refuses a second category with the same name in another case', async () => {
    await expect(insertCategories(ctx.database, [{ name: 'SHOES' }])).rejects.toThrow();
  });
});
