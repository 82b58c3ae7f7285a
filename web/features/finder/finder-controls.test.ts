import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, type FinderFilters } from '../../../common/finder-filters';
import type { FinderFacets, Suggestions } from '../../../common/schemas/search';
import { brandChoices, toggleBrand } from './brand-choices';
import { allCategoriesFilters, categoryCounts, choiceDisabled, clearedFilters, genderCounts, parsePriceInput } from './finder-controls';
import { moveActive, suggestionOptions } from './suggestion-options';

const facets: FinderFacets = {
  total: 5,
  categories: [
    { name: 'Shoes', count: 3 },
    { name: 'T-Shirts', count: 0 },
  ],
  allCategories: 7,
  genders: [
    { gender: 'All', count: 7 },
    { gender: 'Men', count: 5 },
    { gender: 'Women', count: 2 },
  ],
  brands: [
    { slug: 'northfold', name: 'Northfold', count: 4 },
    { slug: 'kinetic-lab', name: 'Kinetic Lab', count: 1 },
  ],
  price: { min: 9.5, max: 120 },
};

describe('price fields', () => {
  it('read blank as no bound, prices rounded to cents, and anything else as not a price', () => {
    expect(parsePriceInput('  ')).toBeNull();
    expect(parsePriceInput('0')).toBe(0);
    expect(parsePriceInput('12.345')).toBe(12.35);
    expect(parsePriceInput(' 40 ')).toBe(40);
    for (const bad of ['-1', 'abc', '1e12', 'Infinity']) expect(parsePriceInput(bad), bad).toBeUndefined();
  });
});

describe('counts beside the choices', () => {
  it('map genders and categories (lower case, All under all) to their counts', () => {
    expect(genderCounts(facets)?.get('Men')).toBe(5);
    const categories = categoryCounts(facets);
    expect(categories?.get('t-shirts')).toBe(0);
    expect(categories?.get('all')).toBe(7);
    expect(genderCounts(undefined)).toBeUndefined();
    expect(categoryCounts(undefined)).toBeUndefined();
  });
});

describe('brand filter', () => {
  it('lists the facets’ brands, then chosen brands they lack with 0, and filters by name keeping the chosen', () => {
    expect(brandChoices(facets.brands, ['zephyr']).map((b) => [b.slug, b.count])).toEqual([
      ['northfold', 4],
      ['kinetic-lab', 1],
      ['zephyr', 0],
    ]);
    expect(brandChoices(facets.brands, ['northfold'], 'LAB').map((b) => b.slug)).toEqual(['northfold', 'kinetic-lab']);
    expect(brandChoices(facets.brands, [], 'nothing')).toEqual([]);
  });

  it('adds and removes a brand, keeping slugs sorted and single', () => {
    expect(toggleBrand(['voltline'], 'drift-club', true)).toEqual(['drift-club', 'voltline']);
    expect(toggleBrand(['drift-club', 'voltline'], 'drift-club', true)).toEqual(['drift-club', 'voltline']);
    expect(toggleBrand(['drift-club', 'voltline'], 'voltline', false)).toEqual(['drift-club']);
  });
});

describe('ways out of an empty result', () => {
  const narrowed: FinderFilters = {
    search: 'hoodie',
    category: 'Shoes',
    gender: 'Men',
    best: true,
    sort: 'price-asc',
    minPrice: 10,
    maxPrice: 20,
    brands: ['northfold'],
    since: null,
    allWords: false,
  };
  it('search all categories keeps the search and the order only', () => {
    expect(allCategoriesFilters(narrowed)).toEqual({ ...DEFAULT_FILTERS, search: 'hoodie', sort: 'price-asc' });
  });
  it('clear filters keeps the order only', () => {
    expect(clearedFilters(narrowed)).toEqual({ ...DEFAULT_FILTERS, sort: 'price-asc' });
  });
});

describe('suggestions', () => {
  const s: Suggestions = {
    query: 'hood',
    correction: null,
    products: [{ title: 'Zip Hoodie', path: '/products/zip-hoodie-3', brand: 'Northfold', price: 50, thumbnail: null }],
    brands: [{ slug: 'hood-co', name: 'Hood Co', count: 2 }],
    categories: [{ name: 'Hoodies', count: 9 }],
    guides: [{ title: 'Sizing a hoodie', path: '/guides/sizing-a-hoodie' }],
  };
  it('become options in screen order, each with its own id', () => {
    const options = suggestionOptions(s, 'sg');
    expect(options.map((o) => [o.kind, o.id, o.label])).toEqual([
      ['product', 'sg-0', 'Zip Hoodie'],
      ['brand', 'sg-1', 'Hood Co'],
      ['category', 'sg-2', 'Hoodies'],
      ['guide', 'sg-3', 'Sizing a hoodie'],
    ]);
    expect(options[3]).toMatchObject({ path: '/guides/sizing-a-hoodie' });
    expect(suggestionOptions(undefined, 'sg')).toEqual([]);
  });
  it("show a category under its name in the page's language and keep its name to filter by (issue 41)", () => {
    const [, , category] = suggestionOptions(s, 'sg', (name) => (name === 'Hoodies' ? 'Kapuzenpullover' : name));
    expect(category).toMatchObject({ kind: 'category', label: 'Kapuzenpullover', name: 'Hoodies' });
  });
  it('are moved through with wrapping; from none, down goes first and up goes last', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(1, 1, 0)).toBe(-1);
  });
});

describe('choiceDisabled', () => {
  it('disables a choice that gives nothing, unless it is the chosen one', () => {
    expect(choiceDisabled(0, false)).toBe(true);
    expect(choiceDisabled(0, true)).toBe(false);
    expect(choiceDisabled(3, false)).toBe(false);
    expect(choiceDisabled(undefined, false)).toBe(false);
  });
});
