/**
 * Fields an import reads from where other sites put them (issue 40, decision 0094): the gender from a category,
 * sub-category or column that names it ("Women"), merchandising buckets ("Trending Now") as Best instead of
 * categories, and the brand from a title that starts with or contains a known brand or model ("Air Force 1" → Nike).
 * Pure: the reader's process runs it on each row, the dashboard shows the default brand list.
 */
import { GENDERS, type Gender } from './constants';

/** Words that name an audience, lower case, to the site's gender. */
const GENDER_WORDS: Record<string, Gender> = {
  women: 'Women',
  womens: 'Women',
  "women's": 'Women',
  woman: 'Women',
  ladies: 'Women',
  female: 'Women',
  her: 'Women',
  girls: 'Kids',
  men: 'Men',
  mens: 'Men',
  "men's": 'Men',
  man: 'Men',
  male: 'Men',
  him: 'Men',
  kids: 'Kids',
  kid: 'Kids',
  "kids'": 'Kids',
  children: 'Kids',
  youth: 'Kids',
  boys: 'Kids',
  baby: 'Kids',
  toddler: 'Kids',
  unisex: 'Unisex',
};

/** Merchandising buckets: they say how a site promotes a product, not what it is. They become Best. */
export const MERCHANDISING_BUCKETS: readonly string[] = [
  'trending',
  'trending now',
  'latest finds',
  'latest',
  'new',
  'new in',
  'new arrivals',
  'best sellers',
  'bestsellers',
  'best seller',
  'top picks',
  'featured',
  'hot',
  'popular',
  'staff picks',
  'must haves',
];

const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2019`]/g, "'")
    .replace(/[-_/|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The gender a bucket's text names ("Women", "Men's", "kids"), or null. */
export function genderOfBucket(text: string): Gender | null {
  const k = key(text);
  const found = GENDER_WORDS[k] ?? GENDER_WORDS[k.replace(/ (clothing|fashion|collection|wear|section)$/, '')];
  return found && (GENDERS as readonly string[]).includes(found) ? found : null;
}

export function isMerchandisingBucket(text: string): boolean {
  return MERCHANDISING_BUCKETS.includes(key(text));
}

/** A title's gender when it says it first ("Women's Puffer", "Kids Tracksuit"). */
export function genderOfTitle(title: string): Gender | null {
  const first = /^([a-z']+)\s/i.exec(title.replace(/\u2019/g, "'"));
  if (!first?.[1]) return null;
  const word = first[1].toLowerCase();
  return ["women's", 'womens', "men's", 'mens', 'kids', "kids'"].includes(word) ? genderOfBucket(word) : null;
}

/** One entry of the kept list: a brand or model as titles write it, and the brand it names. */
export type BrandAlias = { alias: string; brand: string };

/** The list a new site starts with (the dashboard edits it beside the synonyms). */
export const DEFAULT_BRAND_ALIASES: readonly BrandAlias[] = [
  ...[
    'Nike',
    'Adidas',
    'Jordan',
    'New Balance',
    'Asics',
    'Puma',
    'Vans',
    'Converse',
    'Salomon',
    'Stone Island',
    'Moncler',
    'Canada Goose',
    'The North Face',
    "Arc'teryx",
    'Corteiz',
    'Trapstar',
    'Essentials',
    'Fear of God',
    'Stussy',
    'Supreme',
    'Palace',
    'Bape',
    'Carhartt',
    'Ralph Lauren',
    'Lacoste',
    'Burberry',
    'Prada',
    'Gucci',
    'Louis Vuitton',
    'Dior',
    'Balenciaga',
    'Off-White',
    'Chrome Hearts',
    'Gallery Dept',
    'Rhude',
    'Amiri',
    'Represent',
    'Hellstar',
    'Sp5der',
    'Denim Tears',
    'Broken Planet',
    'Syna World',
    'Comme des Garcons',
    'Maison Margiela',
    'Acne Studios',
    'Ami Paris',
    'Loewe',
    'Celine',
    'Chanel',
    'Hermes',
    'Rick Owens',
    'Vivienne Westwood',
    'Polo Ralph Lauren',
    'Cav Empt',
    'Human Made',
    'Kith',
    'Aime Leon Dore',
    'Nocta',
    'Patagonia',
    'Oakley',
    'Ugg',
  ].map((brand) => ({ alias: brand, brand })),
  { alias: 'Air Force 1', brand: 'Nike' },
  { alias: 'AF1', brand: 'Nike' },
  { alias: 'Air Max', brand: 'Nike' },
  { alias: 'Dunk', brand: 'Nike' },
  { alias: 'Tech Fleece', brand: 'Nike' },
  { alias: 'Air Jordan', brand: 'Jordan' },
  { alias: 'AJ1', brand: 'Jordan' },
  { alias: 'AJ4', brand: 'Jordan' },
  { alias: 'Yeezy', brand: 'Adidas' },
  { alias: 'Samba', brand: 'Adidas' },
  { alias: 'Gazelle', brand: 'Adidas' },
  { alias: 'Campus 00s', brand: 'Adidas' },
  { alias: 'TNF', brand: 'The North Face' },
  { alias: 'North Face', brand: 'The North Face' },
  { alias: 'Nuptse', brand: 'The North Face' },
  { alias: 'CDG', brand: 'Comme des Garcons' },
  { alias: 'Margiela', brand: 'Maison Margiela' },
  { alias: 'Arcteryx', brand: "Arc'teryx" },
  { alias: 'Crtz', brand: 'Corteiz' },
  { alias: 'FOG Essentials', brand: 'Essentials' },
  { alias: 'Goyard', brand: 'Goyard' },
  { alias: 'LV', brand: 'Louis Vuitton' },
  { alias: 'Bapesta', brand: 'Bape' },
  { alias: 'Travis Scott', brand: 'Jordan' },
];

/** Letters and digits only, lower case, words one space apart: "Arc'teryx" and "arcteryx" meet. */
const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2019`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The list made ready for titles: longest alias first, so "Air Jordan" wins over "Jordan" and "Nike Air Max" over "Nike". */
export type BrandMatcher = Array<{ words: string; brand: string }>;
export function brandMatcher(aliases: readonly BrandAlias[]): BrandMatcher {
  return aliases
    .map((a) => ({ words: plain(a.alias), brand: a.brand.trim() }))
    .filter((a) => a.words !== '' && a.brand !== '')
    .sort((a, b) => b.words.length - a.words.length);
}

/** The brand a title names: one it starts with first, else one it contains as whole words; null for none. */
export function brandOfTitle(title: string, matcher: BrandMatcher): string | null {
  const words = ` ${plain(title)} `;
  for (const a of matcher) if (words.startsWith(` ${a.words} `)) return a.brand;
  for (const a of matcher) if (words.includes(` ${a.words} `)) return a.brand;
  return null;
}
