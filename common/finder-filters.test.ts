import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, emptyState, filtersFromParams, paramsFromFilters, summaryText } from './finder-filters';

describe('finder filters in the URL', () => {
  it('reads defaults from an empty query', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it('round-trips every filter', () => {
    const f = { search: 'cargo', category: 'Pants', gender: 'Men' as const, best: true };
    expect(filtersFromParams(paramsFromFilters(f))).toEqual(f);
    expect(paramsFromFilters(f).toString()).toBe('q=cargo&category=Pants&gender=Men&best=true');
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
  it('counts what is shown with its qualifiers', () => {
    expect(summaryText(DEFAULT_FILTERS, 1, false)).toBe('Showing 1 item');
    expect(summaryText({ search: 'jeans', category: 'Pants', gender: 'Men', best: false }, 6, true)).toBe(
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
    expect(emptyState(DEFAULT_FILTERS)).toEqual({
      title: 'No items available',
      hint: 'Items will appear here when they are added to the store',
    });
  });
});
