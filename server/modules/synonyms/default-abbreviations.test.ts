// The default abbreviations and the words too weak to answer alone (issue 40, decision 0095): every one of the
// niche's 60 most common abbreviations is a default synonym of a fresh database, an abbreviation finds its brand
// before anything that merely contains its letters, and a search of nonsense with short or stop words in it finds
// nothing (the specification's empty state) instead of a partial answer for "no".
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '../../../common/schemas/product';
import type { SynonymList } from '../../../common/schemas/synonym';
import { tokenize } from '../catalogue/search-tokens';
import { send } from '../../test/auth-helpers';
import { insertProducts } from '../../test/factories';
import { withAdminApp } from '../../test/admin-app';
import { NICHE_ABBREVIATIONS } from './fixtures/niche-abbreviations';

const t = withAdminApp({ name: 'abbreviations', clear: ['catalogue'] });

beforeAll(async () => {
  await insertProducts(
    t.ctx.database,
    [
      { title: 'Nike ACG Mountain Fly', brand: 'Nike', description: 'All conditions gear.' },
      { title: 'Expedition Parka', brand: 'Canada Goose', description: 'Arctic down.' },
      { title: 'Varsity Jacket', brand: 'Golf Wang', description: 'Wool body, leather sleeves.' },
      { title: 'Soft Shell Jacket', brand: 'Stone Island', description: 'Compass badge.' },
      { title: 'Classic Polo Shirt', brand: 'Ralph Lauren', description: 'Pony logo.' },
      { title: 'Tabi Boots', brand: 'MM6 Maison Margiela', description: 'Split toe.' },
      { title: 'Adidas Yeezy Boost 350 V2 Zebra', brand: 'Adidas', description: 'Primeknit.' },
      { title: 'Adidas Yeezy Slide Onyx', brand: 'Adidas', description: 'Foam.' },
      { title: 'Air Jordan 12 Taxi', brand: 'Nike', description: 'Patent leather.' },
      { title: 'Nocturnal Snow Hoodie', brand: 'Corteiz', description: 'Heavy cotton.' },
    ].map((p) => ({ category: null, gender: 'Unisex', price: 100, ...p })) as never,
  );
});

const search = async (q: string) => {
  const res = await send(t.ctx.app, 'GET', `/api/products?search=${encodeURIComponent(q)}&limit=24`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductPage>();
};
const titles = async (q: string) => (await search(q)).items.map((p) => p.title);

describe('the default abbreviations', () => {
  it("cover the niche's 60 most common abbreviations, each with the name it stands for", async () => {
    expect(NICHE_ABBREVIATIONS).toHaveLength(60);
    expect(new Set(NICHE_ABBREVIATIONS.map((a) => a.abbreviation)).size).toBe(60);
    const res = await send(t.ctx.app, 'GET', '/api/admin/synonyms', { cookie: t.admin });
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json<SynonymList>().items.map((s) => s.terms.map((t) => tokenize(t).join(' ')));
    const missing = NICHE_ABBREVIATIONS.filter(
      ({ abbreviation, means }) => !groups.some((g) => g.includes(abbreviation) && g.includes(tokenize(means).join(' '))),
    );
    expect(missing).toEqual([]);
  });

  it('find the brand an abbreviation names before a word that merely contains its letters', async () => {
    expect(await titles('cg')).toEqual(['Expedition Parka']);
    expect((await titles('si jacket'))[0]).toBe('Soft Shell Jacket');
    expect(await titles('si jacket')).not.toContain('Varsity Jacket');
    expect(await titles('rl polo')).toEqual(['Classic Polo Shirt']);
    expect(await titles('mm6')).toEqual(['Tabi Boots']);
    expect(await titles('aj12')).toEqual(['Air Jordan 12 Taxi']);
  });
});

describe('words too weak to answer alone', () => {
  it('a search of nonsense with short and stop words finds nothing, never a partial answer for them', async () => {
    for (const q of ['zz-no-such-product-qwxv', 'the zz of qwxv', 'qwxv de la no', 'xkcdq und der', 'qwxv für', 'blorf 的 no']) {
      const page = await search(q);
      expect(page.items, q).toEqual([]);
      expect(page.total, q).toBe(0);
      expect(page.partial, q).toBeNull();
    }
  });

  it('still match when a product has every word, and a strong word still makes a partial answer', async () => {
    // "no" is inside Nocturnal and Snow: with the strong word it matches; alone it is no answer.
    expect(await titles('nocturnal snow')).toEqual(['Nocturnal Snow Hoodie']);
    const page = await search('yeezy 350 qwxv');
    expect(page.partial).toEqual({ used: ['yeezy', '350'], dropped: ['qwxv'] });
    const partial = await search('yeezy qwxv');
    expect(partial.partial?.used).toEqual(['yeezy']);
    expect(partial.total).toBe(2);
  });
});
