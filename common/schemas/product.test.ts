import { describe, expect, it } from 'vitest';
import { finderQuerySchema, linkFromInput, normaliseGender, parseBestFlag } from './product';

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
    expect(finderQuerySchema.parse({ gender: 'all', category: 'ALL', search: '   ', best: 'false' })).toEqual({
      limit: 6,
      seed: 0,
      gender: undefined,
      category: undefined,
      search: undefined,
      best: undefined,
    });
  });
});
