import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors';
import { joinKeyOf, joinKeys, joinSentences, joinTables } from './join';
import type { ImportTable } from './table';

const table = (headers: string[], rows: Array<Record<string, string>>, first = 2): ImportTable => ({
  format: 'csv',
  headers,
  records: rows.map((values, i) => ({ row: first + i, values })),
  sheets: [],
  sheet: null,
  encoding: 'utf-8',
  readWarnings: [],
});

// A finds site's export keyed by category, and its buy links kept apart by slug.
const products = table(
  ['category', 'slug', 'name', 'price', 'link'],
  [
    { category: 'coats', slug: 'moncler-maya-jacket', name: 'Moncler Maya Jacket', price: '¥599', link: '' },
    { category: 'coats', slug: 'Nuptse-700-Black ', name: 'Nuptse 700 Black', price: '¥330', link: '' },
    { category: 'Women', slug: 'womens-puffer-cream', name: "Women's Puffer Cream", price: '¥210', link: '' },
    { category: 'Women', slug: '', name: 'Corteiz Cropped Top', price: '¥98', link: '' },
  ],
  1,
);
const links = table(
  ['slug', 'buy_link', 'agent', 'link'],
  [
    { slug: 'moncler-maya-jacket', buy_link: 'https://weidian.com/item.html?itemID=7300000008', agent: 'cnfans', link: 'x' },
    { slug: 'nuptse-700-black', buy_link: 'https://weidian.com/item.html?itemID=7300000009', agent: 'cnfans', link: 'y' },
    { slug: 'nuptse-700-black', buy_link: 'https://weidian.com/item.html?itemID=7399999999', agent: 'kakobuy', link: 'z' },
    { slug: 'jordan-4-military-black', buy_link: 'https://weidian.com/item.html?itemID=7300000010', agent: 'kakobuy', link: '' },
  ],
);

describe('joining a second file by a key column', () => {
  it("adds the second file's columns to each row by its key (case, spaces aside), the first row of a repeated key", () => {
    const joined = joinTables(products, links, 'links.csv', {});
    expect(joined.headers).toEqual(['category', 'slug', 'name', 'price', 'link', 'buy_link', 'agent', 'link (links.csv)']);
    expect(joined.records[0]?.values).toMatchObject({ buy_link: 'https://weidian.com/item.html?itemID=7300000008', agent: 'cnfans' });
    expect(joined.records[1]?.values).toMatchObject({
      buy_link: 'https://weidian.com/item.html?itemID=7300000009',
      'link (links.csv)': 'y',
    });
    expect(joined.records[2]?.values).toMatchObject({ buy_link: '', agent: '' });
    expect(joined.records.map((r) => r.row)).toEqual([1, 2, 3, 4]);
    expect(joined.join).toMatchObject({
      key: 'slug',
      joinKey: 'slug',
      matched: 2,
      unmatched: { count: 2, rows: [3, 4] },
      duplicates: { count: 1, keys: ['nuptse-700-black'] },
    });
    expect(joined.readWarnings).toEqual([
      "2 rows of the main file have no match in links.csv by slug (rows 3, 4): they are imported without that file's columns.",
      'links.csv has the slug "nuptse-700-black" on more than one row: the first of them is joined.',
    ]);
  });

  it('takes the key columns chosen, by a name in each file, and refuses a column a file lacks', () => {
    const byName = table(['Handle', 'Buy'], [{ Handle: 'moncler-maya-jacket', Buy: 'https://weidian.com/item.html?itemID=1' }]);
    const joined = joinTables(products, byName, 'buy.csv', { key: 'slug', joinKey: 'Handle' });
    expect(joined.records[0]?.values.Buy).toBe('https://weidian.com/item.html?itemID=1');
    expect(() => joinTables(products, byName, 'buy.csv', { key: 'sku' })).toThrow(/joinKey: the main file has no column "sku"/);
    expect(() => joinKeys(products.headers, byName.headers, {}, 'buy.csv')).toThrow(AppError);
    expect(() => joinKeys(products.headers, byName.headers, {}, 'buy.csv')).toThrow(/Choose the key column of each file/);
  });

  it('guesses a slug, id or link column both files have before any other shared name', () => {
    expect(joinKeys(['name', 'ID', 'price'], ['name', 'id', 'url'], {}, 'b.csv')).toEqual({ key: 'ID', joinKey: 'id' });
    expect(joinKeys(['title', 'code'], ['code', 'link'], {}, 'b.csv')).toEqual({ key: 'code', joinKey: 'code' });
    expect(joinKeys(['title', 'code'], ['Code', 'link'], { key: 'code' }, 'b.csv')).toEqual({ key: 'code', joinKey: 'Code' });
  });

  it('compares keys as a person would: numbers as text, a trailing slash of a link aside', () => {
    expect(joinKeyOf(' Air-Force-1 ')).toBe('air-force-1');
    expect(joinKeyOf(1042)).toBe('1042');
    expect(joinKeyOf('https://weidian.com/item/1/')).toBe('https://weidian.com/item/1');
    expect(joinKeyOf(null)).toBe('');
  });

  it('says one unmatched row and many repeated keys in sentences with their counts', () => {
    const report = {
      file: 'links.csv',
      key: 'id',
      joinKey: 'id',
      columns: [],
      joinHeaders: ['id'],
      matched: 4,
      unmatched: { count: 1, rows: [7] },
      duplicates: { count: 12, keys: Array.from({ length: 10 }, (_, i) => String(i)) },
    };
    const [one, many] = joinSentences(report);
    expect(one).toBe("1 row of the main file has no match in links.csv by id (row 7): it is imported without that file's columns.");
    expect(many).toMatch(/^links\.csv has 12 id values on more than one row \("0", .*"9" and 2 more\): the first row of each is joined\.$/);
  });
});
