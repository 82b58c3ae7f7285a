import { describe, expect, it } from 'vitest';
import { proposeCategory, titleOfCategory } from './import-categories';

describe('categories at import (issue 40)', () => {
  const list = ['Jackets', 'Shoes', 'T-Shirts', 'Hoodies', 'Pants', 'Coats and Jackets'];

  it('proposes the existing category a new one means: spelling, plural, then the niche words', () => {
    expect(proposeCategory('jackets', list)).toEqual({ target: 'Jackets', reason: 'spelling' });
    expect(proposeCategory('coats-and-jackets', list)).toEqual({ target: 'Coats and Jackets', reason: 'spelling' });
    expect(proposeCategory('Jacket', list)).toEqual({ target: 'Jackets', reason: 'plural' });
    expect(proposeCategory('hoodie', list)).toEqual({ target: 'Hoodies', reason: 'plural' });
    expect(proposeCategory('coats', list)).toEqual({ target: 'Jackets', reason: 'dictionary' });
    expect(proposeCategory('parkas-down-jackets', list)).toEqual({ target: 'Jackets', reason: 'dictionary' });
    expect(proposeCategory('sneakers', list)).toEqual({ target: 'Shoes', reason: 'dictionary' });
    expect(proposeCategory('tees', list)).toEqual({ target: 'T-Shirts', reason: 'dictionary' });
    expect(proposeCategory('hoodies-sweatshirts', list)).toEqual({ target: 'Hoodies', reason: 'dictionary' });
    expect(proposeCategory('trousers', list)).toEqual({ target: 'Pants', reason: 'dictionary' });
  });

  it('proposes nothing it cannot back: no such category in the list, or an unrelated word', () => {
    expect(proposeCategory('bags', list)).toBeNull();
    expect(proposeCategory('Knitwear', list)).toBeNull();
    expect(proposeCategory('sneakers', ['Jackets'])).toBeNull();
  });

  it('makes slugs titles and leaves names alone', () => {
    expect(titleOfCategory('hoodies-sweatshirts')).toBe('Hoodies Sweatshirts');
    expect(titleOfCategory('knitwear')).toBe('Knitwear');
    expect(titleOfCategory('coats_and_jackets')).toBe('Coats and Jackets');
    expect(titleOfCategory('T-Shirts')).toBe('T-Shirts');
    expect(titleOfCategory('Best of 2024')).toBe('Best of 2024');
  });
});
