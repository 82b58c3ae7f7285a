import { describe, expect, it } from 'vitest';
import { finderQuerySchema, linkFromInput, normaliseGender, parseBestFlag, parsePrice, productInputSchema } from './product';

describe('product input rules', () => {
  it('normalises gender case-insensitively', () => {
    expect(normaliseGender('women')).toBe('Women');
    expect(normaliseGender(' MEN ')).toBe('Men');
    expect(normaliseGender('kids')).toBe('Kids');
    expect(normaliseGender('other')).toBeNull();
    expect(normaliseGender(undefined)).toBeNull();
  });

  it('accepts the best flag as a boolean or the string true', () => {
    expect(parseBestFlag(true)).toBe(true);
    expect(parseBestFlag('true')).toBe(true);
    expect(parseBestFlag('false')).toBe(false);
    expect(parseBestFlag(undefined)).toBe(false);
  });

  it('takes the link from either spelling', () => {
    expect(linkFromInput({ cnFansLink: 'https://a.example' })).toBe('https://a.example');
    expect(linkFromInput({ cnfansLink: 'https://b.example' })).toBe('https://b.example');
    expect(linkFromInput({ cnFansLink: '  ', cnfansLink: 'https://b.example' })).toBe('https://b.example');
    expect(linkFromInput({})).toBeNull();
  });

  it('treats All and blanks as no filter', () => {
    expect(
      finderQuerySchema.parse({ gender: 'all', category: 'ALL', search: '   ', best: 'false', brand: ' , ', minPrice: '', sort: '' }),
    ).toEqual({
      limit: 6,
      seed: 0,
      sort: 'recommended',
      gender: undefined,
      category: undefined,
      search: undefined,
      best: undefined,
      brand: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    });
  });
});

describe('productInputSchema', () => {
  it('reports every bad field at once, the link among them', () => {
    const result = productInputSchema.safeParse({ title: '', price: '0', link: 'javascript:alert(1)', image: 'data:x' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['image', 'link', 'price', 'title']);
  });

  it('refuses a bad link under either spelling', () => {
    for (const field of ['cnFansLink', 'cnfansLink']) {
      const result = productInputSchema.safeParse({ title: 'x', price: 1, [field]: 'javascript:alert(1)' });
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
  });

  it('rounds prices to 2 decimals and refuses what is not above 0', () => {
    expect(parsePrice('12.345')).toBe(12.35);
    expect(parsePrice(1.005)).toBe(1.01);
    expect(parsePrice('.5')).toBe(0.5);
    for (const bad of ['0', '-1', 'abc', '', '1e3', '1.2.3', Number.NaN, Number.POSITIVE_INFINITY, 0.004, null])
      expect(parsePrice(bad)).toBeNull();
  });
});
