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
import { PAGE_META_TEXTS as T } from './texts/page-meta';
import { GENDER_LABELS } from './texts/finder';
import { categoryLabel, type CategoryNames } from './catalogue-languages';
import { currentLanguage, DEFAULT_LANG, type LangCode } from './i18n';
import { GUIDES_PATH, guidePath, GUIDE_TOPIC_PATH } from './guides';
import type { GuideArticle } from './schemas/guide-page';
import { GUIDE_TEXTS } from './texts/guides';

export const SITE_NAME = 'Finder';
/** The pages' language and region for link previews (og:locale): English (web/index.html's lang), prices in dollars. */
export const SITE_LOCALE = 'en_US';
/** The site's description, in the language of the moment. */
export const siteDescription = () => T.siteDescription;
/** Longest meta description: what search results show before cutting. */
export const DESCRIPTION_MAX_LENGTH = 160;

export type PageMeta = {
  title: string;
  description: string;
  /** Path (and query) of the page search engines should index for this content; null on pages not to index. */
  canonical: string | null;
  /** false: <meta name="robots" content="noindex">. */
  index: boolean;
  /**
   * The languages the page has a version of its own in (issue 41): absent, every language (the interface's pages). A
   * product page has English and the languages its title is translated into; in any other it canonicalises to English.
   */
  languages?: readonly LangCode[] | undefined;
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
  category: { name: string; description: string; names?: CategoryNames | undefined } | null,
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
  if (isHome) return { title: `${SITE_NAME} · ${T.tagline}`, description: siteDescription(), canonical, index: true };

  // The category in the page's language (issue 41); its address keeps the name.
  const categoryName = category ? categoryLabel(category, currentLanguage()) : filters.category !== ALL ? filters.category : null;
  const parts: string[] = [];
  if (filters.search.trim()) parts.push(T.search(filters.search.trim()));
  if (categoryName) parts.push(parts.length ? T.inCategory(categoryName) : categoryName);
  if (filters.brands.length) {
    const names = filters.brands.map((slug) => brandNames.get(slug) ?? slug).join(', ');
    parts.push(parts.length ? T.byBrands(names) : names);
  }
  if (filters.gender !== ALL) parts.push(T.forGender(GENDER_LABELS[filters.gender]));
  const price = priceRangeText(filters.minPrice, filters.maxPrice, currency);
  if (price) parts.push(parts.length ? price : T.productsPriced(price));
  if (filters.best) parts.push(parts.length ? T.bestProductsAfter : T.bestProducts);
  const description = category?.description.trim()
    ? clip(`${category.description.trim()} ${siteDescription()}`)
    : clip(`${parts.join(' ')}: ${siteDescription()}`);
  return { title: titled(parts.join(' ')), description, canonical, index: true };
}

/**
 * A product's page: title, then price, brand and category first in the description (chat previews show it);
 * `categoryName` is the category in the page's language (issue 41). Its versions are English and the languages its
 * title is translated into.
 */
export function productMeta(product: Product, currency: CurrencyCode = DEFAULT_BASE_CURRENCY, categoryName?: string | null): PageMeta {
  const category = categoryName?.trim() || product.category?.trim();
  const facts = [formatPrice(product.price, currency), product.brand.trim(), category].filter(Boolean).join(' · ');
  const body = product.description.trim() || T.productDescription(product.title);
  return {
    title: titled(product.title),
    description: clip(`${facts}. ${body}`),
    canonical: product.path,
    index: true,
    languages: [DEFAULT_LANG, ...product.translatedInto],
  };
}

/** A brand's page, whatever its filters: one canonical address per brand. */
export function brandMeta(brand: BrandSummary): PageMeta {
  return {
    title: titled(brand.name),
    description: clip(T.brandDescription(brand.name, brand.count)),
    canonical: brandPath(brand.slug),
    index: true,
  };
}

/** A brand nobody sells (its words read in the language of the moment, each time). */
export const missingBrandMeta: PageMeta = {
  get title() {
    return titled(T.brandMissingTitle);
  },
  get description() {
    return T.brandMissingDescription;
  },
  canonical: null,
  index: false,
};

export function missingProductMeta(gone: boolean): PageMeta {
  return gone
    ? { title: titled(T.productRemovedTitle), description: T.productRemovedDescription, canonical: null, index: false }
    : { title: titled(T.productMissingTitle), description: T.productMissingDescription, canonical: null, index: false };
}

/** The guides' index, or one topic's (issue 43): `topic` as the editor wrote it, `topicSlug` its address part. */
export function guidesMeta(topic: { name: string; slug: string } | null): PageMeta {
  if (!topic)
    return { title: titled(GUIDE_TEXTS.guides), description: clip(GUIDE_TEXTS.guidesDescription), canonical: GUIDES_PATH, index: true };
  return {
    title: titled(GUIDE_TEXTS.topicTitle(topic.name)),
    description: clip(GUIDE_TEXTS.topicDescription(topic.name)),
    canonical: `${GUIDE_TOPIC_PATH}/${topic.slug}`,
    index: true,
  };
}

/**
 * An article: its own title and description; its versions are the languages it is published in (each under its own
 * slug: the head's alternates name each version's address, server/modules/pages/head.ts).
 */
export function guideMeta(article: Pick<GuideArticle, 'title' | 'description' | 'slug' | 'versions'>): PageMeta {
  return {
    title: titled(article.title),
    description: clip(article.description || article.title),
    canonical: guidePath(article.slug),
    index: true,
    languages: article.versions.map((v) => v.lang as LangCode),
  };
}

/** A topic without a published guide, or a slug no published guide has. */
export const missingGuideMeta: PageMeta = {
  get title() {
    return titled(GUIDE_TEXTS.guideMissingTitle);
  },
  get description() {
    return GUIDE_TEXTS.guideMissingText;
  },
  canonical: null,
  index: false,
};
