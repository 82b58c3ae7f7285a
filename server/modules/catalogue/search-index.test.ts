// The index's matching of several words (issue 27): the products that have every word are found first, the others
// only when none of those is within the filters; either way the answer is the one of matching every product.
import { describe, expect, it } from 'vitest';
import { SearchIndex, type IndexedProduct } from './search-index';

let made = 0;
function product(title: string, gender: string, extra: Partial<IndexedProduct> = {}): IndexedProduct {
  made++;
  return {
    id: `00000000-0000-4000-8000-${String(made).padStart(12, '0')}`,
    key: made,
    version: '1',
    title,
    brand: 'Northfold',
    description: `${title}, item ${made}.`,
    category: 'bottoms',
    gender,
    best: false,
    last: false,
    brandKey: 'northfold',
    price: 20 + made,
    created: made,
    popularity: 0,
    groupKey: null,
    ...extra,
  };
}

function catalogue(): { index: SearchIndex; title: (id: string) => string } {
  const rows = [
    product('Navy Cargo Pants', 'Men'),
    product('Navy Cargo Shorts', 'Women'),
    product('Olive Cargo Pants', 'Women'),
    product('Navy Wool Coat', 'Women'),
    // Many products with one of the words: the every-first matching skips them, the fallback does not.
    ...Array.from({ length: 300 }, (_, i) => product(`Cargo Tote ${i}`, i % 2 ? 'Men' : 'Women')),
  ];
  const index = new SearchIndex();
  for (const row of rows) index.upsert(row);
  const titles = new Map(rows.map((r) => [r.id, r.title]));
  return { index, title: (id) => titles.get(id) ?? id };
}

describe('the search index, several words', () => {
  const { index, title } = catalogue();
  const search = (text: string, filter: Parameters<SearchIndex['search']>[1] = {}) => {
    const answer = index.search(index.resolve(text), filter, 'relevance', 10);
    return { titles: answer.ids.map(title), total: answer.total, partial: answer.partial };
  };

  it('answers with the products that have every word when one does', () => {
    expect(search('navy cargo pants')).toEqual({ titles: ['Navy Cargo Pants'], total: 1, partial: null });
    expect(search('pants cargo navy', { gender: 'Men' })).toEqual({ titles: ['Navy Cargo Pants'], total: 1, partial: null });
  });

  it('falls back to most of the words when every word is only outside the filters', () => {
    // Women: no product has all three; two have two, and the earlier words win (navy cargo).
    expect(search('navy cargo pants', { gender: 'Women' })).toEqual({
      titles: ['Navy Cargo Shorts'],
      total: 1,
      partial: { used: ['navy', 'cargo'], dropped: ['pants'] },
    });
    expect(search('navy cargo pants', { gender: 'Women', allWords: true })).toEqual({ titles: [], total: 0, partial: null });
  });

  it('falls back when a word is in no product, and ranks the products with the rest as every product would', () => {
    const partial = search('cargo navy zebra');
    expect(partial.partial).toEqual({ used: ['cargo', 'navy'], dropped: ['zebra'] });
    expect(partial.titles.sort()).toEqual(['Navy Cargo Pants', 'Navy Cargo Shorts']);
    // A word the few have (navy) matched first, then one that hundreds have (cargo): the same cards as one word each.
    const broad = search('cargo pants zebra');
    expect(broad.partial).toEqual({ used: ['cargo', 'pants'], dropped: ['zebra'] });
    expect(broad.titles.sort()).toEqual(['Navy Cargo Pants', 'Olive Cargo Pants']);
    expect(search('cargo').total).toBe(303);
  });

  it('counts the facets of every word the same way', () => {
    const women = index.facets(index.resolve('navy cargo pants'), { gender: 'Women' });
    // The chips count with the words the listing uses (navy cargo within Women); the gender chips leave their filter out.
    expect(women.total).toBe(1);
    expect(Object.fromEntries(women.genders)).toEqual({ Men: 1, Women: 1 });
    const all = index.facets(index.resolve('navy cargo pants'), {});
    expect(all.total).toBe(1);
    expect(Object.fromEntries(all.genders)).toEqual({ Men: 1 });
  });
});

describe('the search index, words too weak to answer alone (issue 40)', () => {
  const { index, title } = catalogue();
  const boots = product('Snow Boots Nocturne', 'Men', { description: 'Warm lining for the cold.' });
  index.upsert(boots);
  const search = (text: string, filter: Parameters<SearchIndex['search']>[1] = {}) => {
    const answer = index.search(index.resolve(text), filter, 'relevance', 10);
    return { titles: answer.ids.map((id) => (id === boots.id ? boots.title : title(id))), total: answer.total, partial: answer.partial };
  };
  const none = { titles: [], total: 0, partial: null };

  it('never makes a partial answer of one- or two-letter words or stop words', () => {
    // "no" is inside Snow and Nocturne; "the" and "for" are in a description; none of them answers alone.
    expect(search('zz-no-such-product')).toEqual(none);
    expect(search('qwxv the for')).toEqual(none);
    expect(search('qwxv der und la de')).toEqual(none);
    expect(search('qwxv x 7')).toEqual(none);
  });

  it('keeps them when a product has every word, and beside a strong word in a partial answer', () => {
    expect(search('snow no').titles).toEqual(['Snow Boots Nocturne']);
    expect(search('navy cargo of qwxv', { gender: 'Men' }).partial).toEqual({ used: ['navy', 'cargo'], dropped: ['of', 'qwxv'] });
    expect(search('the qwxv')).toEqual(none);
  });

  it('counts no facets for them either', () => {
    expect(index.facets(index.resolve('zz-no-such-product'), {}).total).toBe(0);
  });
});
