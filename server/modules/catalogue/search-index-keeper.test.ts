// The keeper's one-round-trip answer (decision 0055): a search answered on the index as it is stands when the state
// read with its rows is the index's; else the index catches up and the search runs again.
import { describe, expect, it } from 'vitest';
import type { IndexedProduct, SearchIndex } from './search-index';
import { createSearchIndexKeeper } from './search-index-keeper';

const product = (id: string, title: string, version: string): IndexedProduct => ({
  id,
  key: 1,
  version,
  title,
  brand: 'Bench',
  description: '',
  category: 'shoes',
  gender: 'Men',
  best: false,
  brandKey: 'bench',
  price: 10,
  created: 0,
  popularity: 0,
  groupKey: null,
});

function fakeSource() {
  const db = { changes: 1, products: [product('00000000-0000-0000-0000-000000000001', 'Black Runner', '1')], probes: 0 };
  const source = {
    searchIndexState: async () => {
      db.probes++;
      return { changes: db.changes, synonyms: '0:' };
    },
    indexVersions: async () => db.products.map((p) => ({ id: p.id, v: p.version })),
    indexRows: async (ids?: string[]) => db.products.filter((p) => !ids || ids.includes(p.id)),
    synonymGroups: async () => [],
  };
  return { db, keeper: createSearchIndexKeeper(source) };
}

const find = (word: string) => (index: SearchIndex) => index.search(index.resolve(word), {}, 'relevance', 10).ids;

describe('search index keeper', () => {
  it('answers in one read while nothing changes, and again after catching up when something did', async () => {
    const { db, keeper } = fakeSource();
    let reads = 0;
    const read = async () => {
      reads++;
      return { state: { changes: db.changes, synonyms: '0:' } };
    };
    const first = await keeper.answer(find('runner'), read);
    expect(first.result).toEqual(['00000000-0000-0000-0000-000000000001']);
    const probes = db.probes;
    await keeper.answer(find('runner'), read);
    expect(db.probes).toBe(probes);

    // Another process adds a product: the next search sees the moved state with its rows, catches up, answers again.
    db.products.push(product('00000000-0000-0000-0000-000000000002', 'White Runner', '2'));
    db.changes++;
    reads = 0;
    const after = await keeper.answer(find('white'), read);
    expect(after.result).toEqual(['00000000-0000-0000-0000-000000000002']);
    expect(reads).toBe(2);
    expect(keeper.stats().retries).toBe(1);
  });
});
