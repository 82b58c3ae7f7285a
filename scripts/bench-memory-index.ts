// What would answer search within the 20 ms at 10 connections, measured (issue 14): an inverted index of
// the catalogue held in memory, as storefront search engines keep one. A prototype for the bench only: the same
// search plans as the server (forms and near spellings from search_terms), the same matching rule (every word a
// substring of title, brand or description), the same relevance and order, and the facet counts, timed on one thread.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { createCatalogueRepo } from '../server/modules/catalogue/catalogue.repo';
import { planSearch, searchWords, type SearchPlan } from '../server/modules/catalogue/search-words';

/** The separator between title, brand and description in search_text (chr 31). */
const SEPARATOR = String.fromCharCode(31);

type Row = { id: string; k: number; t: string; c: string | null; g: string | null; b: string | null; p: string };

/** The catalogue in shuffle order (ordinal = position in (shuffle_key, id)), its tokens and their trigrams. */
export class MemoryIndex {
  readonly keys: Int32Array;
  readonly texts: string[];
  /** Where the title and the brand end in each text (the separators). */
  readonly titleEnd: Int32Array;
  readonly brandEnd: Int32Array;
  readonly category: Int32Array;
  readonly gender: Int32Array;
  readonly brand: Int32Array;
  readonly names: { category: string[]; gender: string[]; brand: string[] };
  /** Whitespace-separated tokens of every text, each with the ordinals having it (ascending). */
  readonly tokens: string[] = [];
  readonly postings: Int32Array[] = [];
  /** Trigram → ids of the tokens containing it. */
  private readonly trigrams = new Map<string, number[]>();

  constructor(rows: Row[]) {
    const n = rows.length;
    this.keys = new Int32Array(n);
    this.texts = new Array<string>(n);
    this.titleEnd = new Int32Array(n);
    this.brandEnd = new Int32Array(n);
    this.category = new Int32Array(n);
    this.gender = new Int32Array(n);
    this.brand = new Int32Array(n);
    const dict = (names: string[]) => {
      const ids = new Map<string, number>();
      return (value: string | null) => {
        const v = value ?? '';
        let id = ids.get(v);
        if (id === undefined) {
          id = names.length;
          names.push(v);
          ids.set(v, id);
        }
        return id;
      };
    };
    this.names = { category: [], gender: [], brand: [] };
    const cat = dict(this.names.category);
    const gen = dict(this.names.gender);
    const bra = dict(this.names.brand);
    const lists = new Map<string, number[]>();
    rows.forEach((r, i) => {
      this.keys[i] = r.k;
      this.texts[i] = r.t;
      const first = r.t.indexOf(SEPARATOR);
      this.titleEnd[i] = first;
      this.brandEnd[i] = r.t.indexOf(SEPARATOR, first + 1);
      this.category[i] = cat(r.c);
      this.gender[i] = gen(r.g);
      this.brand[i] = bra(r.b);
      for (const token of new Set(r.t.split(SEPARATOR).flatMap((part) => part.split(/\s+/)))) {
        if (!token) continue;
        let list = lists.get(token);
        if (!list) lists.set(token, (list = []));
        list.push(i);
      }
    });
    for (const [token, list] of lists) {
      const id = this.tokens.length;
      this.tokens.push(token);
      this.postings.push(Int32Array.from(list));
      for (const g of trigramsOf(token)) {
        let ids = this.trigrams.get(g);
        if (!ids) this.trigrams.set(g, (ids = []));
        if (ids.at(-1) !== id) ids.push(id);
      }
    }
  }

  /** Ordinals whose text contains `pattern` (within one token, as a word without spaces must be); may repeat. */
  private containing(pattern: string): number[] {
    const out: number[] = [];
    let candidates: Iterable<number>;
    const grams = trigramsOf(pattern).filter((g) => !g.startsWith(' ') && !g.endsWith(' '));
    if (grams.length) {
      const lists = grams.map((g) => this.trigrams.get(g) ?? []).sort((a, b) => a.length - b.length);
      const [smallest = [], ...rest] = lists;
      const sets = rest.map((l) => new Set(l));
      candidates = smallest.filter((id) => sets.every((s) => s.has(id)));
    } else candidates = this.tokens.keys();
    for (const id of candidates) {
      if (!(this.tokens[id] ?? '').includes(pattern)) continue;
      for (const o of this.postings[id] ?? []) out.push(o);
    }
    return out;
  }

  /** The first `limit` products in relevance order (the shuffle from `seed` breaking ties), and the category counts. */
  search(plan: SearchPlan, seed: number, limit: number): { ids: number[]; matches: number; facets: Map<number, number> } {
    const n = this.keys.length;
    const score = new Int32Array(n);
    const matched = new Uint8Array(n);
    const wordScore = new Int32Array(n);
    plan.words.forEach((word, w) => {
      const touched: number[] = [];
      const tiers: Array<[string, number, number, number]> = [
        ...word.forms.map((f): [string, number, number, number] => [f, 6, 4, 2]),
        ...word.typos.map((t): [string, number, number, number] => [t, 3, 2, 1]),
      ];
      for (const [pattern, inTitle, inBrand, inDescription] of tiers) {
        for (const o of this.containing(pattern)) {
          if (matched[o] !== w) continue;
          const at = (this.texts[o] ?? '').indexOf(pattern);
          const s = at < (this.titleEnd[o] ?? 0) ? inTitle : at < (this.brandEnd[o] ?? 0) ? inBrand : inDescription;
          if (!wordScore[o]) touched.push(o);
          if (s > (wordScore[o] ?? 0)) wordScore[o] = s;
        }
      }
      for (const o of touched) {
        matched[o] = w + 1;
        score[o] = (score[o] ?? 0) + (wordScore[o] ?? 0);
        wordScore[o] = 0;
      }
    });
    const all = plan.words.length;
    // The rotation: ordinals from the first key at or past the seed, then from the start.
    let start = 0;
    while (start < n && (this.keys[start] ?? 0) < seed) start++;
    const best: Array<[number, number]> = [];
    const facets = new Map<number, number>();
    let matches = 0;
    for (let i = 0; i < n; i++) {
      const o = i + start < n ? i + start : i + start - n;
      if (matched[o] !== all) continue;
      matches++;
      const c = this.category[o] ?? 0;
      facets.set(c, (facets.get(c) ?? 0) + 1);
      const s = score[o] ?? 0;
      if (best.length === limit && s <= (best[limit - 1]?.[0] ?? 0)) continue;
      if (best.length === limit) best.pop();
      best.push([s, i]);
      best.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    }
    return { ids: best.map(([, i]) => (start + i) % n), matches, facets };
  }
}

function trigramsOf(text: string): string[] {
  const padded = `  ${text} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Builds the index from the database and times the same searches as the database rows, one thread. */
export async function measureMemoryIndex(database: Database, searches: Record<string, string[]>): Promise<string[]> {
  const started = performance.now();
  const heapBefore = process.memoryUsage().heapUsed;
  const rows = await database.rows<Row>(sql`
    select id, shuffle_key as k, search_text as t, lower(category) as c, gender as g, brand_key as b, price::text as p
    from products order by shuffle_key, id`);
  const loaded = performance.now();
  const index = new MemoryIndex(rows);
  const built = performance.now();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const repo = createCatalogueRepo(database);
  const lines = [
    `in-memory index prototype (scripts/bench-memory-index.ts): ${rows.length.toLocaleString('en-US')} products read in ${Math.round(loaded - started)} ms, ` +
      `indexed in ${Math.round(built - loaded)} ms, ${index.tokens.length.toLocaleString('en-US')} tokens, about ${Math.round(heapMb)} MB of heap`,
  ];
  for (const [label, texts] of Object.entries(searches)) {
    // Plans as the server makes them (one vocabulary read each, timed apart).
    const plans: SearchPlan[] = [];
    const planMs: number[] = [];
    for (const text of texts) {
      const t = performance.now();
      const words = searchWords(text);
      plans.push(planSearch(words, await repo.termCandidates(words)));
      planMs.push(performance.now() - t);
    }
    // The same matches as the database path, checked on every plan.
    for (const [i, plan] of plans.entries()) {
      const expected = await repo.countFinder({ search: plan });
      const got = index.search(plan, 0, 7).matches;
      if (got !== expected) lines.push(`  !! "${texts[i]}": ${got} matches in memory, ${expected} in the database`);
    }
    const times: number[] = [];
    for (let round = 0; round < 20; round++) {
      plans.forEach((plan, i) => {
        const t = performance.now();
        index.search(plan, (i * 7919 + round * 104729) % 2147483647, 7);
        times.push(performance.now() - t);
      });
    }
    times.sort((a, b) => a - b);
    planMs.sort((a, b) => a - b);
    lines.push(
      `  ${label}: match, rank and count categories p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms ` +
        `(one thread); the vocabulary read in the database p50 ${percentile(planMs, 50).toFixed(1)} ms`,
    );
  }
  return lines;
}
