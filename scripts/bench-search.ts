// The search and browse rows of the bench (issue 14): requests that reach the database, each kind on its own. The
// server they run against keeps no answers (BENCH_CACHE_MB=0), so every request is the database path.
import { FINDER_SORTS } from '../common/constants';
import { random } from '../server/db/demo-catalogue';
import { SEARCH_WORDS } from './bench-traffic';

/** How long the warm-up runs before the rows (see `warmUpPaths`); BENCH_WARM_UP_SECONDS=0 measures a cold server. */
export const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);

/**
 * A site that has been up a while, as the model row is measured after a pass of its traffic: searches of other words
 * than the rows' (the traffic model's words, alone, in pairs, a letter short, their facets and suggestions) run
 * first, so the rows measure the server's steady state, not its compiler's first seconds. Each row's own searches are
 * still first asked when it is measured.
 */
export function warmUpPaths(): string[] {
  const rng = random(41);
  const seed = () => Math.floor(rng() * 2147483647);
  const paths: string[] = [];
  SEARCH_WORDS.forEach((word, i) => {
    const next = SEARCH_WORDS[(i + 7) % SEARCH_WORDS.length] ?? '';
    for (const search of [word, `${word} ${next}`, word.slice(1)])
      paths.push(`/api/products?search=${encodeURIComponent(search)}&limit=6&seed=${seed()}`);
    paths.push(`/api/products/facets?search=${encodeURIComponent(`${next} ${word}`)}`);
    paths.push(`/api/search/suggestions?q=${encodeURIComponent(word.slice(0, 3 + (i % 3)))}`);
  });
  return paths;
}

/** Words of the bench catalogue with a letter left out, doubled or two swapped: what thumbs type. */
export const TYPO_SEARCHES = [
  'hodie',
  'jaket',
  'snaeker',
  'cardigna',
  'crewnek',
  'swaeter',
  'bommer',
  'walet',
  'lofer',
  'pufer',
  'denm',
  'northfld',
  'kinetik',
  'quilte',
  'utilty',
  'runer',
];
/** Plurals and other forms the catalogue's titles do not spell that way. */
export const PLURAL_SEARCHES = [
  'hoodies',
  'jackets',
  'sneakers',
  'boots',
  'loafers',
  'cardigans',
  'sweaters',
  'wallets',
  'belts',
  'runners',
  'bombers',
  'tees',
  'totes',
  'coats',
];
/** Several words in any order. */
export const MULTI_WORD_SEARCHES = [
  'black hoodie',
  'navy cargo pants',
  'northfold jacket',
  'olive bomber',
  'relaxed denim jacket',
  'cream knit sweater',
  'zip hoodie kinetic',
  'boot leather',
  'sneaker white',
  'washed tee graphic',
  'sand puffer coat',
  'mono studio tote',
];
/** What people have typed when the suggestions are asked for. */
export const SUGGEST_PREFIXES = [
  'ho',
  'hoo',
  'hood',
  'jac',
  'jack',
  'sne',
  'snea',
  'car',
  'card',
  'nor',
  'kin',
  'bla',
  'blac',
  'den',
  'cre',
  'pu',
  'puf',
  'lo',
  'wal',
  'tot',
];

/** The niche's abbreviations, both ways (migration 0021's list; the bench catalogue has some of these words). */
export const SYNONYM_SEARCHES = [
  'af1',
  'lv',
  'tnf',
  'aj1',
  'j4',
  'cdg',
  'fog',
  'bape',
  'reps',
  'air force 1',
  'louis vuitton',
  'the north face',
  'tee',
  'hoody',
];
/** No product has every word: the answer is the products with most of them. */
export const PARTIAL_SEARCHES = [
  'navy cargo pants zebra',
  'olive bomber panda',
  'northfold jacket lv',
  'relaxed denim jacket yeezy',
  'black hoodie 350',
  'cream knit sweater dunk',
  'sand puffer coat af1',
  'washed tee graphic chicago',
];

export type SearchRow = { label: string; paths: string[]; target?: number };

/**
 * The rows: a typo, a plural, a multi-word search (first pages, any seed), the facet counts of a search, the
 * suggestion list, and each order's second page (of the unfiltered list, a category, a gender and a search).
 */
export async function searchRows(base: string): Promise<SearchRow[]> {
  const rng = random(14);
  const seed = () => Math.floor(rng() * 2147483647);
  const searches = (words: string[]) =>
    Array.from(
      { length: 400 },
      (_, i) => `/api/products?search=${encodeURIComponent(words[i % words.length] ?? '')}&limit=6&seed=${seed()}`,
    );
  const rows: SearchRow[] = [
    { label: 'typo search (hodie → hoodie)', paths: searches(TYPO_SEARCHES), target: 20 },
    { label: 'plural search (jackets → jacket)', paths: searches(PLURAL_SEARCHES), target: 20 },
    { label: 'multi-word search (navy cargo pants)', paths: searches(MULTI_WORD_SEARCHES), target: 20 },
    { label: 'synonym search (af1, lv, tnf, air force 1)', paths: searches(SYNONYM_SEARCHES), target: 20 },
    { label: 'partial-answer search (navy cargo pants zebra)', paths: searches(PARTIAL_SEARCHES), target: 20 },
    {
      label: 'facet counts of a search',
      paths: [...SEARCH_WORDS.slice(0, 40), ...MULTI_WORD_SEARCHES, ...PARTIAL_SEARCHES].map(
        (w) => `/api/products/facets?search=${encodeURIComponent(w)}`,
      ),
      target: 30,
    },
    {
      label: 'suggestions as one types',
      paths: SUGGEST_PREFIXES.map((q) => `/api/search/suggestions?q=${encodeURIComponent(q)}`),
      target: 20,
    },
  ];
  const lists = ['', 'category=Shoes', 'gender=Men', 'search=black', 'search=hoodie&gender=Women'];
  for (const sort of FINDER_SORTS) {
    const paths: string[] = [];
    for (const filter of lists) {
      for (let i = 0; i < 8; i++) {
        const first = `/api/products?${filter ? `${filter}&` : ''}sort=${sort}&limit=6&seed=${seed()}`;
        const page = (await (await fetch(`${base}${first}`)).json()) as { nextCursor: string | null };
        if (page.nextCursor) paths.push(`${first}&cursor=${encodeURIComponent(page.nextCursor)}`);
      }
    }
    rows.push({ label: `${sort} order, second page`, paths });
  }
  return rows;
}
