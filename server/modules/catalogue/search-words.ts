// How a typed search becomes what the finder looks for (issue 14, decision 0037): pure rules, tested on a fixture.
//
// The text is cut into words at white space (punctuation trimmed from each end, so "t-shirt" stays one word). Every
// word must match, in any order. A word matches as a case-insensitive substring of title, description or brand
// (the spec's rule), or in one of its forms: the words of the catalogue with the same English stem ("jackets" →
// jacket, "accessory" → accessories). A word no title or brand contains, in any form, also matches its near
// spellings: the catalogue's words at most one edit away (two from eight letters), "hodie" → hoodie.

/** What the vocabulary (search_terms) says about one typed word. */
export type TermCandidate = {
  /** Index of the typed word this candidate was found for. */
  word: number;
  term: string;
  /** Products whose title or brand has it. */
  products: number;
  /** Of those, products whose title has it. */
  inTitles: number;
  /** Same English stem as the typed word. */
  sameStem: boolean;
  /** The typed word is a substring of it. */
  contains: boolean;
};

/**
 * One typed word and what it matches: `forms` (exact or another form) rank above `typos`. `best` is the most a
 * product can score for it, from what the vocabulary knows: 6 when a title has a form, 4 when only brands do, 3 or
 * 2 for a near spelling in a title or only in brands, 2 for a word only descriptions can have.
 */
export type WordPlan = { word: string; forms: string[]; typos: string[]; best: number };

export type SearchPlan = {
  words: WordPlan[];
  /** The text with each corrected word replaced by its likeliest spelling; null when nothing was corrected. */
  correction: string | null;
};

/** Words looked up in the vocabulary at most; further words match as plain substrings. */
export const MAX_PLANNED_WORDS = 8;
/** Forms and near spellings kept per word. */
const MAX_FORMS = 6;
const MAX_TYPOS = 3;

/** Cuts the search into distinct lower-case words, in the order typed. */
export function searchWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    // A word of punctuation alone ("%", "&") is looked for as it is.
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || w)
    .filter(Boolean);
  return [...new Set(words)];
}

/** Edits a near spelling may be away: none under 4 letters, one from 4, two from 8 (as storefront search engines do). */
export function allowedTypos(word: string): number {
  const length = [...word].length;
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/** Optimal string alignment distance (insert, delete, substitute, swap two neighbours), stopping past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[t.length] ?? max + 1;
}

/** Drops any pattern that contains another one: "jacket" already matches wherever "jackets" does. */
function withoutSuperstrings(patterns: string[]): string[] {
  return patterns.filter((p, i) => !patterns.some((q, j) => j !== i && p.includes(q) && (p !== q || j < i)));
}

/**
 * Plans the search from the typed words and the vocabulary's candidates for the first MAX_PLANNED_WORDS of them.
 * `loose` (the way out of an empty result) accepts near spellings one edit further and for known words too.
 */
export function planSearch(words: string[], candidates: TermCandidate[], loose = false): SearchPlan {
  let corrected = false;
  const correctedWords: string[] = [];
  const plans = words.map((word, index): WordPlan => {
    if (index >= MAX_PLANNED_WORDS) {
      correctedWords.push(word);
      return { word, forms: [word], typos: [], best: 6 };
    }
    const mine = candidates.filter((c) => c.word === index);
    const forms = withoutSuperstrings([
      word,
      ...mine
        .filter((c) => c.sameStem)
        .sort((a, b) => b.products - a.products)
        .map((c) => c.term),
    ]).slice(0, MAX_FORMS);
    const known = mine.some((c) => (c.contains || c.sameStem) && c.products > 0);
    const inTitles = mine.some((c) => (c.contains || c.sameStem) && c.inTitles > 0);
    let typos: string[] = [];
    const allowed = allowedTypos(word) + (loose ? 1 : 0);
    if ((!known || loose) && allowed > 0) {
      const near = mine
        .filter((c) => !c.contains && !c.sameStem && c.products > 0)
        .map((c) => ({ ...c, distance: editDistance(word, c.term, allowed) }))
        .filter((c) => c.distance <= allowed)
        .sort((a, b) => a.distance - b.distance || b.products - a.products || a.term.localeCompare(b.term));
      const best = near[0]?.distance;
      typos = withoutSuperstrings(near.filter((c) => c.distance === best).map((c) => c.term)).slice(0, MAX_TYPOS);
    }
    const first = typos[0];
    const typoInTitles = mine.some((c) => typos.includes(c.term) && c.inTitles > 0);
    const best = inTitles ? 6 : known ? 4 : typos.length ? (typoInTitles ? 3 : 2) : 2;
    if (first !== undefined && (!known || loose)) {
      corrected = true;
      correctedWords.push(first);
    } else correctedWords.push(word);
    return { word, forms, typos, best };
  });
  return { words: plans, correction: corrected ? correctedWords.join(' ') : null };
}
