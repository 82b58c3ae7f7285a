// The finder's search index, held in memory by every process (issue 27, decision 0055). Pure: no database here;
// `search-index-keeper.ts` fills it and keeps it in step with the catalogue.
//
// Every product's title, brand and description are cut into tokens (search-tokens.ts); each token keeps the
// products having it with its first position (title 0–99, brand 100–149, description 150–255). A typed word
// matches a token that is it, has its stem, or contains it (the specification's substring rule), except numbers,
// codes and words of one or two letters, which match only whole tokens; a word no title or brand has in any form
// matches its near spellings. Synonyms replace a word or phrase by any phrase of its group, both ways.
// Ranking, as storefront engines do: words matched, typos, proximity, field (title > brand > description),
// exactness, then the shuffled order (decision 0043). When no product has every word, the words most products
// have, earlier words first, are used, and the answer says which were left out.
import type { FacetCounts } from './finder.repo';
import { isStopWord, isWeakWord } from './search-stop-words';
import { allowedTypos, isCjk, normalizeText, stem, tokenize, wholeTokenOnly } from './search-tokens';
import { editDistance } from './search-words';

export type IndexedProduct = {
  id: string;
  /** shuffle_key: the order that breaks ties. */
  key: number;
  /** The row's version (xmin): a changed row is read again. */
  version: string;
  title: string;
  brand: string;
  description: string;
  /** Lower case; null for none. */
  category: string | null;
  gender: string | null;
  best: boolean;
  brandKey: string | null;
  price: number;
  /** created_at in microseconds since 1970. */
  created: number;
  popularity: number;
  groupKey: string | null;
  /** Listed after every product with a picture (visibility.ts `listedLast`: no picture, the setting "List them last"). */
  last: boolean;
  /** The row's bucket of the keeper's catch-up (finder.repo's `indexBuckets`), when read with it. */
  bucket?: number;
};

export type IndexFilter = {
  category?: string | undefined;
  gender?: string | undefined;
  best?: boolean | undefined;
  brands?: string[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Only products added after this time (created_at in microseconds since 1970): "new since your last visit". */
  since?: number | undefined;
  /** Every word required: no partial answer. */
  allWords?: boolean | undefined;
};

export type IndexOrder = 'relevance' | 'newest' | 'price-asc' | 'price-desc' | 'popular';

/** Where a page starts: the last item's keys in the order (see cursor.ts). */
export type IndexAfter = (
  | { order: 'relevance'; score: number; key: number; id: string }
  | { order: 'newest'; created: number; id: string }
  | { order: 'price-asc' | 'price-desc'; price: number; id: string }
  | { order: 'popular'; popularity: number; key: number; id: string }
) & {
  /** The cursor's product is listed last (among the products without a picture, after every other). */
  last: boolean;
};

/** Words per search looked up at most; further words are ignored. */
export const MAX_SEARCH_TERMS = 8;
const TITLE_POS = 0;
const BRAND_POS = 100;
const DESCRIPTION_POS = 150;
const LAST_POS = 255;
/** Proximity counts a gap of at most this many tokens per pair of words (or words in different fields). */
const MAX_GAP = 7;
/** Near spellings kept per word. */
const MAX_TYPOS = 3;
/** The best score: a relevance score is this minus the ranking's penalties (so higher is better). */
export const TOP_SCORE = 1_000_000;

/**
 * A word's part of a product's score, by its rank (see `matching`: 1 + 100 for a typo + 10 per field after the title
 * + the match's inexactness): typos × 64 × 32 × 32 + field × 32 + inexactness. Looked up for every matching product
 * of a search, so computed once here, for every rank an Int16 holds.
 */
const RANK_PENALTY = Int32Array.from({ length: 1 << 15 }, (_, rank) => {
  const r = Math.max(0, rank - 1);
  const typo = r >= 100 ? 1 : 0;
  const field = Math.floor((r % 100) / 10);
  return typo * 64 * 32 * 32 + field * 32 + (r % 10);
});

type Candidate = { token: number; quality: number; typo: boolean };
/** One way a term can be present: each of its tokens (a phrase has several) by any of its candidates. */
type Alternative = Candidate[][];
/** `weak`: a stop word or a word of one or two letters, never a partial answer alone (search-stop-words.ts). */
type Term = { text: string; alternatives: Alternative[]; correction: string | null; patterns: string[]; weak: boolean };

export type SearchResolution = { terms: Term[]; correction: string | null };

export type IndexAnswer = {
  /** Product ids of the page, plus one when there are more. */
  ids: string[];
  /** Scores and keys of those, for the cursor. */
  scores: number[];
  /** Other colours of each one's group that match too. */
  otherColours: number[];
  /** Cards the search gives in all (a group's colours are one card). */
  total: number;
  partial: { used: string[]; dropped: string[] } | null;
  correction: string | null;
};

/** The same counts the database's facet statement gives (finder.repo.ts), answered from the index. */
export type IndexFacets = FacetCounts;

/** Brands listed in the facets at most (the chosen ones always are); the database's statement uses the same. */
export const FACET_BRANDS = 200;

function dictionary() {
  const names: string[] = [];
  const ids = new Map<string, number>();
  return {
    names,
    id(value: string | null): number {
      if (value === null) return -1;
      let id = ids.get(value);
      if (id === undefined) {
        id = names.length;
        names.push(value);
        ids.set(value, id);
      }
      return id;
    },
    find: (value: string) => ids.get(value),
  };
}

function trigrams(text: string): string[] {
  const out: string[] = [];
  const chars = [...text];
  for (let i = 0; i + 3 <= chars.length; i++) out.push(chars.slice(i, i + 3).join(''));
  return out;
}
const paddedTrigrams = (text: string) => trigrams(`  ${text} `);

const fieldOf = (pos: number) => (pos < BRAND_POS ? 0 : pos < DESCRIPTION_POS ? 1 : 2);

/** Slots the columns hold at first; they double as products come. */
const FIRST_CAPACITY = 1024;

function grownInt32(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
function grownUint8(a: Uint8Array, n: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(n);
  b.set(a);
  return b;
}
function grownFloat64(a: Float64Array, n: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

/** The first one or two characters of a token: the keys of the prefix lists that keep it. */
function prefixKeys(token: string): string[] {
  const [a, b] = [...token];
  return a === undefined ? [] : b === undefined ? [a] : [a, a + b];
}

export class SearchIndex {
  // Per slot (a product's place; a changed product takes a new slot, the old one is dead), in typed columns: a
  // search reads them for thousands of products and allocates nothing per product.
  private readonly ids: string[] = [];
  private readonly versions: string[] = [];
  private capacity = 0;
  private keys = new Int32Array(0);
  private alive = new Uint8Array(0);
  private cat = new Int32Array(0);
  private gen = new Int32Array(0);
  private best = new Uint8Array(0);
  /** 1: listed after every product with a picture, in every order (IndexedProduct's `last`). */
  private last = new Uint8Array(0);
  private brand = new Int32Array(0);
  private brandName = new Int32Array(0);
  private cents = new Float64Array(0);
  private created = new Float64Array(0);
  private popularity = new Float64Array(0);
  private group = new Int32Array(0);
  /** Products held per group: a group of one is a card like any product (most are), and needs no bookkeeping. */
  private groupSize = new Int32Array(0);
  private readonly bySlot = new Map<string, number>();
  private readonly categories = dictionary();
  private readonly genders = dictionary();
  private readonly brands = dictionary();
  private readonly brandNames = dictionary();
  private readonly groups = dictionary();
  // The vocabulary.
  private readonly tokens: string[] = [];
  private readonly tokenIds = new Map<string, number>();
  private readonly postings: number[][] = [];
  /** Whether a title or brand has the token (only those give near spellings, as in decision 0037). */
  private readonly inTitleOrBrand: boolean[] = [];
  private readonly grams = new Map<string, number[]>();
  private readonly typoGrams = new Map<string, number[]>();
  private readonly stems = new Map<string, number[]>();
  /** Tokens by their first one and first two characters: the words a short typed start may be (suggestions). */
  private readonly prefixes = new Map<string, number[]>();
  private readonly cjk: number[] = [];
  private synonymPhrases = new Map<string, Array<{ tokens: string[]; group: number }>>();
  private synonymGroups: string[][][] = [];
  private dead = 0;
  // Scratch of one search, kept between searches (sized with the columns) so that a search makes no garbage in
  // proportion to its matches: each term's best match per slot, the slots touched, their scores and the cards.
  // A search runs synchronously from start to end, so one set serves every search of the process.
  private masks = new Uint8Array(0);
  /** Every-first matching: how many terms, in matching order, each product had one after the other (see `matching`). */
  private levels = new Uint8Array(0);
  /** Products touched so far by the search under way (`touched`'s length). */
  private touchedCount = 0;
  private readonly rank: Int16Array[] = [];
  private readonly start: Uint8Array[] = [];
  private readonly end: Uint8Array[] = [];
  private touched = new Int32Array(0);
  private scores = new Float64Array(0);
  private cards = new Int32Array(0);
  private groupBest = new Int32Array(0);
  private groupCount = new Int32Array(0);
  /** A phrase's matching, part by part (all zero between searches). */
  private phrase = emptyPhraseScratch(0);
  private busy = false;
  /** 0, 1, 2 …: every slot, for browsing's facets. */
  private browseSlots = new Int32Array(0);

  get size(): number {
    return this.bySlot.size;
  }
  get deadSlots(): number {
    return this.dead;
  }
  get vocabulary(): number {
    return this.tokens.length;
  }

  /** Every product id with its version: what the keeper compares with the database's. */
  versionsById(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [id, slot] of this.bySlot) out.set(id, this.versions[slot] ?? '');
    return out;
  }

  /** Whether the product is held at this version (the keeper reads again only rows that differ). */
  hasVersion(id: string, version: string): boolean {
    const slot = this.bySlot.get(id);
    return slot !== undefined && this.versions[slot] === version;
  }

  /** Groups of phrases that mean the same (af1 / air force 1), each phrase as typed. */
  setSynonyms(groups: string[][]): void {
    this.synonymGroups = [];
    this.synonymPhrases = new Map();
    for (const group of groups) {
      const phrases = group.map((p) => tokenize(p)).filter((t) => t.length > 0);
      if (phrases.length < 2) continue;
      const id = this.synonymGroups.length;
      this.synonymGroups.push(phrases);
      for (const tokens of phrases) {
        const first = tokens[0] as string;
        const list = this.synonymPhrases.get(first) ?? [];
        list.push({ tokens, group: id });
        list.sort((a, b) => b.tokens.length - a.tokens.length);
        this.synonymPhrases.set(first, list);
      }
    }
  }

  private tokenId(token: string, titleOrBrand: boolean): number {
    let id = this.tokenIds.get(token);
    if (id === undefined) {
      id = this.tokens.length;
      this.tokens.push(token);
      this.tokenIds.set(token, id);
      this.postings.push([]);
      this.inTitleOrBrand.push(false);
      for (const g of new Set(trigrams(token))) {
        const list = this.grams.get(g);
        if (list) list.push(id);
        else this.grams.set(g, [id]);
      }
      const s = stem(token);
      const same = this.stems.get(s);
      if (same) same.push(id);
      else this.stems.set(s, [id]);
      for (const key of prefixKeys(token)) {
        const list = this.prefixes.get(key);
        if (list) list.push(id);
        else this.prefixes.set(key, [id]);
      }
      if (isCjk(token)) this.cjk.push(id);
    }
    if (titleOrBrand && !this.inTitleOrBrand[id]) {
      this.inTitleOrBrand[id] = true;
      if (!/\d/.test(token)) {
        for (const g of new Set(paddedTrigrams(token))) {
          const list = this.typoGrams.get(g);
          if (list) list.push(id);
          else this.typoGrams.set(g, [id]);
        }
      }
    }
    return id;
  }

  /** Room for slot `slot` in every column and in the scratch. */
  private ensureCapacity(slot: number): void {
    if (slot < this.capacity) return;
    const n = Math.max(FIRST_CAPACITY, this.capacity * 2);
    this.keys = grownInt32(this.keys, n);
    this.alive = grownUint8(this.alive, n);
    this.cat = grownInt32(this.cat, n);
    this.gen = grownInt32(this.gen, n);
    this.best = grownUint8(this.best, n);
    this.last = grownUint8(this.last, n);
    this.brand = grownInt32(this.brand, n);
    this.brandName = grownInt32(this.brandName, n);
    this.cents = grownFloat64(this.cents, n);
    this.created = grownFloat64(this.created, n);
    this.popularity = grownFloat64(this.popularity, n);
    this.group = grownInt32(this.group, n);
    // The scratch is all zero between searches: new, empty arrays will do.
    this.masks = new Uint8Array(n);
    this.levels = new Uint8Array(n);
    for (let t = 0; t < this.rank.length; t++) {
      this.rank[t] = new Int16Array(n);
      this.start[t] = new Uint8Array(n);
      this.end[t] = new Uint8Array(n);
    }
    this.touched = new Int32Array(n);
    this.scores = new Float64Array(n);
    this.cards = new Int32Array(n);
    this.phrase = emptyPhraseScratch(n);
    this.capacity = n;
  }

  /** Adds a product, or replaces the one with its id. */
  upsert(p: IndexedProduct): void {
    this.remove(p.id);
    const slot = this.ids.length;
    this.ensureCapacity(slot);
    this.ids.push(p.id);
    this.versions.push(p.version);
    this.keys[slot] = p.key;
    this.alive[slot] = 1;
    this.cat[slot] = this.categories.id(p.category ?? '');
    this.gen[slot] = this.genders.id(p.gender ?? '');
    this.best[slot] = p.best ? 1 : 0;
    this.last[slot] = p.last ? 1 : 0;
    this.brand[slot] = this.brands.id(p.brandKey);
    this.brandName[slot] = this.brandNames.id(p.brand);
    this.cents[slot] = Math.round(p.price * 100);
    this.created[slot] = p.created;
    this.popularity[slot] = p.popularity;
    const group = this.groups.id(p.groupKey);
    this.group[slot] = group;
    if (group >= 0) {
      if (group >= this.groupSize.length) this.groupSize = grownInt32(this.groupSize, Math.max(FIRST_CAPACITY, group * 2));
      this.groupSize[group] = (this.groupSize[group] as number) + 1;
    }
    this.bySlot.set(p.id, slot);
    const seen = new Set<number>();
    const add = (text: string, start: number, end: number) => {
      let pos = start;
      for (const token of tokenize(text)) {
        const id = this.tokenId(token, start < DESCRIPTION_POS);
        if (!seen.has(id)) {
          seen.add(id);
          (this.postings[id] as number[]).push(slot * 256 + pos);
        }
        if (pos < end) pos++;
      }
    };
    add(p.title, TITLE_POS, BRAND_POS - 1);
    add(p.brand, BRAND_POS, DESCRIPTION_POS - 1);
    add(p.description, DESCRIPTION_POS, LAST_POS);
  }

  remove(id: string): void {
    const slot = this.bySlot.get(id);
    if (slot === undefined) return;
    this.alive[slot] = 0;
    const group = this.group[slot] as number;
    if (group >= 0) this.groupSize[group] = (this.groupSize[group] as number) - 1;
    this.bySlot.delete(id);
    this.dead++;
  }

  // ---- Reading a search ----------------------------------------------------------------------------------------

  /** Tokens of the vocabulary a typed word matches, with how well (0 the word itself, 1 its stem or start, 2 inside). */
  private wordCandidates(word: string, prefix: boolean, loose: boolean): { candidates: Candidate[]; correction: string | null } {
    const out = new Map<number, Candidate>();
    const put = (token: number, quality: number, typo = false) => {
      const had = out.get(token);
      if (!had || (had.typo && !typo) || (had.typo === typo && had.quality > quality)) out.set(token, { token, quality, typo });
    };
    const exact = this.tokenIds.get(word);
    if (exact !== undefined) put(exact, 0);
    const whole = wholeTokenOnly(word);
    if (whole) {
      if (prefix) {
        // Through the tokens of its first one or two characters, not the whole vocabulary.
        for (const id of this.prefixes.get(prefixKeys(word).at(-1) ?? '') ?? []) {
          const t = this.tokens[id] as string;
          if (t !== word && t.startsWith(word)) put(id, 1);
        }
      }
      // Two letters no product has as a word ("ak") are still looked for inside words, as the specification's
      // substring rule says; one that is a word somewhere (lv, 1) never is, nor a stop word ("la giacca" is not the
      // jacket of Stone Island).
      else if (!out.size && /^[a-z]{2}$/.test(word) && !this.synonymPhrases.has(word) && !isStopWord(word))
        this.tokens.forEach((t, id) => t.includes(word) && put(id, 2));
      return { candidates: [...out.values()], correction: null };
    }
    // "hoodies" may be hoody or hoodie: every reading of a plural is tried.
    const forms = new Set([stem(word), ...(word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? [word.slice(0, -1)] : [])]);
    for (const s of forms) for (const id of this.stems.get(s) ?? []) put(id, 1);
    for (const pattern of new Set([word, ...forms])) {
      if (pattern.length < 3 && !isCjk(pattern)) continue;
      for (const id of this.containing(pattern)) {
        const t = this.tokens[id] as string;
        put(id, t.startsWith(pattern) && (prefix || t === pattern || forms.has(stem(t))) ? 1 : 2);
      }
    }
    const known = [...out.values()].some((c) => this.inTitleOrBrand[c.token]);
    const allowed = allowedTypos(word) + (loose ? 1 : 0);
    let correction: string | null = null;
    if ((!known || loose) && allowed > 0 && !isCjk(word)) {
      const near = this.nearSpellings(word, allowed).filter((n) => !out.has(n.token));
      const first = near[0];
      if (first) {
        for (const n of near.filter((x) => x.distance === first.distance).slice(0, MAX_TYPOS)) put(n.token, 1, true);
        correction = this.tokens[first.token] ?? null;
      }
    }
    return { candidates: [...out.values()], correction: known && !loose ? null : correction };
  }

  /** Vocabulary tokens containing `pattern`, through the trigrams (CJK words of one or two characters: a scan). */
  private containing(pattern: string): number[] {
    const grams = trigrams(pattern);
    if (!grams.length) return this.cjk.filter((id) => (this.tokens[id] as string).includes(pattern));
    const lists = grams.map((g) => this.grams.get(g) ?? []).sort((a, b) => a.length - b.length);
    const smallest = lists[0] ?? [];
    const out: number[] = [];
    for (const id of smallest) {
      if ((this.tokens[id] as string).includes(pattern)) out.push(id);
    }
    return out;
  }

  /** Title and brand tokens within `allowed` edits (optimal string alignment), nearest and commonest first. */
  private nearSpellings(word: string, allowed: number): Array<{ token: number; distance: number }> {
    const grams = [...new Set(paddedTrigrams(word))];
    // An edit changes at most three padded trigrams, a swap of two letters four.
    const need = Math.max(1, grams.length - 4 * allowed);
    const shared = new Map<number, number>();
    for (const g of grams) for (const id of this.typoGrams.get(g) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    const out: Array<{ token: number; distance: number; n: number }> = [];
    for (const [id, count] of shared) {
      if (count < need) continue;
      const t = this.tokens[id] as string;
      if (Math.abs(t.length - word.length) > allowed) continue;
      const distance = editDistance(word, t, allowed);
      if (distance <= allowed) out.push({ token: id, distance, n: this.postings[id]?.length ?? 0 });
    }
    return out.sort(
      (a, b) => a.distance - b.distance || b.n - a.n || (this.tokens[a.token] as string).localeCompare(this.tokens[b.token] as string),
    );
  }

  /** The typed text as terms: words and synonym phrases, each with every way it can be present. */
  resolve(text: string, options: { prefixLast?: boolean; loose?: boolean } = {}): SearchResolution {
    const words = [...new Set(tokenize(text))].slice(0, MAX_SEARCH_TERMS * 2);
    const terms: Term[] = [];
    for (let i = 0; i < words.length && terms.length < MAX_SEARCH_TERMS;) {
      const word = words[i] as string;
      const phrase = (this.synonymPhrases.get(word) ?? []).find((p) => p.tokens.every((t, j) => words[i + j] === t));
      const isLast = i === words.length - 1;
      if (phrase) {
        const group = this.synonymGroups[phrase.group] ?? [];
        const alternatives: Alternative[] = [];
        for (const tokens of group) {
          if (tokens.length === 1) {
            const id = this.tokenIds.get(tokens[0] as string);
            const stems = wholeTokenOnly(tokens[0] as string) ? [] : (this.stems.get(stem(tokens[0] as string)) ?? []);
            const candidates = [...new Set([...(id === undefined ? [] : [id]), ...stems])].map((token) => ({
              token,
              quality: token === id ? 0 : 1,
              typo: false,
            }));
            if (candidates.length) alternatives.push([candidates]);
          } else {
            const parts = tokens.map((t) => {
              const id = this.tokenIds.get(t);
              const stems = wholeTokenOnly(t) ? [] : (this.stems.get(stem(t)) ?? []);
              return [...new Set([...(id === undefined ? [] : [id]), ...stems])].map((token) => ({
                token,
                quality: token === id ? 0 : 1,
                typo: false,
              }));
            });
            if (parts.every((p) => p.length)) alternatives.push(parts);
          }
        }
        if (phrase.tokens.length === 1) {
          // The word as typed keeps its own matching too (its substrings, forms and near spellings).
          const own = this.wordCandidates(word, Boolean(options.prefixLast && isLast), Boolean(options.loose)).candidates;
          if (own.length) alternatives.push([own]);
        }
        const typed = phrase.tokens.join(' ');
        terms.push({ text: typed, alternatives, correction: null, patterns: group.map((t) => t.join(' ')), weak: false });
        i += phrase.tokens.length;
        continue;
      }
      const { candidates, correction } = this.wordCandidates(word, Boolean(options.prefixLast && isLast), Boolean(options.loose));
      terms.push({
        text: word,
        alternatives: candidates.length ? [[candidates]] : [],
        correction,
        patterns: [word, ...(correction ? [correction] : [])],
        weak: isWeakWord(word),
      });
      i++;
    }
    const corrected = terms.some((t) => t.correction);
    return { terms, correction: corrected ? terms.map((t) => t.correction ?? t.text).join(' ') : null };
  }

  /** Whether a name (a brand's, a category's) has every term, as a product's text would. */
  nameMatches(resolution: SearchResolution, name: string): boolean {
    const tokens = tokenize(name);
    const text = normalizeText(name);
    return resolution.terms.every((term) =>
      term.patterns.some((p) => {
        const parts = tokenize(p);
        return parts.every((part) => (wholeTokenOnly(part) ? tokens.some((t) => t === part || t.startsWith(part)) : text.includes(part)));
      }),
    );
  }

  // ---- Matching ------------------------------------------------------------------------------------------------

  private passes(slot: number, f: IndexFilter, ids: FilterIds): boolean {
    if (ids.open) return true;
    if (f.best && !this.best[slot]) return false;
    if ((this.created[slot] as number) <= ids.since) return false;
    if (f.category !== undefined && this.cat[slot] !== ids.category) return false;
    if (f.gender !== undefined && !ids.genders.has(this.gen[slot] as number)) return false;
    if (f.brands?.length && !ids.brands.has(this.brand[slot] as number)) return false;
    const cents = this.cents[slot] as number;
    if (cents < ids.minCents || cents > ids.maxCents) return false;
    return true;
  }

  private filterIds(f: IndexFilter): FilterIds {
    const gender = f.gender;
    const genders = new Set<number>();
    if (gender !== undefined) {
      for (const g of gender === 'Men' || gender === 'Women' ? [gender, 'Unisex'] : [gender]) {
        const id = this.genders.find(g);
        if (id !== undefined) genders.add(id);
      }
    }
    const brands = new Set<number>();
    for (const b of f.brands ?? []) {
      const id = this.brands.find(b);
      if (id !== undefined) brands.add(id);
    }
    return {
      open:
        !f.best &&
        f.category === undefined &&
        f.gender === undefined &&
        !f.brands?.length &&
        f.minPrice === undefined &&
        f.maxPrice === undefined &&
        f.since === undefined,
      category: f.category === undefined ? -2 : (this.categories.find(f.category.toLowerCase()) ?? -2),
      genders,
      brands,
      minCents: f.minPrice === undefined ? -Infinity : Math.round(f.minPrice * 100),
      maxCents: f.maxPrice === undefined ? Infinity : Math.round(f.maxPrice * 100),
      since: f.since ?? -Infinity,
    };
  }

  /**
   * Each term's best match per product: rank (lower better: typo, field, quality), first and last position, in the
   * scratch columns. `work` runs on them; they are cleared again before this returns.
   *
   * With `every` (several terms), the products that have every term come first: the term with the fewest postings,
   * then each other on the products that had all the terms before it, so a search of several words touches the few
   * products that have them all rather than all that have any. `every` answers from those, or null (none of them
   * is within the filters). Else, or when no product has every term, the matching goes on to every product with
   * any term (what was matched is kept: each product's level says which terms it had in full) and `work` answers.
   */
  private matching<T>(resolution: SearchResolution, work: (m: Matched) => T, every?: (m: Matched) => T | null): T {
    if (this.busy) throw new Error('The search index is already matching (a search inside a search).');
    this.busy = true;
    const count = resolution.terms.length;
    while (this.rank.length < count) {
      this.rank.push(new Int16Array(this.capacity));
      this.start.push(new Uint8Array(this.capacity));
      this.end.push(new Uint8Array(this.capacity));
    }
    this.touchedCount = 0;
    const matched = (): Matched => ({
      masks: this.masks,
      touched: this.touched,
      touchedCount: this.touchedCount,
      rank: this.rank,
      start: this.start,
      end: this.end,
      count,
      strong: resolution.terms.reduce((mask, term, t) => (term.weak ? mask : mask | (1 << t)), 0),
    });
    try {
      const terms = resolution.terms;
      if (every && count > 1) {
        const order = terms.map((_, t) => t).sort((a, b) => this.termSize(terms[a] as Term) - this.termSize(terms[b] as Term));
        // The last position matched every-first: after it, no product had every term so far.
        let last = count - 1;
        for (let p = 0; p < count; p++) {
          if (this.matchTerm(terms[order[p] as number] as Term, order[p] as number, p, 'every') === 0) {
            last = p;
            break;
          }
        }
        if (last === count - 1) {
          const answer = every(matched());
          if (answer !== null) return answer;
        }
        // Every product with any term: the first term was matched in full already, the next ones on some products.
        for (let p = 1; p < count; p++)
          this.matchTerm(terms[order[p] as number] as Term, order[p] as number, p, p <= last ? 'rest' : 'all');
      } else {
        for (let t = 0; t < count; t++) this.matchTerm(terms[t] as Term, t, t, 'all');
      }
      return work(matched());
    } finally {
      // Cleared slot by slot, or whole when the search touched more than a thirty-second of them: a sequential pass
      // (a memset) costs about as much as that many scattered writes (measured on 100,000 products, 2026-11-27).
      const n = this.touchedCount;
      const masks = this.masks;
      const levels = this.levels;
      const touched = this.touched;
      if (n * 32 > this.capacity) {
        masks.fill(0);
        levels.fill(0);
        for (let t = 0; t < count; t++) (this.rank[t] as Int16Array).fill(0);
      } else {
        for (let i = 0; i < n; i++) {
          const slot = touched[i] as number;
          masks[slot] = 0;
          levels[slot] = 0;
        }
        for (let t = 0; t < count; t++) {
          const r = this.rank[t] as Int16Array;
          for (let i = 0; i < n; i++) r[touched[i] as number] = 0;
        }
      }
      this.busy = false;
    }
  }

  /**
   * Matches term `t`, the `p`th in matching order, on the products `which` says: `all`; `every`, those that had each
   * term before it (their level is at least `p`; the ones that take this term go up a level); `rest`, those an
   * every-first pass did not match it on (their level is under `p`). Returns how many went up a level.
   */
  private matchTerm(term: Term, t: number, p: number, which: 'all' | 'every' | 'rest'): number {
    const masks = this.masks;
    const levels = this.levels;
    const touched = this.touched;
    const alive = this.alive;
    const postings = this.postings;
    const r = this.rank[t] as Int16Array;
    const s = this.start[t] as Uint8Array;
    const e = this.end[t] as Uint8Array;
    const bit = 1 << t;
    const every = which === 'every';
    const rest = which === 'rest';
    let n = this.touchedCount;
    let took = 0;
    try {
      for (const alternative of term.alternatives) {
        if (alternative.length === 1) {
          for (const c of alternative[0] as Candidate[]) {
            const base = (c.typo ? 100 : 0) + c.quality + 1;
            const list = postings[c.token] ?? [];
            for (let i = 0; i < list.length; i++) {
              const entry = list[i] as number;
              const slot = entry >> 8;
              if (!alive[slot]) continue;
              if (every ? (levels[slot] as number) < p : rest && (levels[slot] as number) >= p) continue;
              const pos = entry & 255;
              const value = base + (pos < BRAND_POS ? 0 : pos < DESCRIPTION_POS ? 10 : 20);
              const had = r[slot] as number;
              if (had !== 0 && had <= value) continue;
              r[slot] = value;
              s[slot] = pos;
              e[slot] = pos;
              const mask = masks[slot] as number;
              if (mask === 0) touched[n++] = slot;
              if (every && !(mask & bit)) {
                levels[slot] = p + 1;
                took++;
              }
              masks[slot] = mask | bit;
            }
          }
          continue;
        }
        // A phrase (of a synonym group): every one of its tokens, anywhere (proximity ranks them together first).
        // Part by part, rarest first: a slot goes on only when it had every part before; each part's earliest
        // position counts (with the quality of the candidate found there first).
        const phrase = this.phrase;
        const parts = alternative
          .map((candidates) => ({ candidates, size: candidates.reduce((sum, c) => sum + (postings[c.token]?.length ?? 0), 0) }))
          .sort((x, y) => x.size - y.size);
        let phraseN = 0;
        for (let j = 0; j < parts.length; j++) {
          let partN = 0;
          for (const c of (parts[j] as { candidates: Candidate[] }).candidates) {
            const list = postings[c.token] ?? [];
            for (let i = 0; i < list.length; i++) {
              const entry = list[i] as number;
              const slot = entry >> 8;
              if (!alive[slot] || phrase.parts[slot] !== j) continue;
              if (every ? (levels[slot] as number) < p : rest && (levels[slot] as number) >= p) continue;
              const at = (entry & 255) + 1;
              const had = phrase.partPos[slot] as number;
              if (had === 0) phrase.partSlots[partN++] = slot;
              else if (at >= had) continue;
              phrase.partPos[slot] = at;
              phrase.partQuality[slot] = c.quality;
            }
          }
          for (let i = 0; i < partN; i++) {
            const slot = phrase.partSlots[i] as number;
            const pos = (phrase.partPos[slot] as number) - 1;
            const quality = phrase.partQuality[slot] as number;
            phrase.partPos[slot] = 0;
            if (j === 0) {
              phrase.slots[phraseN++] = slot;
              phrase.lo[slot] = pos;
              phrase.hi[slot] = pos;
              phrase.quality[slot] = quality;
            } else {
              if (pos < (phrase.lo[slot] as number)) phrase.lo[slot] = pos;
              if (pos > (phrase.hi[slot] as number)) phrase.hi[slot] = pos;
              if (quality > (phrase.quality[slot] as number)) phrase.quality[slot] = quality;
            }
            phrase.parts[slot] = j + 1;
          }
        }
        for (let i = 0; i < phraseN; i++) {
          const slot = phrase.slots[i] as number;
          const complete = phrase.parts[slot] === parts.length;
          phrase.parts[slot] = 0;
          if (!complete) continue;
          const lo = phrase.lo[slot] as number;
          const hi = phrase.hi[slot] as number;
          // A phrase counts in the field of its last word, and as inexact when its words are apart.
          const value = Math.max(phrase.quality[slot] as number, hi - lo >= alternative.length ? 2 : 0) + 1 + fieldOf(hi) * 10;
          const had = r[slot] as number;
          if (had !== 0 && had <= value) continue;
          r[slot] = value;
          s[slot] = lo;
          e[slot] = hi;
          const mask = masks[slot] as number;
          if (mask === 0) touched[n++] = slot;
          if (every && !(mask & bit)) {
            levels[slot] = p + 1;
            took++;
          }
          masks[slot] = mask | bit;
        }
      }
    } finally {
      this.touchedCount = n;
    }
    return took;
  }

  /** About how many products a term can match: its candidates' postings (a phrase's, its rarest part's). */
  private termSize(term: Term): number {
    let size = 0;
    for (const alternative of term.alternatives) {
      let rarest = Infinity;
      for (const part of alternative) {
        let n = 0;
        for (const c of part) n += this.postings[c.token]?.length ?? 0;
        rarest = Math.min(rarest, n);
      }
      if (alternative.length) size += rarest;
    }
    return size;
  }

  /**
   * Runs `work` with the words used, on the products matched for them: first, for a search of several words, the
   * products that have every word (within the filters, so that `used` is every word); when none has, every product
   * with any of the words, and `used` the best subset (`usedMask`), or nothing (`null`) when no product has any.
   */
  private matchingUsed<T>(
    resolution: SearchResolution,
    filter: IndexFilter,
    work: (m: Matched, used: number, ids: FilterIds) => T,
  ): T | null {
    const full = (1 << resolution.terms.length) - 1;
    const ids = this.filterIds(filter);
    return this.matching(
      resolution,
      (m) => {
        const used = this.usedMask(m, filter, ids);
        return used ? work(m, used, ids) : null;
      },
      (m) => (this.usedMask(m, { ...filter, allWords: true }, ids) === full ? work(m, full, ids) : null),
    );
  }

  /** The words used: all of them when some product (within the filters) has them all, else the best subset. */
  private usedMask(m: Matched, f: IndexFilter, ids: FilterIds): number {
    const full = (1 << m.count) - 1;
    const seen = new Uint8Array(1 << m.count);
    for (let i = 0; i < m.touchedCount; i++) {
      const slot = m.touched[i] as number;
      const mask = m.masks[slot] as number;
      if (seen[mask] || !this.passes(slot, f, ids)) continue;
      seen[mask] = 1;
      if (mask === full) return full;
    }
    if (f.allWords) return 0;
    let best = 0;
    let bestSize = 0;
    let bestWhich = 0;
    seen.forEach((present, mask) => {
      // A subset of weak words alone ("no", "the", "de") is no answer: the search has found nothing.
      if (!present || !(mask & m.strong)) return;
      let size = 0;
      let which = 0;
      for (let t = 0; t < m.count; t++) {
        if (mask & (1 << t)) {
          size++;
          which += 1 << (m.count - 1 - t);
        }
      }
      if (size > bestSize || (size === bestSize && which > bestWhich)) [best, bestSize, bestWhich] = [mask, size, which];
    });
    return best;
  }

  /**
   * The relevance of a product for the used words: TOP_SCORE less typos, distance, fields and inexactness, weighed
   * as TOP_SCORE − (((typos × 64 + gaps) × 32 + fields) × 32 + inexactness): each word's own part comes from
   * RANK_PENALTY, the gaps between the words are added here.
   */
  private score(m: Matched, slot: number, used: number): number {
    let penalty = 0;
    let gaps = 0;
    let previous = -1;
    for (let t = 0; t < m.count; t++) {
      if (!(used & (1 << t))) continue;
      penalty += RANK_PENALTY[(m.rank[t] as Int16Array)[slot] as number] as number;
      const first = (m.start[t] as Uint8Array)[slot] as number;
      if (previous >= 0) {
        const last = (m.end[previous] as Uint8Array)[slot] as number;
        const d = first - last;
        gaps += fieldOf(first) !== fieldOf(last) ? MAX_GAP : Math.min(MAX_GAP, d > 0 ? d - 1 : 1 - d);
      }
      previous = t;
    }
    return TOP_SCORE - gaps * 32 * 32 - penalty;
  }

  /** Negative when slot `a` comes before `b` in the order (`scores` by slot, for relevance); those listed last after the rest. */
  private comparator(order: IndexOrder, scores: Float64Array): (a: number, b: number) => number {
    const last = this.last;
    const within = this.orderComparator(order, scores);
    return (a, b) => (last[a] as number) - (last[b] as number) || within(a, b);
  }

  /** The order itself, among the products listed first or among those listed last. */
  private orderComparator(order: IndexOrder, scores: Float64Array) {
    const ids = this.ids;
    const keys = this.keys;
    const idCmp = (a: number, b: number) =>
      (ids[a] as string) < (ids[b] as string) ? -1 : (ids[a] as string) > (ids[b] as string) ? 1 : 0;
    const keyCmp = (a: number, b: number) => (keys[a] as number) - (keys[b] as number) || idCmp(a, b);
    switch (order) {
      case 'relevance':
        return (a: number, b: number) => (scores[b] as number) - (scores[a] as number) || keyCmp(a, b);
      case 'newest': {
        const created = this.created;
        return (a: number, b: number) => (created[b] as number) - (created[a] as number) || idCmp(b, a);
      }
      case 'price-asc': {
        const cents = this.cents;
        return (a: number, b: number) => (cents[a] as number) - (cents[b] as number) || idCmp(a, b);
      }
      case 'price-desc': {
        const cents = this.cents;
        return (a: number, b: number) => (cents[b] as number) - (cents[a] as number) || idCmp(b, a);
      }
      default: {
        const popularity = this.popularity;
        return (a: number, b: number) => (popularity[b] as number) - (popularity[a] as number) || keyCmp(a, b);
      }
    }
  }

  /** Whether the slot comes after the cursor in its order. */
  private after(slot: number, score: number, a: IndexAfter): boolean {
    const last = this.last[slot] === 1;
    if (last !== a.last) return last;
    const id = this.ids[slot] as string;
    const key = this.keys[slot] as number;
    switch (a.order) {
      case 'relevance':
        return score !== a.score ? score < a.score : key !== a.key ? key > a.key : id > a.id;
      case 'newest': {
        const c = this.created[slot] as number;
        return c !== a.created ? c < a.created : id < a.id;
      }
      case 'price-asc': {
        const c = this.cents[slot] as number;
        const p = Math.round(a.price * 100);
        return c !== p ? c > p : id > a.id;
      }
      case 'price-desc': {
        const c = this.cents[slot] as number;
        const p = Math.round(a.price * 100);
        return c !== p ? c < p : id < a.id;
      }
      default: {
        const p = this.popularity[slot] as number;
        return p !== a.popularity ? p < a.popularity : key !== a.key ? key > a.key : id > a.id;
      }
    }
  }

  /** The slot's group when it has other products (they are one card), else -1. */
  private cardGroup(slot: number): number {
    const g = this.group[slot] as number;
    return g >= 0 && (this.groupSize[g] as number) > 1 ? g : -1;
  }

  /** Room in the per-group scratch for every group known (-1: no card of the group seen yet). */
  private ensureGroupScratch(): void {
    const n = this.groups.names.length;
    if (this.groupBest.length >= n) return;
    const size = Math.max(64, n * 2);
    this.groupBest = new Int32Array(size).fill(-1);
    this.groupCount = new Int32Array(size);
  }

  /**
   * The cards of the search (a group's matching colours are one card: its best in the order), ranked, from the
   * cursor on: `take` of them.
   */
  search(resolution: SearchResolution, filter: IndexFilter, order: IndexOrder, take: number, after?: IndexAfter): IndexAnswer {
    const none: IndexAnswer = { ids: [], scores: [], otherColours: [], total: 0, partial: null, correction: resolution.correction };
    if (!resolution.terms.length) return none;
    this.ensureGroupScratch();
    const answer = this.matchingUsed(resolution, filter, (m, used, ids) => {
      const scores = this.scores;
      const cards = this.cards;
      const groupBest = this.groupBest;
      const groupCount = this.groupCount;
      const groupsSeen: number[] = [];
      const scored = order === 'relevance' || after?.order === 'relevance';
      const cmp = this.comparator(order, scores);
      let total = 0;
      try {
        for (let i = 0; i < m.touchedCount; i++) {
          const slot = m.touched[i] as number;
          if (((m.masks[slot] as number) & used) !== used || !this.passes(slot, filter, ids)) continue;
          scores[slot] = scored ? this.score(m, slot, used) : 0;
          const g = this.cardGroup(slot);
          if (g < 0) {
            cards[total++] = slot;
            continue;
          }
          const had = groupBest[g] as number;
          if (had < 0) {
            groupBest[g] = slot;
            groupCount[g] = 1;
            groupsSeen.push(g);
          } else {
            groupCount[g] = (groupCount[g] as number) + 1;
            if (cmp(slot, had) < 0) groupBest[g] = slot;
          }
        }
        for (const g of groupsSeen) cards[total++] = groupBest[g] as number;
        // The page: the first `take` cards after the cursor, kept in order as they come.
        const page: number[] = [];
        const keys = this.keys;
        const relevance = order === 'relevance';
        for (let i = 0; i < total; i++) {
          const slot = cards[i] as number;
          if (page.length === take) {
            const last = page[take - 1] as number;
            // Most cards of a broad search come after a full page: told by score, then key, without the comparator.
            if (relevance && this.last[slot] === this.last[last]) {
              const d = (scores[slot] as number) - (scores[last] as number);
              if (d < 0 || (d === 0 && (keys[slot] as number) > (keys[last] as number))) continue;
            }
            if (cmp(slot, last) >= 0) continue;
          }
          if (after && !this.after(slot, scores[slot] as number, after)) continue;
          let at = page.length;
          while (at > 0 && cmp(slot, page[at - 1] as number) < 0) at--;
          page.splice(at, 0, slot);
          if (page.length > take) page.pop();
        }
        const full = (1 << m.count) - 1;
        const words = (mask: number) => resolution.terms.filter((_, t) => mask & (1 << t)).map((t) => t.correction ?? t.text);
        return {
          ids: page.map((slot) => this.ids[slot] as string),
          scores: page.map((slot) => scores[slot] as number),
          otherColours: page.map((slot) => {
            const g = this.cardGroup(slot);
            return g < 0 ? 0 : (groupCount[g] as number) - 1;
          }),
          total,
          partial: used === full ? null : { used: words(used), dropped: words(full & ~used) },
          correction: resolution.correction,
        };
      } finally {
        for (const g of groupsSeen) {
          groupBest[g] = -1;
          groupCount[g] = 0;
        }
      }
    });
    return answer ?? none;
  }

  /** How many cards each category, gender and brand would give (each leaving its own filter out), as the listing counts them. */
  facets(resolution: SearchResolution, filter: IndexFilter): IndexFacets {
    const out: IndexFacets = { total: 0, categories: new Map(), genders: new Map(), brands: [], price: null };
    if (!resolution.terms.length) return out;
    const counts = (m: Matched, used: number, ids: FilterIds) =>
      this.count(filter, ids, m.touched, m.touchedCount, (slot) => ((m.masks[slot] as number) & used) === used, true);
    const full = (1 << resolution.terms.length) - 1;
    const ids = this.filterIds(filter);
    return this.matching(
      resolution,
      (m) => {
        // The listing's words; when the filters leave nothing, the words the search alone would use (so the chips
        // still say where its products are).
        const wordsOnly = { allWords: filter.allWords };
        const used = this.usedMask(m, filter, ids) || this.usedMask(m, wordsOnly, this.filterIds(wordsOnly));
        return used ? counts(m, used, ids) : out;
      },
      // Several words: the products that have them all, the answer when one of them is within the filters.
      (m) => (this.usedMask(m, { ...filter, allWords: true }, ids) === full ? counts(m, full, ids) : null),
    );
  }

  /**
   * The facets of browsing (no search): every product, each its own card (the listing without a search shows every
   * colour), as the database would count them.
   */
  browseFacets(filter: IndexFilter): IndexFacets {
    const slots = this.ids.length;
    if (this.browseSlots.length < slots) this.browseSlots = Int32Array.from({ length: Math.max(slots, FIRST_CAPACITY) }, (_, i) => i);
    const alive = this.alive;
    return this.count(filter, this.filterIds(filter), this.browseSlots, slots, (slot) => alive[slot] === 1, false);
  }

  /** The facet counts over `n` slots of `slots` that `has`; `cards`: a group's colours count once per value. */
  private count(
    filter: IndexFilter,
    ids: FilterIds,
    slots: Int32Array,
    n: number,
    has: (slot: number) => boolean,
    cards: boolean,
  ): IndexFacets {
    const out: IndexFacets = { total: 0, categories: new Map(), genders: new Map(), brands: [], price: null };
    {
      const categoryCounts = new Int32Array(this.categories.names.length);
      const genderCounts = new Int32Array(this.genders.names.length);
      const brandCounts = new Int32Array(this.brands.names.length);
      // A brand is listed when it has a product within the other filters (or is chosen), under its first spelling.
      const brandListed = new Uint8Array(this.brands.names.length);
      const brandSpelling = new Int32Array(this.brands.names.length).fill(-1);
      const spellings = this.brandNames.names;
      // A group counts once per value: its colours are one card (keys: group and value; products in no group need none).
      const seen = { c: new Set<number>(), g: new Set<number>(), b: new Set<number>(), t: new Set<number>() };
      const once = (set: Set<number>, g: number, value: number) => {
        if (g < 0) return true;
        const k = g * 1_048_576 + value + 1;
        if (set.has(k)) return false;
        set.add(k);
        return true;
      };
      const chosen = ids.brands;
      const byCategory = filter.category !== undefined;
      const byGender = filter.gender !== undefined;
      const byBrand = Boolean(filter.brands?.length);
      let lo = Infinity;
      let hi = -Infinity;
      // Products with no category or gender count under '' (the listing shows them; "All" counts them).
      let noCategory = 0;
      let noGender = 0;
      for (let i = 0; i < n; i++) {
        const slot = slots[i] as number;
        if (!has(slot)) continue;
        if (filter.best && !this.best[slot]) continue;
        if ((this.created[slot] as number) <= ids.since) continue;
        const c = this.cat[slot] as number;
        const gender = this.gen[slot] as number;
        const b = this.brand[slot] as number;
        const cents = this.cents[slot] as number;
        const g = cards ? this.cardGroup(slot) : -1;
        const inCat = !byCategory || c === ids.category;
        const inGen = !byGender || ids.genders.has(gender);
        const inBrand = !byBrand || chosen.has(b);
        const inPrice = cents >= ids.minCents && cents <= ids.maxCents;
        if (inGen && inBrand && inPrice && once(seen.c, g, c)) {
          if (c >= 0) categoryCounts[c] = (categoryCounts[c] as number) + 1;
          else noCategory++;
        }
        if (inCat && inBrand && inPrice && once(seen.g, g, gender)) {
          if (gender >= 0) genderCounts[gender] = (genderCounts[gender] as number) + 1;
          else noGender++;
        }
        if (b >= 0 && ((inCat && inGen) || chosen.has(b))) {
          brandListed[b] = 1;
          const spelling = this.brandName[slot] as number;
          const had = brandSpelling[b] as number;
          if (had < 0 || (spelling !== had && (spellings[spelling] as string) < (spellings[had] as string))) brandSpelling[b] = spelling;
          if (inCat && inGen && inPrice && once(seen.b, g, b)) brandCounts[b] = (brandCounts[b] as number) + 1;
        }
        if (inCat && inGen && inBrand) {
          if (cents < lo) lo = cents;
          if (cents > hi) hi = cents;
          if (inPrice && once(seen.t, g, 0)) out.total++;
        }
      }
      categoryCounts.forEach((k, c) => k > 0 && out.categories.set(this.categories.names[c] ?? '', k));
      genderCounts.forEach((k, g) => k > 0 && out.genders.set(this.genders.names[g] ?? '', k));
      if (noCategory > 0) out.categories.set('', (out.categories.get('') ?? 0) + noCategory);
      if (noGender > 0) out.genders.set('', (out.genders.get('') ?? 0) + noGender);
      if (lo <= hi) out.price = { min: lo / 100, max: hi / 100 };
      const brands: Array<{ slug: string; name: string; count: number }> = [];
      brandListed.forEach((listed, b) => {
        if (!listed) return;
        const slug = this.brands.names[b] ?? '';
        const count = brandCounts[b] as number;
        if (count > 0 || (filter.brands ?? []).includes(slug))
          brands.push({ slug, name: spellings[brandSpelling[b] as number] ?? slug, count });
      });
      out.brands = brands
        .sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug))
        .filter((b, i) => i < FACET_BRANDS || (filter.brands ?? []).includes(b.slug));
      return out;
    }
  }

  /** Approximate bytes held, for the bench and the health of a process. */
  approximateBytes(): number {
    let postings = 0;
    for (const p of this.postings) postings += p.length;
    let chars = 0;
    for (const t of this.tokens) chars += t.length;
    // Columns (65 bytes a slot) and scratch (about 8 bytes a slot per term, 17 more) at their capacity, ids and
    // versions (about 80), postings, the vocabulary with its trigram, stem and prefix lists.
    return this.capacity * (65 + 17 + 8 * this.rank.length) + this.ids.length * 80 + postings * 8 + this.tokens.length * 160 + chars * 2;
  }
}

function emptyPhraseScratch(n: number) {
  return {
    /** Parts of the phrase the slot has had so far. */
    parts: new Uint8Array(n),
    lo: new Uint8Array(n),
    hi: new Uint8Array(n),
    quality: new Uint8Array(n),
    slots: new Int32Array(n),
    /** The current part's earliest position + 1 (0: not found yet), its quality, and the slots it touched. */
    partPos: new Int16Array(n),
    partQuality: new Uint8Array(n),
    partSlots: new Int32Array(n),
  };
}

/** The filters as ids; `open` when there are none (every product passes, nothing of it need be read). */
type FilterIds = {
  open: boolean;
  category: number;
  genders: Set<number>;
  brands: Set<number>;
  minCents: number;
  maxCents: number;
  /** created_at in microseconds; -Infinity: no bound. */
  since: number;
};
type Matched = {
  masks: Uint8Array;
  touched: Int32Array;
  touchedCount: number;
  rank: Int16Array[];
  start: Uint8Array[];
  end: Uint8Array[];
  count: number;
  /** The terms that may make a partial answer: those not weak (a stop word or a word of one or two letters). */
  strong: number;
};
