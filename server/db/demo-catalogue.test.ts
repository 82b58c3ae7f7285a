import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseItemLink } from '../../common/agent-links';
import { DEFAULT_CATEGORIES } from '../../common/constants';
import { demoImageFileName, demoProducts, renderDemoImage } from './demo-catalogue';

const products = demoProducts();
const count = (pred: (p: (typeof products)[number]) => boolean) => products.filter(pred).length;
const hasWord = (text: string, words: string[]) => words.some((w) => new RegExp(`\\b${w}\\b`, 'i').test(text));

describe('demo catalogue', () => {
  it('has 72 unique, deterministic products', () => {
    expect(products).toHaveLength(72);
    expect(new Set(products.map((p) => p.title)).size).toBe(72);
    expect(new Set(products.map((p) => p.slug)).size).toBe(72);
    expect(demoProducts()).toEqual(products);
    expect(products.map((p) => p.row)).toEqual(Array.from({ length: 72 }, (_, i) => i + 1));
  });

  it('covers every default category and every gender', () => {
    for (const c of DEFAULT_CATEGORIES)
      expect(
        count((p) => p.category === c.name),
        c.name,
      ).toBeGreaterThanOrEqual(6);
    expect(count((p) => p.gender === 'Men')).toBeGreaterThanOrEqual(30);
    expect(count((p) => p.gender === 'Women')).toBeGreaterThanOrEqual(20);
    expect(count((p) => p.gender === 'Kids')).toBeGreaterThanOrEqual(6);
    expect(count((p) => p.gender === 'Unisex')).toBeGreaterThanOrEqual(6);
  });

  it('names items with the keywords of their category', () => {
    const words: Record<string, string[]> = {
      Shoes: ['shoe', 'sneaker', 'boot'],
      Jackets: ['jacket', 'coat'],
      Pants: ['jeans', 'pants', 'cargo'],
      'T-Shirts': ['tee', 't-shirt'],
      Accessories: ['bag', 'wallet', 'belt', 'hat'],
      Hoodies: ['hoodie'],
      Shorts: ['shorts'],
      Sweaters: ['sweater', 'cardigan', 'knit'],
    };
    for (const p of products) expect(hasWord(p.title, words[p.category] ?? []), p.title).toBe(true);
  });

  it('prices between 9 and 240 with two decimals, links to the store', () => {
    for (const p of products) {
      expect(p.price).toBeGreaterThanOrEqual(9);
      expect(p.price).toBeLessThanOrEqual(240);
      expect(Math.round(p.price * 100) / 100).toBe(p.price);
      expect(p.link).toMatch(/^https:\/\/cnfans\.com\/product\/\?shop_type=(taobao|weidian|ali_1688)&id=\d{10,12}$/);
      expect(parseItemLink(p.link)).not.toBeNull();
      expect(p.slug).toBe(
        p.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
      );
    }
    // About one in five is a best product.
    expect(count((p) => p.isBestProduct)).toBeGreaterThanOrEqual(10);
    expect(count((p) => p.isBestProduct)).toBeLessThanOrEqual(20);
  });

  it('has one corduroy item and one Zephyr Atelier item, for search tests', () => {
    const text = (p: (typeof products)[number]) => `${p.title} ${p.description} ${p.brand}`.toLowerCase();
    expect(count((p) => text(p).includes('corduroy'))).toBe(1);
    expect(count((p) => text(p).includes('zephyr'))).toBe(1);
    expect(count((p) => /\bcorduroy\b/i.test(p.title))).toBe(1);
    expect(count((p) => p.brand === 'Zephyr Atelier')).toBe(1);
  });

  it('has women items in several categories and a detail colour unlike the main one', () => {
    expect(new Set(products.filter((p) => p.gender === 'Women').map((p) => p.category)).size).toBeGreaterThanOrEqual(4);
    for (const p of products) expect(p.art.accent, p.title).not.toBe(p.art.main);
  });

  it('draws a deterministic 800 x 800 JPEG for two sample products', async () => {
    for (const p of [products[0], products[40]]) {
      if (!p) throw new Error('missing product');
      const meta = await sharp(await renderDemoImage(p)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 800 });
      expect((await renderDemoImage(p)).equals(await renderDemoImage(p))).toBe(true);
      expect(demoImageFileName(p)).toBe(`demo_${p.slug}.jpg`);
    }
  });
});
