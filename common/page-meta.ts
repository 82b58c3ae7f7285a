// Each page's title, description and canonical address. The server writes them (with Open Graph, Twitter and
// JSON-LD) into the HTML it renders; the web sets the same title, description and canonical link when it
// navigates without a reload, so both always agree. The web loads this file after the first view (web/lib/page-meta.ts).
import { ALL, DEFAULT_SORT } from './constants';
import { DEFAULT_FILTERS, type FinderFilters } from './finder-filters';
import { DEFAULT_BASE_CURRENCY, type CurrencyCode } from './currency';
import { formatPrice, priceRangeText } from './price';
import { brandPath, categoryPath } from './product-urls';
import type { Product } from './schemas/product';
import type { BrandSummary } from './schemas/search';

export const SITE_NAME = 'Finder';
/** The pages' language and region for link previews (og:locale): English (web/index.html's lang), prices in dollars. */
export const SITE_LOCALE = 'en_US';
export const SITE_DESCRIPTION =
  'Browse, filter and search fashion finds (clothing, shoes, sneakers and accessories), then buy them at our partner store.';
/** Longest meta description: what search results show before cutting. */
export const DESCRIPTION_MAX_LENGTH = 160;

export type PageMeta = {
  title: string;
  description: string;
  /** Path (and query) of the page search engines should index for this content; null on pages not to index. */
  canonical: string | null;
  /** false: <meta name="robots" content="noindex">. */
  index: boolean;
};

export const titled = (name: string) => `${name} · ${SITE_NAME}`;

/** Cuts at a word boundary and marks the cut; whitespace runs become one space. */
export function clip(text: string, max = DESCRIPTION_MAX_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/**
 * The finder: filtered addresses point their canonical at the single-category page (when the category exists), at
 * a brand's page (filtered by that one brand alone) or at the home page, so search engines index one page per
 * category and brand, not one per search. The order alone changes nothing: a sorted home page is the home page.
 * `brandNames` spells the chosen brands (by slug) in the title; a brand without one is named by its slug, and is
 * not known to have a page.
 */
export function finderMeta(
  filters: FinderFilters,
  category: { name: string; description: string } | null,
  brandNames: ReadonlyMap<string, string> = new Map(),
  currency: CurrencyCode = DEFAULT_BASE_CURRENCY,
): PageMeta {
  const isHome = JSON.stringify({ ...filters, sort: DEFAULT_SORT }) === JSON.stringify(DEFAULT_FILTERS);
  const [onlyBrand] = filters.brands;
  const brandOnly =
    filters.brands.length === 1 &&
    onlyBrand !== undefined &&
    brandNames.has(onlyBrand) &&
    JSON.stringify({ ...filters, sort: DEFAULT_SORT, brands: [] }) === JSON.stringify(DEFAULT_FILTERS);
  const canonical = category ? categoryPath(category.name) : brandOnly ? brandPath(onlyBrand) : '/';
  if (isHome) return { title: `${SITE_NAME} · Fashion product finder`, description: SITE_DESCRIPTION, canonical, index: true };

  const categoryName = category?.name ?? (filters.category !== ALL ? filters.category : null);
  const parts: string[] = [];
  if (filters.search.trim()) parts.push(`“${filters.search.trim()}”`);
  if (categoryName) parts.push(parts.length ? `in ${categoryName}` : categoryName);
  if (filters.brands.length) {
    const names = filters.brands.map((slug) => brandNames.get(slug) ?? slug).join(', ');
    parts.push(parts.length ? `by ${names}` : names);
  }
  if (filters.gender !== ALL) parts.push(`for ${filters.gender}`);
  const price = priceRangeText(filters.minPrice, filters.maxPrice, currency);
  if (price) parts.push(parts.length ? price : `Products ${price}`);
  if (filters.best) parts.push(parts.length ? '(best products)' : 'Best products');
  const description = category?.description.trim()
    ? clip(`${category.description.trim()} ${SITE_DESCRIPTION}`)
    : clip(`${parts.join(' ')}: ${SITE_DESCRIPTION}`);
  return { title: titled(parts.join(' ')), description, canonical, index: true };
}

/** A product's page: title, then price, brand and category first in the description (chat previews show it). */
export function productMeta(product: Product, currency: CurrencyCode = DEFAULT_BASE_CURRENCY): PageMeta {
  const facts = [formatPrice(product.price, currency), product.brand.trim(), product.category?.trim()].filter(Boolean).join(' · ');
  const body = product.description.trim() || `${product.title}: find it on ${SITE_NAME} and buy it at our partner store.`;
  return { title: titled(product.title), description: clip(`${facts}. ${body}`), canonical: product.path, index: true };
}

/** A brand's page, whatever its filters: one canonical address per brand. */
export function brandMeta(brand: BrandSummary): PageMeta {
  const products = `${brand.count} ${brand.count === 1 ? 'find' : 'finds'}`;
  return {
    title: titled(brand.name),
    description: clip(`${brand.name}: ${products} to browse, filter and search, then buy at our partner store.`),
    canonical: brandPath(brand.slug),
    index: true,
  };
}

export const missingBrandMeta: PageMeta = {
  title: titled('Brand not found'),
  description: 'No product of this brand is in the catalogue.',
  canonical: null,
  index: false,
};

export function missingProductMeta(gone: boolean): PageMeta {
  return gone
    ? { title: titled('Product removed'), description: 'This product has been removed from the catalogue.', canonical: null, index: false }
    : { title: titled('Product not found'), description: 'There is no product at this address.', canonical: null, index: false };
}
