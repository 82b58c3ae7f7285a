/**
 * Categories at import (issue 40, decision 0094): for each category a file names that the list lacks, the existing
 * category it most likely means (the same name in another spelling, its plural, its slug, or the niche's words for
 * it), and the name it gets when kept new (a slug becomes a title). Pure: the preview proposes, the operator decides.
 */

/** The niche's words for the usual categories (lower case, spaces for separators) to the category they mean. */
export const CATEGORY_DICTIONARY: Readonly<Record<string, readonly string[]>> = {
  jackets: [
    'coats',
    'coat',
    'coats and jackets',
    'coats jackets',
    'outerwear',
    'parkas',
    'parka',
    'parkas down jackets',
    'down jackets',
    'puffers',
    'puffer jackets',
    'windbreakers',
    'shells',
  ],
  shoes: ['sneakers', 'sneaker', 'trainers', 'footwear', 'kicks', 'boots', 'slides', 'sandals'],
  't-shirts': ['tees', 'tee', 't shirts', 'tshirts', 'tshirt', 't shirt', 'tops', 'shirts tees'],
  hoodies: ['hoodies sweatshirts', 'sweatshirts', 'sweatshirt', 'hoodie', 'crewnecks', 'jumpers', 'sweaters hoodies'],
  pants: ['trousers', 'jeans', 'joggers', 'sweatpants', 'cargos', 'cargo pants', 'bottoms'],
  shorts: ['short', 'swim shorts'],
  accessories: ['accessory', 'caps', 'hats', 'belts', 'jewelry', 'jewellery', 'scarves', 'sunglasses'],
  bags: ['bag', 'backpacks', 'handbags', 'wallets'],
  tracksuits: ['tracksuit', 'track suits', 'sets', 'co ords'],
  knitwear: ['sweaters', 'knits', 'cardigans'],
};

/** Lower case, separators as one space: "Hoodies_Sweatshirts", "hoodies-sweatshirts" and "Hoodies Sweatshirts" meet. */
export const categoryKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[-_/|.,+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Its singular, roughly: "jackets" → "jacket", "hoodies" → "hoodie", "dresses" → "dress". */
const singular = (key: string) =>
  key
    .split(' ')
    .map((w) =>
      w.endsWith('sses') || w.endsWith('shes') || w.endsWith('ches')
        ? w.slice(0, -2)
        : w.endsWith('s') && !w.endsWith('ss')
          ? w.slice(0, -1)
          : w,
    )
    .join(' ');

/** True when a name is written as an address part: lower case words joined by hyphens or underscores, no space. */
export const isSlug = (name: string) => /^[\p{Ll}\p{N}]+(?:[-_][\p{Ll}\p{N}]+)+$/u.test(name) || /^[\p{Ll}][\p{Ll}\p{N}]*$/u.test(name);

/** The name a category kept new gets: a slug as a title ("hoodies-sweatshirts" → "Hoodies Sweatshirts"), else as given. */
export function titleOfCategory(name: string): string {
  if (!isSlug(name)) return name;
  return name
    .split(/[-_]+/)
    .map((w) => (w === 'and' ? 'and' : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

export type CategoryReason = 'remembered' | 'spelling' | 'plural' | 'dictionary';
export type CategoryProposal = { target: string; reason: CategoryReason };

/**
 * The existing category a new one most likely means, or null: the same name spelled otherwise (case, separators),
 * its singular or plural, then the niche's dictionary, whose category must exist.
 */
export function proposeCategory(name: string, existing: readonly string[]): CategoryProposal | null {
  const key = categoryKey(name);
  const byKey = new Map(existing.map((e) => [categoryKey(e), e]));
  const same = byKey.get(key);
  if (same) return { target: same, reason: 'spelling' };
  const one = singular(key);
  for (const [k, e] of byKey) if (singular(k) === one) return { target: e, reason: 'plural' };
  for (const [category, words] of Object.entries(CATEGORY_DICTIONARY)) {
    if (!words.includes(key) && !words.includes(one) && categoryKey(category) !== one) continue;
    const target = byKey.get(categoryKey(category)) ?? [...byKey].find(([k]) => singular(k) === singular(categoryKey(category)))?.[1];
    if (target) return { target, reason: 'dictionary' };
  }
  return null;
}
