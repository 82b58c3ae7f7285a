import { describe, expect, it } from 'vitest';
import { brandMatcher, brandOfTitle, DEFAULT_BRAND_ALIASES, genderOfBucket, genderOfTitle, isMerchandisingBucket } from './import-derive';

describe('derived fields (issue 40)', () => {
  const brands = brandMatcher(DEFAULT_BRAND_ALIASES);

  it('reads a brand from a title that starts with or names a known brand or model, longest first', () => {
    expect(brandOfTitle('Air Force 1 Low White', brands)).toBe('Nike');
    expect(brandOfTitle('Air Jordan 1 Chicago', brands)).toBe('Jordan');
    expect(brandOfTitle('Yeezy 350 V2 Zebra', brands)).toBe('Adidas');
    expect(brandOfTitle("Arc'teryx Beta LT", brands)).toBe("Arc'teryx");
    expect(brandOfTitle('Arcteryx Atom Hoody', brands)).toBe("Arc'teryx");
    expect(brandOfTitle('Cropped Corteiz Top', brands)).toBe('Corteiz');
    expect(brandOfTitle('Nuptse 700 Black', brands)).toBe('The North Face');
  });

  it('needs whole words: no brand inside another word, none for a plain title', () => {
    expect(brandOfTitle('Plain Heavyweight Tee', brands)).toBeNull();
    expect(brandOfTitle('Nikes-inspired cap', brands)).toBeNull();
    expect(brandOfTitle('Dunkirk Jacket', brands)).toBeNull();
  });

  it('takes an edited list: a model the defaults lack', () => {
    const mine = brandMatcher([...DEFAULT_BRAND_ALIASES, { alias: 'Box Logo', brand: 'Supreme' }]);
    expect(brandOfTitle('Box Logo Hoodie Red', mine)).toBe('Supreme');
    expect(brandOfTitle('Box Logo Hoodie Red', brands)).toBeNull();
  });

  it('knows audience and merchandising buckets in the spellings sites use', () => {
    expect(genderOfBucket('Women')).toBe('Women');
    expect(genderOfBucket("Men's")).toBe('Men');
    expect(genderOfBucket('mens-clothing')).toBe('Men');
    expect(genderOfBucket('Kids')).toBe('Kids');
    expect(genderOfBucket('Jackets')).toBeNull();
    expect(isMerchandisingBucket('Trending Now')).toBe(true);
    expect(isMerchandisingBucket('latest-finds')).toBe(true);
    expect(isMerchandisingBucket('Best Sellers')).toBe(true);
    expect(isMerchandisingBucket('Sneakers')).toBe(false);
    expect(genderOfTitle("Women's Puffer Cream")).toBe('Women');
    expect(genderOfTitle('Womenswear Tote')).toBeNull();
  });
});
