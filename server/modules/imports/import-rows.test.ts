import { describe, expect, it } from 'vitest';
import { TITLE_MAX_LENGTH } from '../../../common/admin-constants';
import { checkRecord, cleanDescription, cutAtWord, imageOf, missingRateMessage, oneLine, splitTitle, stripControls } from './import-rows';
import type { ImportRecord } from './read-import';
import { currenciesOf } from './import-answers';
import { columnsOf } from '../../../common/import-mapping';

const columns = columnsOf({
  title: 'title',
  price: 'price',
  link: 'link',
  image: 'image',
  description: 'description',
  cur: 'currency',
  brand: 'brand',
});
const check = (values: Record<string, unknown>, extra: Partial<ImportRecord> = {}, rates = {}) =>
  checkRecord({ row: 2, values: { price: '10', ...values }, ...extra }, columns, { base: 'USD', rates });

describe('text normalisers', () => {
  it('strips control characters but keeps line breaks and tabs', () => {
    expect(stripControls('a\u0000b\u0007c\u200bd\ufeff\te\nf\u007f')).toBe('abcd\te\nf');
  });

  it('makes one line of tabs, line breaks and runs of spaces', () => {
    expect(oneLine('  Stone\tIsland \u00a0 Crewneck\r\n Sweater ')).toBe('Stone Island Crewneck Sweater');
  });

  it('splits a multi-line title into its first line and a note', () => {
    expect(splitTitle('Nike Air Force 1\n22+ colorways\n[Premium Quality]')).toEqual({
      title: 'Nike Air Force 1',
      note: '22+ colorways · [Premium Quality]',
    });
    expect(splitTitle('\n\n  Jordan 4 \r\n\r\n[Best Batch]  ')).toEqual({ title: 'Jordan 4', note: '[Best Batch]' });
    expect(splitTitle('One line')).toEqual({ title: 'One line', note: null });
    expect(splitTitle('   ')).toEqual({ title: '', note: null });
  });

  it('cuts a long text at a word, within the limit', () => {
    expect(cutAtWord('short', 10)).toBe('short');
    expect(cutAtWord('alpha beta gamma delta', 12)).toBe('alpha beta…');
    expect(cutAtWord('abcdefghijklmnop', 8)).toBe('abcdefg…');
    expect(cutAtWord('alpha beta gamma delta', 12).length).toBeLessThanOrEqual(12);
  });

  it('cleans a description line by line', () => {
    expect(cleanDescription(' a\t\tb \r\n\n\n\n c\u0000 ')).toBe('a b\n\nc');
  });
});

describe('imageOf', () => {
  it('keeps addresses and our uploads, makes protocol-relative addresses https, and takes a hyperlink target', () => {
    expect(imageOf('https://x.example/a.jpg', undefined)).toEqual({ image: 'https://x.example/a.jpg', warning: null });
    expect(imageOf('/media/items/1_abc_a.png', undefined)).toEqual({ image: '/media/items/1_abc_a.png', warning: null });
    expect(imageOf('//cdn.example/a.jpg', undefined)).toEqual({ image: 'https://cdn.example/a.jpg', warning: null });
    expect(imageOf('PIC', 'https://x.example/b.png')).toEqual({ image: 'https://x.example/b.png', warning: null });
    expect(imageOf('', undefined)).toEqual({ image: null, warning: null });
  });

  it('resolves a path against the address the file came from, else leaves the picture out with a warning', () => {
    expect(imageOf('/uploads/x.png', undefined, 'https://finds.example/api/products.json')).toEqual({
      image: 'https://finds.example/uploads/x.png',
      warning: null,
    });
    expect(imageOf('/uploads/x.png', undefined)).toEqual({
      image: null,
      warning: 'image "/uploads/x.png" is not an http(s) address, so the product is imported without a picture.',
    });
    expect(imageOf('data:image/png;base64,AAAA', undefined, 'https://finds.example/').image).toBeNull();
  });
});

describe('checkRecord', () => {
  it('normalises instead of refusing: a multi-line title, a relative picture, share text around a link', () => {
    const checked = check({
      title: 'Nike Air Force 1\n22+ colorways\n[Premium Quality]',
      description: 'Soft\tleather',
      image: '/uploads/af1.png',
      link: '【淘宝】https://m.tb.cn/h.abc123?tk=xyz CZ0001 「Nike Air Force 1」点击链接直接打开',
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.values).toMatchObject({
      title: 'Nike Air Force 1',
      description: 'Soft leather\n\nNote: 22+ colorways · [Premium Quality]',
      image: null,
      link: 'https://m.tb.cn/h.abc123?tk=xyz',
      price: 10,
    });
    expect(checked.warnings).toEqual([{ row: 2, column: 'image', message: expect.stringContaining('without a picture') }]);
  });

  it('cuts a title that is too long at a word, with a warning', () => {
    const long = `${'word '.repeat(60)}end`;
    const checked = check({ title: long });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.values.title.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
    expect(checked.values.title.endsWith('word…')).toBe(true);
    expect(checked.warnings[0]).toMatchObject({ column: 'title', message: expect.stringMatching(/longer than 200 characters/) });
  });

  it("takes a link cell's hyperlink target when its text is not an address; leaves an address as written", () => {
    const target = 'https://weidian.com/item.html?itemID=7231813762';
    const linked = check({ title: 'Tee', link: 'BUY' }, { links: { link: target } });
    expect(linked.ok && linked.values).toMatchObject({ link: target, sourcePlatform: 'weidian', sourceItemId: '7231813762' });
    const written = check({ title: 'Tee', link: 'https://store.example/x' }, { links: { link: target } });
    expect(written.ok && written.values.link).toBe('https://store.example/x');
    const hyperlinkOnly = check({ title: 'Tee', link: '' }, { links: { link: target } });
    expect(hyperlinkOnly.ok && hyperlinkOnly.values.link).toBe(target);
    const image = check({ title: 'Tee', image: 'PIC' }, { links: { image: 'https://x.example/p.jpg' } });
    expect(image.ok && image.values.image).toBe('https://x.example/p.jpg');
  });

  it('still refuses a link that is no address', () => {
    const checked = check({ title: 'Tee', link: 'javascript:alert(1)' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual([
      { row: 2, column: 'link', message: 'link must be an http(s) address such as https://store.example/item' },
    ]);
  });

  it('converts a price in another currency with the rate, rounded to cents; the cell sign before the currency column before the header', () => {
    const rates = { CNY: 7.2, EUR: 0.9 };
    const yuan = check({ title: 'Tee', price: '¥107' }, {}, rates);
    expect(yuan).toMatchObject({ ok: true, currency: 'CNY', values: { price: 14.86 } });
    const byColumn = check({ title: 'Tee', price: '9', cur: 'EUR' }, {}, rates);
    expect(byColumn).toMatchObject({ ok: true, currency: 'EUR', values: { price: 10 } });
    const signWins = check({ title: 'Tee', price: '$9', cur: 'EUR' }, {}, rates);
    expect(signWins).toMatchObject({ ok: true, currency: null, values: { price: 9 } });
    const byHeader = checkRecord({ row: 3, values: { title: 'Tee', priceCny: '72' } }, columnsOf({ title: 'title', priceCny: 'price' }), {
      base: 'USD',
      rates,
    });
    expect(byHeader).toMatchObject({ ok: true, currency: 'CNY', values: { price: 10 } });
  });

  it('refuses a price in a currency without a rate, naming it and the fix, and an unknown currency', () => {
    const missing = check({ title: 'Tee', price: '107 CNY' });
    expect(missing).toMatchObject({ ok: false, currency: 'CNY', missingRate: true });
    expect(!missing.ok && missing.errors).toEqual([{ row: 2, column: 'price', message: missingRateMessage('CNY', 'USD') }]);
    expect(missingRateMessage('CNY', 'USD')).toBe(
      'price is in CNY and no CNY rate is known: give one in the preview (1 USD = ? CNY) or set it under Currencies.',
    );
    const unknown = check({ title: 'Tee', price: '5', cur: 'BTC' });
    expect(!unknown.ok && unknown.errors[0]).toMatchObject({
      column: 'cur',
      message: expect.stringMatching(/^currency "BTC" is not one the site knows/),
    });
  });

  it('takes the first text of a JSON list of pictures', () => {
    const checked = check({ title: 'Tee', image: [{ x: 1 }, 'https://x.example/a.jpg', 'https://x.example/b.jpg'] });
    expect(checked.ok && checked.values.image).toBe('https://x.example/a.jpg');
  });
});

describe('currenciesOf', () => {
  it('counts rows per currency and says where each rate came from', () => {
    const rows = [
      check({ title: 'A', price: '¥10' }, {}, { CNY: 7 }),
      check({ title: 'B', price: '¥20' }, {}, { CNY: 7 }),
      check({ title: 'C', price: '€5' }, {}, { CNY: 7 }),
      check({ title: 'D', price: '£5' }, {}, { CNY: 7, GBP: 0.8 }),
      check({ title: 'E', price: '$5' }, {}, { CNY: 7 }),
    ];
    expect(currenciesOf(rows, { CNY: 7, GBP: 0.8 }, { CNY: 7 }, { GBP: 0.8 })).toEqual([
      { code: 'CNY', rows: 2, rate: 7, source: 'site' },
      { code: 'EUR', rows: 1, rate: null, source: 'missing' },
      { code: 'GBP', rows: 1, rate: 0.8, source: 'given' },
    ]);
  });
});
