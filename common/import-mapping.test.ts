import { describe, expect, it } from 'vitest';
import { fieldForHeader, guessMapping, headerCurrency, currencyOfWord, EXPORT_COLUMNS } from './import-columns';
import {
  addressOfCell,
  columnStats,
  firstHttpAddress,
  guessColumns,
  isHttpAddress,
  isShortLink,
  looksLikeImage,
  readPrice,
  DEFAULT_SHORT_LINK_HOSTS,
  type SampleRecord,
} from './import-mapping';

const records = (rows: Array<Record<string, unknown>>, links: Array<Record<string, string> | undefined> = []): SampleRecord[] =>
  rows.map((values, i) => ({ values, links: links[i] }));

describe('header names (import-columns)', () => {
  it.each([
    ['buyUrl', 'link'],
    ['url', 'link'],
    ['product link', 'link'],
    ['Agent Link', 'link'],
    ['LINK', 'link'],
    ['priceCny', 'price'],
    ['price_cny', 'price'],
    ['price_usd', 'price'],
    ['priceUsd', 'price'],
    ['Price (¥)', 'price'],
    ['cost', 'price'],
    ['CNY', 'price'],
    ['name', 'title'],
    ['Product Name', 'title'],
    ['img', 'image'],
    ['picture', 'image'],
    ['photo', 'image'],
    ['thumbnail', 'image'],
    ['Currency', 'currency'],
    ['__1', null],
    ['Column 1', null],
    ['views', null],
  ])('%s feeds %s', (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });

  it.each([
    ['priceCny', 'CNY'],
    ['price_cny', 'CNY'],
    ['pricecny', 'CNY'],
    ['Price (¥)', 'CNY'],
    ['Price (RMB)', 'CNY'],
    ['price_usd', 'USD'],
    ['USD price', 'USD'],
    ['Price €', 'EUR'],
    ['Price £', 'GBP'],
    ['price', null],
    ['title', null],
  ])('the header %s names the currency %s', (header, code) => {
    expect(headerCurrency(header)).toBe(code);
  });

  it('reads currency words, codes and signs', () => {
    expect([
      currencyOfWord('rmb'),
      currencyOfWord('¥'),
      currencyOfWord('元'),
      currencyOfWord('€'),
      currencyOfWord('usd'),
      currencyOfWord('JPY'),
    ]).toEqual(['CNY', 'CNY', 'CNY', 'EUR', 'USD', 'JPY']);
    expect([currencyOfWord(''), currencyOfWord('BTC'), currencyOfWord('hello')]).toEqual([null, null, null]);
  });

  it('guesses a mapping by names alone, and the export keeps its columns (no currency)', () => {
    expect(guessMapping(['Title', 'buyUrl', 'priceCny', 'x'])).toEqual({ Title: 'title', buyUrl: 'link', priceCny: 'price', x: 'ignore' });
    expect(EXPORT_COLUMNS).not.toContain('currency');
  });
});

describe('readPrice', () => {
  it.each([
    ['$20', 20, 'USD'],
    ['¥107', 107, 'CNY'],
    ['￥107', 107, 'CNY'],
    ['107 CNY', 107, 'CNY'],
    ['RMB 107', 107, 'CNY'],
    ['107元', 107, 'CNY'],
    ['CN¥ 88', 88, 'CNY'],
    ['€ 9,99', 9.99, 'EUR'],
    ['19,99 €', 19.99, 'EUR'],
    ['£5', 5, 'GBP'],
    ['US$12', 12, 'USD'],
    ['HK$ 80', 80, 'HKD'],
    ['12 usd', 12, 'USD'],
    ['1,250.00', 1250, null],
    ['12.50', 12.5, null],
    [' 7 ', 7, null],
  ])('%s is %d %s', (text, amount, currency) => {
    expect(readPrice(text)).toEqual({ amount, currency });
  });

  it('takes numbers as they are and refuses what is not one price', () => {
    expect(readPrice(12.5)).toEqual({ amount: 12.5, currency: null });
    for (const bad of ['free', '', '¥107-120', '$20 CNY', 'TBD', null, undefined, {}, Number.NaN]) expect(readPrice(bad)).toBeNull();
  });
});

describe('addresses in cells', () => {
  it('knows one http(s) address from anything else', () => {
    expect(isHttpAddress('https://weidian.com/item.html?itemID=1')).toBe(true);
    expect(isHttpAddress('see https://weidian.com')).toBe(false);
    expect(isHttpAddress('javascript:alert(1)')).toBe(false);
  });

  it('finds the address inside share text', () => {
    expect(firstHttpAddress('【淘宝】https://m.tb.cn/h.abc123?tk=xyz CZ0001 「Nike Air Force 1」点击链接直接打开')).toBe(
      'https://m.tb.cn/h.abc123?tk=xyz',
    );
    expect(firstHttpAddress('Buy here: https://weidian.com/item.html?itemID=5.')).toBe('https://weidian.com/item.html?itemID=5');
    expect(firstHttpAddress('no link')).toBeNull();
  });

  it("takes a hyperlink's target when the cell's text is not an address", () => {
    expect(addressOfCell('LINK', 'https://weidian.com/item.html?itemID=1')).toBe('https://weidian.com/item.html?itemID=1');
    expect(addressOfCell('https://a.example/x', 'https://b.example/y')).toBe('https://a.example/x');
    expect(addressOfCell('item.taobao.com/item.htm?id=675330231400')).toBe('https://item.taobao.com/item.htm?id=675330231400');
    expect(addressOfCell('BUY')).toBeNull();
    expect(addressOfCell('BUY', 'javascript:alert(1)')).toBeNull();
  });

  it('knows picture addresses and paths', () => {
    expect(looksLikeImage('https://x.example/a/b.JPG?v=2')).toBe(true);
    expect(looksLikeImage('/uploads/x.png')).toBe(true);
    expect(looksLikeImage('https://si.geilicdn.com/abc')).toBe(true);
    expect(looksLikeImage('https://weidian.com/item.html?itemID=1')).toBe(false);
    expect(looksLikeImage('a photo.png')).toBe(false);
    expect(looksLikeImage('')).toBe(false);
  });

  it('knows short share links by their host', () => {
    expect(isShortLink('https://m.tb.cn/h.abc', DEFAULT_SHORT_LINK_HOSTS)).toBe(true);
    expect(isShortLink('https://k.youshop10.com/xyz', DEFAULT_SHORT_LINK_HOSTS)).toBe(true);
    expect(isShortLink('https://item.taobao.com/item.htm?id=1', DEFAULT_SHORT_LINK_HOSTS)).toBe(false);
    expect(isShortLink('not a link', DEFAULT_SHORT_LINK_HOSTS)).toBe(false);
  });
});

describe('guessColumns', () => {
  const sheet = records([
    {
      'Column 1': 'Nike Air Force 1\n22+ colorways',
      __1: '$20',
      __2: 'https://www.cnfans.com/product/?shop_type=weidian&id=7232290099&ref=1',
      __3: 'https://i.imgur.com/a.jpg',
      __4: '7232290099',
    },
    {
      'Column 1': 'Jordan 4 Black Cat',
      __1: '¥107',
      __2: 'https://weidian.com/item.html?itemID=7240382968',
      __3: 'https://i.imgur.com/b.png',
      __4: '7240382968',
    },
    { 'Column 1': 'Yeezy Slide', __1: '12.50', __2: 'https://item.taobao.com/item.htm?id=691541677564', __3: '', __4: '691541677564' },
  ]);

  it('maps blank-headed columns by their values: links, pictures, prices, the longest text as title; ids are no price', () => {
    expect(guessColumns(['Column 1', '__1', '__2', '__3', '__4'], sheet)).toEqual({
      'Column 1': 'title',
      __1: 'price',
      __2: 'link',
      __3: 'image',
      __4: 'ignore',
    });
  });

  it('keeps what the names map and guesses only the fields still missing', () => {
    const rows = records([{ title: 'A', x: 'https://weidian.com/item.html?itemID=1', y: '¥5' }]);
    expect(guessColumns(['title', 'x', 'y'], rows)).toEqual({ title: 'title', x: 'link', y: 'price' });
    expect(guessColumns(['title', 'x', 'y'], rows, ['x'])).toEqual({ title: 'title', x: 'ignore', y: 'price' });
  });

  it('counts hyperlink targets: a column of "LINK" cells whose targets are items is the link', () => {
    const rows = records(
      [
        { a: 'Tee', b: 'LINK', c: '10' },
        { a: 'Hat', b: 'LINK', c: '12' },
      ],
      [{ b: 'https://weidian.com/item.html?itemID=1' }, { b: 'https://item.taobao.com/item.htm?id=2' }],
    );
    expect(guessColumns(['a', 'b', 'c'], rows)).toEqual({ a: 'title', b: 'link', c: 'price' });
  });

  it('maps a column of currency codes as the currency', () => {
    const rows = records([
      { name: 'Tee', amount: '10', cur: 'CNY', kind: 'x' },
      { name: 'Hat', amount: '12', cur: 'USD', kind: 'y' },
    ]);
    expect(guessColumns(['name', 'amount', 'cur', 'kind'], rows)).toMatchObject({ name: 'title', amount: 'price', cur: 'currency' });
  });

  it('reads at most the first 50 non-blank values of a column', () => {
    const many = records(
      Array.from({ length: 80 }, (_, i) => ({ v: i < 5 ? '' : i < 55 ? 'https://weidian.com/item.html?itemID=7231813762' : 'text' })),
    );
    expect(columnStats('v', many)).toMatchObject({ n: 50, links: 50, items: 50 });
  });

  it('leaves a field unmapped when no column looks like it', () => {
    expect(guessColumns(['a', 'b'], records([{ a: '', b: '' }]))).toEqual({ a: 'ignore', b: 'ignore' });
  });
});
