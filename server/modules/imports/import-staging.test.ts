// The preview's staging rules (import-staging.ts) on rows shaped like the files operators send: a finds site's export
// with its slug categories in any case, a sheet that lists one item twice, colourways on one seller link.
import { describe, expect, it } from 'vitest';
import { columnsOf } from '../../../common/import-mapping';
import type { ImportMapping } from '../../../common/schemas/imports';
import { checkRecord } from './import-rows';
import { newStagingTallies, RowProblems, stageBatch, type StagingTallies } from './import-staging';
import type { CheckedRow } from './readers/reader-protocol';

const MAPPING: ImportMapping = { Name: 'title', 'Price (CNY)': 'price', Category: 'category', Link: 'link', Image: 'image', Id: 'id' };
const columns = columnsOf(MAPPING);
const rules = { columns, origin: 'https://finder.example' };
const LISTED = ['Shoes', 'Hoodies & Sweatshirts', 'T-Shirts'];

/** Rows as the reader's process checks them: a sheet's header is row 1, so its first product is row 2. */
function checked(rows: Array<Record<string, string>>, firstRow = 2): CheckedRow[] {
  return rows.map((values, i) => {
    const row = firstRow + i;
    return { row, checked: checkRecord({ row, values }, columns, { base: 'USD', rates: { CNY: 7.2 } }) };
  });
}

const item = (name: string, link: string, extra: Record<string, string> = {}) => ({
  Name: name,
  'Price (CNY)': '189',
  Category: 'Shoes',
  Link: link,
  ...extra,
});

const stage = (rows: CheckedRow[], tallies: StagingTallies = newStagingTallies(LISTED, true)) => ({
  ...stageBatch(rows, tallies, rules),
  tallies,
});

describe('stageBatch: categories', () => {
  it("spells a listed category as the list does, whatever the file's case", () => {
    const { staged, tallies } = stage(
      checked([
        item('Air Force 1 Low White', 'https://weidian.com/item.html?itemID=7211000001', { Category: 'SHOES' }),
        item('Stone Island Crewneck', 'https://item.taobao.com/item.htm?id=681000000003', { Category: 'hoodies & sweatshirts' }),
        item('Corteiz Cropped Top', 'https://weidian.com/item.html?itemID=7211000002', { Category: 't-shirts' }),
      ]),
    );
    expect(staged.map((r) => r.values.category)).toEqual(['Shoes', 'Hoodies & Sweatshirts', 'T-Shirts']);
    expect(tallies.newCategories.size).toBe(0);
  });

  it('writes a new category as the file first spelled it, and counts its rows across batches', () => {
    const tallies = newStagingTallies(LISTED, true);
    const first = stage(
      checked([
        item('Jordan 4 Military Black', 'https://weidian.com/item.html?itemID=7211000004', { Category: 'hoodies-sweatshirts' }),
        item('Essentials Hoodie', 'https://weidian.com/item.html?itemID=7211000005', { Category: 'Hoodies-Sweatshirts' }),
      ]),
      tallies,
    );
    const second = stage(
      checked([item('Fear of God Hoodie', 'https://weidian.com/item.html?itemID=7211000006', { Category: 'HOODIES-SWEATSHIRTS' })], 4),
      tallies,
    );
    expect([...first.staged, ...second.staged].map((r) => r.values.category)).toEqual([
      'hoodies-sweatshirts',
      'hoodies-sweatshirts',
      'hoodies-sweatshirts',
    ]);
    expect([...tallies.newCategories.values()]).toEqual(['hoodies-sweatshirts']);
    expect(tallies.newCategoryRows.get('hoodies-sweatshirts')).toBe(3);
  });

  it('leaves a row without a category without one', () => {
    const { staged, tallies } = stage(checked([item('Plain Tee', 'https://weidian.com/item.html?itemID=1', { Category: '' })]));
    expect(staged[0]?.values.category).toBeNull();
    expect(tallies.newCategories.size).toBe(0);
  });
});

describe('stageBatch: repeats within the file', () => {
  it('refuses a row with the same link and title as an earlier one (case and spaces aside), naming that row', () => {
    const { staged, errors, tallies } = stage(
      checked([
        item('Jordan 4 Black Cat', 'https://weidian.com/item.html?itemID=7231813762'),
        item('jordan 4  black cat', 'https://weidian.com/item.html?itemID=7231813762'),
      ]),
    );
    expect(staged.map((r) => r.row)).toEqual([2]);
    expect(errors).toEqual([{ row: 3, column: 'Link', message: 'Row 2 has the same product (same link and title).' }]);
    expect(tallies.invalid).toBe(1);
  });

  it('stages rows on one link with different titles: colourways of one seller item (decision 0052)', () => {
    const { staged, errors } = stage(
      checked([
        item('Jordan 4 Black Cat', 'https://weidian.com/item.html?itemID=7231813762'),
        item('Jordan 4 White Cement', 'https://weidian.com/item.html?itemID=7231813762'),
      ]),
    );
    expect(staged.map((r) => r.values.title)).toEqual(['Jordan 4 Black Cat', 'Jordan 4 White Cement']);
    expect(errors).toEqual([]);
  });

  it('refuses a repeat found in a later batch', () => {
    const tallies = newStagingTallies(LISTED, true);
    stage(checked([item('Corteiz Cropped Top', 'https://weidian.com/item.html?itemID=7211000002')]), tallies);
    const later = stage(checked([item('Corteiz Cropped Top', 'https://weidian.com/item.html?itemID=7211000002')], 2001), tallies);
    expect(later.staged).toEqual([]);
    expect(later.errors[0]).toMatchObject({ row: 2001, message: 'Row 2 has the same product (same link and title).' });
  });

  it('refuses a repeat of our id, whatever its title', () => {
    const id = '0b6f0a2e-6c3f-4d7e-9a51-3f1c2b7d8e90';
    const { staged, errors } = stage(
      checked([
        item('Air Force 1', 'https://weidian.com/item.html?itemID=1', { Id: id }),
        item('Air Force 1 Low', 'https://weidian.com/item.html?itemID=2', { Id: id }),
      ]),
    );
    expect(staged.map((r) => r.row)).toEqual([2]);
    expect(errors).toEqual([{ row: 3, column: 'Id', message: 'Row 2 has the same product; each product may appear once.' }]);
  });

  it("counts a row the check refused as invalid, with the check's errors", () => {
    const { staged, errors, tallies } = stage(checked([item('', 'https://weidian.com/item.html?itemID=9')]));
    expect(staged).toEqual([]);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.row === 2)).toBe(true);
    expect(tallies.invalid).toBe(1);
  });
});

describe('stageBatch: what the preview counts', () => {
  it('counts currencies, pictures and prices of the rows it stages', () => {
    const { staged, tallies } = stage(
      checked([
        item('Air Force 1 Low White', 'https://weidian.com/item.html?itemID=7211000001', {
          Image: 'https://finder.example/media/items/a.webp',
        }),
        item('Corteiz Cropped Top', 'https://weidian.com/item.html?itemID=7211000002', { Image: 'https://img.example/b.jpg' }),
      ]),
    );
    expect(tallies.currencyRows.get('CNY')).toBe(2);
    expect(tallies.pictures.withPicture).toBe(2);
    // Our own picture given by its full address is kept as ours (a path).
    expect(staged.map((r) => r.values.image)).toEqual(['/media/items/a.webp', 'https://img.example/b.jpg']);
    expect(tallies.priced).toEqual([
      { row: 2, price: 26.25, amount: 189 },
      { row: 3, price: 26.25, amount: 189 },
    ]);
  });
});

describe('RowProblems', () => {
  it('keeps the first problems by row and counts them all', () => {
    const problems = new RowProblems(2);
    problems.add([{ row: 9, column: '', message: 'c' }]);
    problems.add([
      { row: 3, column: '', message: 'a' },
      { row: 5, column: '', message: 'b' },
    ]);
    problems.trim();
    expect(problems.kept().map((p) => p.message)).toEqual(['a', 'b']);
    expect(problems.count).toBe(3);
  });
});
