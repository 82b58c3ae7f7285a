// The translated plurals (issue 41): the compiled catalogues give each language's CLDR plural forms, Polish for
// 1, 2, 5, 22 (one, few, many, few) and Arabic for 0, 1, 2, 3, 11, 100 (zero, one, two, few, many, other), on a
// message of the pages catalogue and one of the first view's. The exact strings are the translators' wording.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from './catalogues';
import { i18nFor, type RuntimeLang } from './i18n';

const FINDS = '{n, plural, one {# find} other {# finds}}';
const PRODUCTS = '{count, plural, one {# product} other {# products}}';

function say(lang: RuntimeLang) {
  const i18n = i18nFor(lang);
  return {
    finds: (n: number) => i18n._(FINDS, { n }),
    products: (count: number) => i18n._(PRODUCTS, { count }),
  };
}

beforeAll(async () => {
  for (const lang of ['en', 'pl', 'ar'] as const) {
    await loadCatalogue(lang, 'first');
    await loadCatalogue(lang, 'pages');
  }
});

describe('plural messages', () => {
  it('stay as the specification wrote them in English', () => {
    const en = say('en');
    expect([1, 2].map(en.finds)).toEqual(['1 find', '2 finds']);
    expect([1, 5].map(en.products)).toEqual(['1 product', '5 products']);
  });

  it('take the Polish forms for 1, 2, 5 and 22', () => {
    const pl = say('pl');
    expect([1, 2, 5, 22].map(pl.finds)).toEqual(['1 znalezisko', '2 znaleziska', '5 znalezisk', '22 znaleziska']);
    expect([1, 2, 5, 22].map(pl.products)).toEqual(['1 produkt', '2 produkty', '5 produktów', '22 produkty']);
  });

  it('take the Arabic forms for 0, 1, 2, 3, 11 and 100', () => {
    const ar = say('ar');
    expect([0, 1, 2, 3, 11, 100].map(ar.finds)).toEqual([
      'لا توجد اكتشافات',
      'اكتشاف واحد',
      'اكتشافان',
      '3 اكتشافات',
      '11 اكتشافًا',
      '100 اكتشاف',
    ]);
    expect([0, 1, 2, 3, 11, 100].map(ar.products)).toEqual(['لا توجد منتجات', 'منتج واحد', 'منتجان', '3 منتجات', '11 منتجًا', '100 منتج']);
  });
});
