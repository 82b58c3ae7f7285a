// Every product's one address on our origin: /products/<slug>-<number>. The number finds the product; the slug is
// made from the title for people and search engines, so a renamed product keeps working (the old slug redirects).

import { BRANDS_PATH } from './constants';

export const PRODUCTS_PATH = '/products';
/** Longest slug, in characters: enough for a title's words, short enough for a chat preview. */
export const SLUG_MAX_LENGTH = 60;
const FALLBACK_SLUG = 'product';

/** "Nike Air Max 90 – Crème/Noir" → "nike-air-max-90-creme-noir": lower case a–z, digits and single hyphens. */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!words) return FALLBACK_SLUG;
  if (words.length <= SLUG_MAX_LENGTH) return words;
  // Cut at a word boundary when one is near, so no word is left half.
  const cut = words.slice(0, SLUG_MAX_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > SLUG_MAX_LENGTH / 2 ? cut.slice(0, lastHyphen) : cut.slice(0, SLUG_MAX_LENGTH)).replace(/-+$/, '');
}

export function productPath(product: { title: string; number: number }): string {
  return `${PRODUCTS_PATH}/${slugify(product.title)}-${product.number}`;
}

/** The part after /products/: "<slug>-<number>" or a bare "<number>"; null when it names no product number. */
export function parseProductRef(ref: string): { slug: string; number: number } | null {
  const match = /^(?:(.*)-)?(\d{1,10})$/.exec(ref);
  if (!match) return null;
  const number = Number(match[2]);
  if (!Number.isSafeInteger(number) || number < 1 || number > 2147483647) return null;
  return { slug: match[1] ?? '', number };
}

/** The address of the finder showing one category: what every filtered view of that category points at. */
export function categoryPath(category: string): string {
  return `/products?category=${encodeURIComponent(category)}`;
}

/** A brand's page: the finder with that brand fixed. */
export function brandPath(slug: string): string {
  return `${BRANDS_PATH}/${encodeURIComponent(slug)}`;
}
