// The <head> of a rendered page: title, description, canonical, robots, the tags link previews read (Open Graph,
// Twitter) and structured data (JSON-LD). Pure functions of what the page shows, tested in pages.test.ts.
import { SITE_LOCALE, SITE_NAME, type PageMeta } from '../../../common/page-meta';
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
  ogType: 'website' | 'product';
  image?: PreviewImage | null | undefined;
  product?: Product | undefined;
  /** The currency the product's price is in (the store's base); USD when absent. */
  currency?: CurrencyCode | undefined;
  jsonLd?: object[] | undefined;
};

export function renderHead(origin: string, head: Head): string {
  const { meta } = head;
  const tags: string[] = [`<title>${escapeHtml(meta.title)}</title>`];
  const name = (n: string, content: string) => tags.push(`<meta name="${n}" content="${escapeHtml(content)}">`);
  const property = (p: string, content: string) => tags.push(`<meta property="${p}" content="${escapeHtml(content)}">`);
  name('description', meta.description);
  if (meta.canonical !== null) tags.push(`<link rel="canonical" href="${escapeHtml(absolute(origin, meta.canonical))}">`);
  if (!meta.index) name('robots', 'noindex');

  property('og:site_name', SITE_NAME);
  property('og:locale', SITE_LOCALE);
  property('og:type', head.ogType);
  property('og:title', head.product?.title ?? meta.title);
  property('og:description', meta.description);
  property('og:url', absolute(origin, meta.canonical ?? head.path));
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

/** Home › category › product, as the page's breadcrumbs show. */
export function productTrail(product: Product): Array<{ name: string; path: string }> {
  const category = product.category?.trim();
  return [
    { name: 'Home', path: '/' },
    ...(category ? [{ name: category, path: categoryPath(category) }] : []),
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
