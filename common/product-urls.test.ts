import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, parseProductRef, productPath, slugify } from './product-urls';

describe('slugify', () => {
  it('keeps letters and digits, joined by single hyphens', () => {
    expect(slugify('Nike Air Max 90 – Crème/Noir')).toBe('nike-air-max-90-creme-noir');
    expect(slugify('  Cargo   Pants!! ')).toBe('cargo-pants');
    expect(slugify('Salt & Pepper Tee')).toBe('salt-and-pepper-tee');
  });

  it('gives a word for titles with nothing to keep', () => {
    expect(slugify('')).toBe('product');
    expect(slugify('★★★')).toBe('product');
    expect(slugify('運動鞋')).toBe('product');
  });

  it('cuts long titles at a word boundary', () => {
    const slug = slugify('Heavyweight Oversized Garment Dyed Cotton Hoodie With Embroidered Logo And Kangaroo Pocket');
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toBe('heavyweight-oversized-garment-dyed-cotton-hoodie-with');
    expect(slugify('x'.repeat(200))).toHaveLength(SLUG_MAX_LENGTH);
  });
});

describe('product addresses', () => {
  it('end in the product number', () => {
    expect(productPath({ title: 'Corduroy Trucker Jacket', number: 42 })).toBe('/products/corduroy-trucker-jacket-42');
  });

  it('parse back to slug and number, digits in the title included', () => {
    expect(parseProductRef('air-max-90-17')).toEqual({ slug: 'air-max-90', number: 17 });
    expect(parseProductRef('17')).toEqual({ slug: '', number: 17 });
    expect(parseProductRef(productPath({ title: '1990s Tee', number: 3 }).split('/')[2] ?? '')).toEqual({ slug: '1990s-tee', number: 3 });
  });

  it('refuse anything without a product number', () => {
    for (const bad of ['', 'jacket', 'jacket-', 'jacket-0', 'jacket-99999999999', '-', 'jacket-12x', '1.5']) {
      expect(parseProductRef(bad), bad).toBeNull();
    }
  });
});
