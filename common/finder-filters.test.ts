import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  emptyState,
  filtersFromParams,
  finderApiParams,
  hasFilters,
  paramsFromFilters,
  parseBrandParam,
  parsePriceParam,
  summaryText,
  type FinderFilters,
} from './finder-filters';
import { orderUsesSeed } from './finder-keys';

describe('finder filters in the URL', () => {
  it('reads defaults from an empty query', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it('round-trips every filter', () => {
    const f: FinderFilters = {
      search: 'cargo',
      category: 'Pants',
      gender: 'Men',
      best: true,
      sort: 'price-asc',
      minPrice: 10,
      maxPrice: 49.99,
      brands: ['kinetic-lab', 'northfold'],
      allWords: true,
      since: '2026-12-01T09:30:00.000Z',
    };
    expect(filtersFromParams(paramsFromFilters(f))).toEqual(f);
    expect(paramsFromFilters(f).toString()).toBe(
      'search=cargo&category=Pants&gender=Men&best=true&brand=kinetic-lab%2Cnorthfold&minPrice=10&maxPrice=49.99&sort=price-asc&allWords=true&since=2026-12-01T09%3A30%3A00.000Z',
    );
    // A since that is no time in UTC is no filter (the address was typed or cut).
    expect(filtersFromParams(new URLSearchParams('since=yesterday')).since).toBeNull();
    expect(filtersFromParams(new URLSearchParams('since=2026-13-45T99:00Z')).since).toBeNull();
    // The API is asked in the same words (issue 30: one name for the search, in the address and the API).
    expect(finderApiParams(f)).toEqual(Object.fromEntries(paramsFromFilters(f)));
  });

  it('still reads the address words written before the API ones (q, words=all), the API ones winning when both are there', () => {
    const old = filtersFromParams(new URLSearchParams('q=cargo&words=all'));
    expect([old.search, old.allWords]).toEqual(['cargo', true]);
    expect(filtersFromParams(new URLSearchParams('q=old&search=new')).search).toBe('new');
    expect(paramsFromFilters(old).toString()).toBe('search=cargo&allWords=true');
  });

  it('asks the API for the trimmed search, and leaves a crossed price range out', () => {
    expect(finderApiParams({ ...DEFAULT_FILTERS, search: '  cargo ', minPrice: 50, maxPrice: 10 })).toEqual({ search: 'cargo' });
    expect(finderApiParams({ ...DEFAULT_FILTERS, search: '   ', allWords: true })).toEqual({});
  });

  it('leaves the default order, no bounds and no brands out of the URL', () => {
    expect(paramsFromFilters(DEFAULT_FILTERS).toString()).toBe('');
    expect(paramsFromFilters({ ...DEFAULT_FILTERS, sort: 'newest' }).toString()).toBe('sort=newest');
    expect(paramsFromFilters({ ...DEFAULT_FILTERS, minPrice: 0 }).toString()).toBe('minPrice=0');
  });

  it('reads the sort in any case and ignores unknown orders', () => {
    expect(filtersFromParams(new URLSearchParams('sort=PRICE-DESC')).sort).toBe('price-desc');
    expect(filtersFromParams(new URLSearchParams('sort=cheapest')).sort).toBe('recommended');
  });

  it('reads price bounds of at most 2 decimals from 0, and nothing else', () => {
    expect(parsePriceParam('12.5')).toBe(12.5);
    expect(parsePriceParam(' 0 ')).toBe(0);
    for (const bad of ['', '-1', '1.234', 'abc', '1e3', null, undefined]) expect(parsePriceParam(bad)).toBeNull();
    const f = filtersFromParams(new URLSearchParams('minPrice=20&maxPrice=x'));
    expect([f.minPrice, f.maxPrice]).toEqual([20, null]);
  });

  it('reads brands as sorted lower-case slugs without repeats, and writes them back the same way', () => {
    expect(parseBrandParam('Voltline, northfold,,northfold')).toEqual(['northfold', 'voltline']);
    expect(parseBrandParam(Array.from({ length: 30 }, (_, i) => `b${String(i).padStart(2, '0')}`).join(','))).toHaveLength(20);
    const f = filtersFromParams(new URLSearchParams('brand=voltline,northfold'));
    expect(f.brands).toEqual(['northfold', 'voltline']);
    expect(paramsFromFilters({ ...f, brands: ['voltline', 'northfold'] }).get('brand')).toBe('northfold,voltline');
  });

  it('says whether anything but the search narrows the list', () => {
    expect(hasFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasFilters({ ...DEFAULT_FILTERS, search: 'x', sort: 'newest' })).toBe(false);
    for (const change of [
      { category: 'Pants' },
      { gender: 'Men' as const },
      { best: true },
      { brands: ['a'] },
      { minPrice: 1 },
      { maxPrice: 1 },
    ]) {
      expect(hasFilters({ ...DEFAULT_FILTERS, ...change })).toBe(true);
    }
  });

  it('normalises gender case and ignores unknown values', () => {
    expect(filtersFromParams(new URLSearchParams('gender=men')).gender).toBe('Men');
    expect(filtersFromParams(new URLSearchParams('gender=robots')).gender).toBe('All');
  });

  it('drops the category when gender is Women', () => {
    expect(filtersFromParams(new URLSearchParams('gender=Women&category=Pants')).category).toBe('All');
  });

  it('cuts over-long values to what the API takes, and reads its own output back unchanged', () => {
    const long = new URLSearchParams({ q: 'x'.repeat(150), category: `${'a'.repeat(99)} b` });
    const once = filtersFromParams(long);
    expect(once.search).toHaveLength(100);
    expect(once.category).toBe('a'.repeat(99));
    // The server renders from the first reading and the browser reads the URL the filters write: they must agree.
    expect(filtersFromParams(paramsFromFilters(once))).toEqual(once);
  });
});

describe('summary line', () => {
  it('counts what is shown with its qualifiers, and the total when more match', () => {
    expect(summaryText(DEFAULT_FILTERS, 1, false)).toBe('Showing 1 item');
    expect(summaryText({ ...DEFAULT_FILTERS, search: 'jeans', category: 'Pants', gender: 'Men' }, 6, true, 9)).toBe(
      'Showing 6 items of 9 matching "jeans" in Pants for Men (scroll to see more)',
    );
    expect(summaryText({ ...DEFAULT_FILTERS, search: 'jeans' }, 9, false, 9)).toBe('Showing 9 items matching "jeans"');
    expect(summaryText(DEFAULT_FILTERS, 6, true, 12500)).toBe('Showing 6 items of 12,500 (scroll to see more)');
    expect(summaryText({ ...DEFAULT_FILTERS, search: 'jeans', category: 'Pants', gender: 'Men' }, 6, true)).toBe(
      'Showing 6 items matching "jeans" in Pants for Men (scroll to see more)',
    );
  });
});

describe('empty states', () => {
  it('picks the text of the spec for search, category and nothing', () => {
    expect(emptyState({ ...DEFAULT_FILTERS, search: 'zzz', category: 'Pants' }).title).toBe('No items found');
    expect(emptyState({ ...DEFAULT_FILTERS, category: 'Pants' })).toEqual({
      title: 'No items in Pants',
      hint: 'Try selecting a different category or search for specific items',
    });
    for (const narrowed of [{ gender: 'Women' as const }, { best: true }, { brands: ['acme'] }, { minPrice: 900 }]) {
      expect(emptyState({ ...DEFAULT_FILTERS, ...narrowed })).toEqual({
        title: 'No items match these filters',
        hint: 'Try removing a filter or clear them all to see every item',
      });
    }
    expect(emptyState(DEFAULT_FILTERS)).toEqual({
      title: 'No items available',
      hint: 'Items will appear here when they are added to the store',
    });
  });
});

describe('the seed in a listing request', () => {
  it("goes only with Recommended and no search, the one order that is the visitor's rotation", () => {
    expect(orderUsesSeed(DEFAULT_FILTERS)).toBe(true);
    expect(orderUsesSeed({ ...DEFAULT_FILTERS, search: '   ' })).toBe(true);
    expect(orderUsesSeed({ ...DEFAULT_FILTERS, search: 'hoodie' })).toBe(false);
    for (const sort of ['newest', 'price-asc', 'price-desc', 'popular'] as const)
      expect(orderUsesSeed({ ...DEFAULT_FILTERS, sort })).toBe(false);
  });
});
