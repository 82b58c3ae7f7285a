import { describe, expect, it } from 'vitest';
import { activeFilterChips } from './finder-chips';
import { DEFAULT_FILTERS, type FinderFilters } from './finder-filters';

const filters = (change: Partial<FinderFilters>): FinderFilters => ({ ...DEFAULT_FILTERS, ...change });

describe('activeFilterChips', () => {
  it('gives no chip without a filter, whatever the order', () => {
    expect(activeFilterChips(DEFAULT_FILTERS)).toEqual([]);
    expect(activeFilterChips(filters({ sort: 'price-asc' }))).toEqual([]);
  });

  it('gives one chip per active filter, each naming what it removes', () => {
    const f = filters({
      search: ' jeans ',
      category: 'Pants',
      gender: 'Men',
      best: true,
      brands: ['acme', 'zeta'],
      minPrice: 10,
      maxPrice: 50,
      sort: 'price-asc',
    });
    const chips = activeFilterChips(f, { brandNames: new Map([['acme', 'Acme']]) });
    expect(chips.map((c) => [c.label, c.removeLabel])).toEqual([
      ['Pants', 'Remove category Pants'],
      ['Men', 'Remove gender Men'],
      ['Best Products', 'Remove Best Products'],
      ['Acme', 'Remove brand Acme'],
      ['zeta', 'Remove brand zeta'],
      ['$10.00–$50.00', 'Remove price $10.00–$50.00'],
      ['“jeans”', 'Remove search “jeans”'],
    ]);
    expect(new Set(chips.map((c) => c.key)).size).toBe(chips.length);
  });

  it('removes exactly its own filter and keeps the order', () => {
    const f = filters({
      search: 'jeans',
      allWords: true,
      category: 'Pants',
      gender: 'Men',
      best: true,
      brands: ['a', 'b'],
      minPrice: 10,
      sort: 'newest',
    });
    const byKey = new Map(activeFilterChips(f).map((c) => [c.key, { ...f, ...c.change }]));
    expect(byKey.get('category')).toEqual({ ...f, category: 'All' });
    expect(byKey.get('gender')).toEqual({ ...f, gender: 'All' });
    expect(byKey.get('best')).toEqual({ ...f, best: false });
    expect(byKey.get('brand:a')).toEqual({ ...f, brands: ['b'] });
    expect(byKey.get('price')).toEqual({ ...f, minPrice: null, maxPrice: null });
    expect(byKey.get('search')).toEqual({ ...f, search: '', allWords: false });
  });

  it('says which bound a one-sided price range has', () => {
    expect(activeFilterChips(filters({ maxPrice: 50 }))[0]).toMatchObject({
      label: 'Under $50.00',
      removeLabel: 'Remove price under $50.00',
    });
    expect(activeFilterChips(filters({ minPrice: 10 }))[0]).toMatchObject({ label: 'From $10.00' });
  });

  it('echoes no control character from a typed address', () => {
    expect(activeFilterChips(filters({ category: 'a\u0000b' }))[0]).toMatchObject({ label: 'ab', removeLabel: 'Remove category ab' });
  });

  it('gives no chip to the brand a brand page is about', () => {
    expect(activeFilterChips(filters({ brands: ['acme', 'zeta'] }), { fixedBrand: 'acme' }).map((c) => c.key)).toEqual(['brand:zeta']);
  });
});
