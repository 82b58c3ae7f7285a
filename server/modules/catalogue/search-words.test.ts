import { describe, expect, it } from 'vitest';
import { allowedTypos, editDistance, planSearch, searchWords, type TermCandidate } from './search-words';

describe('searchWords', () => {
  it('cuts at white space, lowers, trims punctuation from the ends and drops repeats', () => {
    expect(searchWords('  Black  HOODIE, black!  t-shirt ')).toEqual(['black', 'hoodie', 't-shirt']);
    expect(searchWords('100%')).toEqual(['100']);
    // Punctuation alone is looked for as it is.
    expect(searchWords('% &')).toEqual(['%', '&']);
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('editDistance', () => {
  it.each([
    ['hodie', 'hoodie', 1],
    ['hoddie', 'hoodie', 1],
    ['hoodei', 'hoodie', 1],
    ['jaket', 'jacket', 1],
    ['snaeker', 'sneaker', 1],
    ['shirt', 'skirt', 1],
    ['cardigna', 'cardigan', 1],
    ['crewnek', 'crewneck', 1],
    ['abc', 'xyz', 3],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b, 3)).toBe(d);
  });

  it('stops past the limit', () => {
    expect(editDistance('sneaker', 'boot', 1)).toBe(2);
  });
});

describe('allowedTypos', () => {
  it('allows none under 4 letters, one from 4, two from 8', () => {
    expect(allowedTypos('tee')).toBe(0);
    expect(allowedTypos('hodi')).toBe(1);
    expect(allowedTypos('cardigan')).toBe(2);
  });
});

const c = (word: number, term: string, products: number, sameStem = false, contains = false, inTitles = products): TermCandidate => ({
  word,
  term,
  products,
  inTitles,
  sameStem,
  contains,
});

describe('planSearch', () => {
  it('matches a plural through the singular (a substring of both)', () => {
    const plan = planSearch(['jackets'], [c(0, 'jacket', 40, true), c(0, 'jackets', 3, true, true)]);
    expect(plan.words).toEqual([{ word: 'jackets', forms: ['jacket'], typos: [], best: 6 }]);
    expect(plan.correction).toBeNull();
  });

  it('keeps forms that are not substrings of each other', () => {
    const plan = planSearch(['accessories'], [c(0, 'accessory', 5, true), c(0, 'accessories', 2, true, true)]);
    expect(plan.words[0]?.forms.sort()).toEqual(['accessories', 'accessory']);
  });

  it('corrects a word no product has to its nearest, most common spelling', () => {
    const plan = planSearch(['hodie'], [c(0, 'hoodie', 30), c(0, 'hoodies', 4), c(0, 'holiday', 9)]);
    expect(plan.words).toEqual([{ word: 'hodie', forms: ['hodie'], typos: ['hoodie'], best: 3 }]);
    expect(plan.correction).toBe('hoodie');
  });

  it('leaves a known word alone, even with near spellings about (shirt is not skirt)', () => {
    const plan = planSearch(['shirt'], [c(0, 'shirt', 10, true, true), c(0, 'skirt', 50)]);
    expect(plan.words[0]).toEqual({ word: 'shirt', forms: ['shirt'], typos: [], best: 6 });
    expect(plan.correction).toBeNull();
  });

  it('does not correct short words, and allows two edits from eight letters', () => {
    expect(planSearch(['tea'], [c(0, 'tee', 10)]).words[0]?.typos).toEqual([]);
    expect(planSearch(['cradigna'], [c(0, 'cardigan', 10)]).words[0]?.typos).toEqual(['cardigan']);
    expect(planSearch(['crdign'], [c(0, 'cardigan', 10)]).words[0]?.typos).toEqual([]);
  });

  it('corrects each word of several on its own', () => {
    const plan = planSearch(['blak', 'hoodie'], [c(0, 'black', 20), c(1, 'hoodie', 30, true, true)]);
    expect(plan.correction).toBe('black hoodie');
  });

  it('knows the most a word can score: in a title, only in brands, or as a near spelling', () => {
    expect(planSearch(['northfold'], [c(0, 'northfold', 20, true, true, 0)]).words[0]?.best).toBe(4);
    expect(planSearch(['hodie'], [c(0, 'hoodie', 30, false, false, 30)]).words[0]?.best).toBe(3);
    expect(planSearch(['northfld'], [c(0, 'northfold', 20, false, false, 0)]).words[0]?.best).toBe(2);
    expect(planSearch(['qqqq'], []).words[0]?.best).toBe(2);
  });

  it('reaches one edit further, and past known words, for "did you mean"', () => {
    const plan = planSearch(['shirt'], [c(0, 'shirt', 1, true, true), c(0, 'skirt', 50)], true);
    expect(plan.correction).toBe('skirt');
  });
});
