// Browsing's facet counts come from the search index (issue 29's storefront load, issue 27's speed): the same
// counts as the database's statement, for every filter, with products of no category or gender, groups of colours
// (each colour its own card while browsing) and hidden products (link gone) in the catalogue.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createCatalogueRepo } from './catalogue.repo';
import { SearchIndex, type IndexFilter } from './search-index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await clearCatalogue(ctx.database);
  const brands = ['Northfold', 'NORTHFOLD', 'Mono', 'Kinetic Lab', 'Soft Static'];
  const categories = ['Shoes', 'Jackets', 'shoes', null, 'Hoodies'];
  const genders = ['Men', 'Women', 'Unisex', 'Kids', null];
  await insertProducts(
    ctx.database,
    Array.from({ length: 60 }, (_, i) => ({
      title: `Item ${i}`,
      brand: brands[i % 5],
      category: categories[(i * 3) % 5],
      gender: genders[(i * 7) % 5],
      price: 10 + ((i * 37) % 90),
      isBestProduct: i % 4 === 0,
    })) as never,
  );
  // Colours of one group, and products whose link is gone (hidden from the finder).
  await ctx.database.db.execute(sql`update products set link = 'https://agent.example/group/' || (row % 3) where row % 5 = 1`);
  await ctx.database.db.execute(sql`update products set link_state = 'hidden' where row % 11 = 0`);
});
afterAll(async () => {
  await ctx?.close();
});

describe("browsing's facet counts", () => {
  it("are the database's, for every filter", async () => {
    const repo = createCatalogueRepo(ctx.database);
    const index = new SearchIndex();
    for (const row of await repo.indexRows()) index.upsert(row);
    const filters: IndexFilter[] = [
      {},
      { category: 'Shoes' },
      { gender: 'Men' },
      { gender: 'Kids' },
      { brands: ['northfold'] },
      { brands: ['mono', 'kinetic-lab'], category: 'Jackets' },
      { minPrice: 20, maxPrice: 60 },
      { best: true, gender: 'Women' },
    ];
    const sorted = <T>(m: Map<string, T>) => [...m].sort(([a], [b]) => a.localeCompare(b));
    for (const filter of filters) {
      const fromDatabase = await repo.facetCounts({
        category: filter.category,
        gender: filter.gender as never,
        best: filter.best,
        brands: filter.brands,
        minPrice: filter.minPrice,
        maxPrice: filter.maxPrice,
      });
      const fromIndex = index.browseFacets(filter);
      expect(
        { ...fromIndex, categories: sorted(fromIndex.categories), genders: sorted(fromIndex.genders) },
        JSON.stringify(filter),
      ).toEqual({
        ...fromDatabase,
        categories: sorted(fromDatabase.categories),
        genders: sorted(fromDatabase.genders),
      });
    }
  });
});
