import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, finderApiParams } from './finder-filters';
import { facetFilters } from './finder-keys';
import { brandMeta, finderMeta, missingBrandMeta } from './page-meta';
import { priceRangeText } from './price';
import { brandPath } from './product-urls';

describe('finder heads with the issue-14 filters', () => {
  const names = new Map([['northfold', 'Northfold']]);
  it('treat a sorted home page as the home page', () => {
    const meta = finderMeta({ ...DEFAULT_FILTERS, sort: 'newest' }, null);
    expect(meta).toMatchObject({ title: 'Finder · Fashion product finder', canonical: '/' });
  });
  it('point a view of one known brand alone at its page, and name brands and prices in the title', () => {
    expect(finderMeta({ ...DEFAULT_FILTERS, brands: ['northfold'], sort: 'popular' }, null, names)).toMatchObject({
      title: 'Northfold · Finder',
      canonical: '/brands/northfold',
    });
    // A slug nobody named may be no brand at all: home stays the canonical.
    expect(finderMeta({ ...DEFAULT_FILTERS, brands: ['nobody'] }, null, names).canonical).toBe('/');
    expect(finderMeta({ ...DEFAULT_FILTERS, search: 'coat', brands: ['northfold'], maxPrice: 50 }, null, names).title).toBe(
      '“coat” by Northfold under $50.00 · Finder',
    );
    expect(finderMeta({ ...DEFAULT_FILTERS, minPrice: 10 }, null).title).toBe('Products from $10.00 · Finder');
  });
  it('describe a price range', () => {
    expect(priceRangeText(10, 20)).toBe('$10.00–$20.00');
    expect(priceRangeText(null, null)).toBeNull();
  });
});

describe('brand heads', () => {
  it('give a brand its own title and canonical, and a missing one none', () => {
    const meta = brandMeta({ slug: 'harbor-pine', name: 'Harbor & Pine', count: 1 });
    expect(meta).toMatchObject({ title: 'Harbor & Pine · Finder', canonical: '/brands/harbor-pine', index: true });
    expect(meta.description).toContain('1 find');
    expect(missingBrandMeta).toMatchObject({ canonical: null, index: false });
    expect(brandPath('a b')).toBe('/brands/a%20b');
  });
});

describe('the question the page and the browser both ask', () => {
  it('leaves defaults out and joins brands', () => {
    expect(finderApiParams(DEFAULT_FILTERS)).toEqual({
      search: undefined,
      category: undefined,
      gender: undefined,
      best: undefined,
      brand: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      sort: undefined,
    });
    expect(
      finderApiParams({
        ...DEFAULT_FILTERS,
        search: ' cargo ',
        gender: 'Men',
        brands: ['b', 'a'],
        minPrice: 0,
        maxPrice: 9.5,
        sort: 'newest',
      }),
    ).toMatchObject({ search: 'cargo', gender: 'Men', brand: 'a,b', minPrice: '0', maxPrice: '9.5', sort: 'newest' });
  });
  it('leaves a crossed price range out, and the order out of the facets’ key', () => {
    expect(finderApiParams({ ...DEFAULT_FILTERS, minPrice: 50, maxPrice: 10 })).toEqual({});
    expect(facetFilters({ ...DEFAULT_FILTERS, sort: 'newest' })).not.toHaveProperty('sort');
  });
});
