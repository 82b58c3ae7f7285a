// The <head> of a rendered page: title, description, canonical, robots, the tags link previews read (Open Graph,
// Twitter) and structured data (JSON-LD). Pure functions of what the page shows, tested in pages.test.ts.
import { SITE_NAME, type PageMeta } from '../../../common/page-meta';
import { DEFAULT_LANG, language, LANGUAGES, pathIn, type LangCode, type Language } from '../../../common/i18n';
import { categoryPath, PRODUCTS_PATH } from '../../../common/product-urls';
import { DEFAULT_BASE_CURRENCY, formatMoney, type CurrencyCode } from '../../../common/currency';
import type { Product } from '../../../common/schemas/product';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** JSON inside a <script> element: no value can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** An absolute address: paths get the site's origin, http(s) addresses stay as they are. */
export function absolute(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;
}

/**
 * A link preview's picture. Size and type only when they are known for certain (ours: the site's picture and the
 * link-preview JPEGs, whose size follows from the stored original); a picture on another site has neither.
 */
export type PreviewImage = { url: string; alt: string; width?: number | undefined; height?: number | undefined; type?: string | undefined };

export type Head = {
  meta: PageMeta;
  /** The address of this very page (og:url when the page has no canonical). */
  path: string;
  ogType: 'website' | 'product' | 'article';
  /**
   * The language versions when each has an address of its own (a guide's slug differs per language), as paths
   * without the language's base; absent: the canonical path in every language of `meta.languages`.
   */
  versions?: ReadonlyArray<{ lang: LangCode; path: string }> | undefined;
  /** An article's times and section (og's article:*). */
  article?: { publishedTime: string; modifiedTime: string; section: string; author: string; tags: readonly string[] } | undefined;
  image?: PreviewImage | null | undefined;
  product?: Product | undefined;
  /** The currency the product's price is in (the store's base); USD when absent. */
  currency?: CurrencyCode | undefined;
  jsonLd?: object[] | undefined;
};

/**
 * The languages a page has a version of its own in (issue 41): the finder, brand, category, legal and tool pages in
 * every one (their words are the interface's); a product page in English and the languages its title is translated
 * into (`meta.languages`), its copies in the others pointing to the English page as the canonical one.
 */
function languageVersions(head: Head): ReadonlyArray<Language> {
  const { languages } = head.meta;
  return languages ? LANGUAGES.filter((l) => languages.includes(l.code)) : LANGUAGES;
}

/** The page's head in `lang`: canonical and og:url at the language's address, its other languages as alternates. */
export function renderHead(origin: string, head: Head, lang: LangCode = DEFAULT_LANG): string {
  const { meta } = head;
  const tags: string[] = [`<title>${escapeHtml(meta.title)}</title>`];
  const name = (n: string, content: string) => tags.push(`<meta name="${n}" content="${escapeHtml(content)}">`);
  const property = (p: string, content: string) => tags.push(`<meta property="${p}" content="${escapeHtml(content)}">`);
  const versions = languageVersions(head);
  // A page in a language it has no version of is the English page's copy: its addresses are the English ones.
  const own = versions.some((l) => l.code === lang);
  const inLang = (l: LangCode, path: string) =>
    absolute(origin, pathIn(own ? l : DEFAULT_LANG, head.versions?.find((v) => v.lang === l)?.path ?? path));
  name('description', meta.description);
  if (meta.canonical !== null) tags.push(`<link rel="canonical" href="${escapeHtml(inLang(lang, meta.canonical))}">`);
  if (!meta.index) name('robots', 'noindex');
  // Every language version of an indexable page, itself included, and x-default (the English page): reciprocal,
  // since every version lists the same set.
  if (meta.index && meta.canonical !== null && own && versions.length > 1) {
    for (const l of versions) {
      tags.push(`<link rel="alternate" hreflang="${l.code}" href="${escapeHtml(inLang(l.code, meta.canonical))}">`);
    }
    // x-default is the English version; a guide without one has none.
    if (versions.some((l) => l.code === DEFAULT_LANG))
      tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(inLang(DEFAULT_LANG, meta.canonical))}">`);
  }

  property('og:site_name', SITE_NAME);
  property('og:locale', language(lang).ogLocale);
  if (own) for (const l of versions) if (l.code !== lang) property('og:locale:alternate', l.ogLocale);
  property('og:type', head.ogType);
  property('og:title', head.product?.title ?? meta.title);
  property('og:description', meta.description);
  property('og:url', inLang(lang, meta.canonical ?? head.path));
  const image = head.image;
  if (image) {
    const url = absolute(origin, image.url);
    property('og:image', url);
    if (image.type) property('og:image:type', image.type);
    if (image.width && image.height) {
      property('og:image:width', String(image.width));
      property('og:image:height', String(image.height));
    }
    property('og:image:alt', image.alt);
  }
  if (head.article) {
    property('article:published_time', head.article.publishedTime);
    property('article:modified_time', head.article.modifiedTime);
    if (head.article.section) property('article:section', head.article.section);
    if (head.article.author) property('article:author', head.article.author);
    for (const tag of head.article.tags) property('article:tag', tag);
  }
  name('twitter:card', image ? 'summary_large_image' : 'summary');
  name('twitter:title', head.product?.title ?? meta.title);
  name('twitter:description', meta.description);
  if (image) {
    name('twitter:image', absolute(origin, image.url));
    name('twitter:image:alt', image.alt);
  }
  if (head.product) {
    const amount = head.product.price.toFixed(2);
    property('product:price:amount', amount);
    const currency = head.currency ?? DEFAULT_BASE_CURRENCY;
    property('product:price:currency', currency);
    // Slack and others show these two as a labelled line under the preview.
    name('twitter:label1', 'Price');
    name('twitter:data1', formatMoney(head.product.price, currency));
    if (head.product.brand.trim()) {
      name('twitter:label2', 'Brand');
      name('twitter:data2', head.product.brand.trim());
    }
  }
  for (const data of head.jsonLd ?? []) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}

// Structured data (schema.org), each a function of what the page shows.

export function websiteJsonLd(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}${PRODUCTS_PATH}?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function itemListJsonLd(origin: string, products: Product[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: products.map((p, i) => ({ '@type': 'ListItem', position: i + 1, url: `${origin}${p.path}`, name: p.title })),
  };
}

export function breadcrumbJsonLd(origin: string, trail: Array<{ name: string; path: string }>): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, item: `${origin}${step.path}` })),
  };
}

/**
 * An article's structured data, with the fields Google's article documentation names: headline, image, the two
 * dates and the author (an organisation when the guide names none).
 */
export function articleJsonLd(
  origin: string,
  article: { title: string; description: string; path: string; publishedAt: string; updatedAt: string; authorName: string; lang: string },
  images: string[],
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title.slice(0, 110),
    description: article.description,
    inLanguage: article.lang,
    mainEntityOfPage: { '@type': 'WebPage', '@id': absolute(origin, article.path) },
    url: absolute(origin, article.path),
    ...(images.length ? { image: images.map((i) => absolute(origin, i)) } : {}),
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    author: article.authorName.trim()
      ? { '@type': 'Person', name: article.authorName.trim() }
      : { '@type': 'Organization', name: SITE_NAME, url: `${origin}/` },
    publisher: { '@type': 'Organization', name: SITE_NAME, url: `${origin}/` },
  };
}

/** Home › category › product, as the page's breadcrumbs show; `categoryName`: the category in the page's language. */
export function productTrail(product: Product, categoryName?: string | null): Array<{ name: string; path: string }> {
  const category = product.category?.trim();
  return [
    { name: 'Home', path: '/' },
    ...(category ? [{ name: categoryName?.trim() || category, path: categoryPath(category) }] : []),
    { name: product.title, path: product.path },
  ];
}

/** What is known of a product's buy link beyond the product itself. */
export type OfferState = {
  /** The link checks found the seller's item gone (issue 29, `mayBeUnavailable`): the offer says OutOfStock. */
  linkDead: boolean;
};

/**
 * The offer's availability (schema.org): in stock while the buy link is believed to work; the linked store sells
 * it (the disclaimer: availability is not guaranteed), and a dead link is the one thing the site can know of.
 */
export function offerAvailability(state: OfferState): string {
  return state.linkDead ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock';
}

/**
 * A product page's structured data. The offer has no `priceValidUntil`: prices are approximate and set by the
 * linked store (the disclaimer), so no date is known after which one ends, and an invented one would be false
 * (decision 0047).
 */
export function productJsonLd(
  origin: string,
  product: Product,
  imageUrl: string | null,
  currency: CurrencyCode = DEFAULT_BASE_CURRENCY,
  state: OfferState = { linkDead: false },
): object {
  const url = `${origin}${product.path}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    url,
    sku: String(product.number),
    ...(product.description.trim() ? { description: product.description.trim() } : {}),
    ...(imageUrl ? { image: [absolute(origin, imageUrl)] } : {}),
    ...(product.brand.trim() ? { brand: { '@type': 'Brand', name: product.brand.trim() } } : {}),
    ...(product.category?.trim() ? { category: product.category.trim() } : {}),
    offers: { '@type': 'Offer', price: product.price.toFixed(2), priceCurrency: currency, availability: offerAvailability(state), url },
  };
}
