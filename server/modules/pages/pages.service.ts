import { ALL, FINDER_PAGE_SIZE_DESKTOP, FINDER_PAGE_SIZE_PHONE } from '../../../common/constants';
import { DEFAULT_BASE_CURRENCY } from '../../../common/currency';
import { DEFAULT_FILTERS, finderApiParams, filtersFromParams } from '../../../common/finder-filters';
import { SHARE_IMAGE_TYPE, shareImageSize, shareImageUrlFor, thumbnailUrlFor, type PixelSize } from '../../../common/media';
import type { InitialData, ProductView } from '../../../common/page-data';
import { brandMeta, finderMeta, missingBrandMeta, missingProductMeta, productMeta, type PageMeta } from '../../../common/page-meta';
import { brandPath } from '../../../common/product-urls';
import { sharedFavoritesMeta, staticPageMeta } from '../../../common/static-page-meta';
import { LEGAL_PAGES, matchPage, TOOL_PAGES, type PageMatch } from '../../../common/pages';
import { FAVORITE_SHARE_TOKEN_PATTERN } from '../../../common/favorites';
import { AppError } from '../../errors';
import type { Category } from '../../../common/schemas/category';
import { finderFacetQuerySchema, finderQuerySchema } from '../../../common/schemas/product';
import { brandParamsSchema, type BrandSummary } from '../../../common/schemas/search';
import { sharedSeedAt } from '../../../common/shuffle-seeds';
import type { FinderService } from '../catalogue/finder.service';
import type { AgentsService } from '../agents/agents.service';
import type { CurrencyService } from '../currency/currency.service';
import type { CategoriesService } from '../categories/categories.service';
import type { FavoritesService } from '../favorites/favorites.service';
import type { GuidesService } from '../guides/guides.service';
import { guideMeta, guidesMeta, missingGuideMeta } from '../../../common/page-meta';
import { GUIDES_PATH, topicPath } from '../../../common/guides';
import { GUIDE_TEXTS } from '../../../common/texts/guides';
import { splitLanguage } from '../../../common/i18n';
import {
  absolute,
  articleJsonLd,
  breadcrumbJsonLd,
  itemListJsonLd,
  productJsonLd,
  productTrail,
  websiteJsonLd,
  type Head,
  type PreviewImage,
} from './head';
import { DEFAULT_LANG, languageBase, type LangCode } from '../../../common/i18n';
import { PAGE_META_TEXTS } from '../../../common/texts/page-meta';
import { categoryLabel, categoryLabelOf, contentLanguage, isContentLanguage } from '../../../common/catalogue-languages';

/** The link-preview picture of pages without a product picture (web/public/share.png, from scripts/make-share-image.ts). */
export const SITE_IMAGE: PreviewImage = {
  url: '/share.png',
  // Read when the head is written: in the page's language.
  get alt() {
    return PAGE_META_TEXTS.siteImageAlt;
  },
  width: 1200,
  height: 630,
  type: 'image/png',
};

/**
 * A product's link-preview picture: its JPEG copy when the picture is one of ours, with the copy's size (derived from
 * the stored original's, which `size` is) and type; a picture on another site as it is, with neither; else the
 * site's picture.
 */
export function productPreviewImage(product: { image: string | null; title: string }, size: PixelSize | null): PreviewImage {
  const share = shareImageUrlFor(product.image);
  if (!share) return SITE_IMAGE;
  if (share === product.image) return { url: share, alt: product.title };
  return { url: share, alt: product.title, type: SHARE_IMAGE_TYPE, ...(size ? shareImageSize(size) : {}) };
}

/** The address of the page's language on the site: the origin and the language's base (`https://…/de`). */
function pageOrigin(request: PageRequest): string {
  return `${request.origin}${languageBase(request.lang ?? DEFAULT_LANG)}`;
}

/** A picture's absolute address (pictures are at the site's root whatever the page's language). */
function absoluteImage(origin: string, url: string | null): string | null {
  return url === null ? null : absolute(origin, url);
}

export type PageRequest = {
  /** Path and query, as requested. */
  url: string;
  /** The site's address: PUBLIC_URL, or the scheme and host this request came to. */
  origin: string;
  /** The page's language (issue 41): its addresses are under the language's base (`/de`). */
  lang?: LangCode | undefined;
  /** A phone gets the phone's page size (spec section 9) in the first page the server renders. */
  phone: boolean;
  /** The visitor's shuffle seed (from their cookie); a new one is picked when they have none. */
  seed: number | undefined;
  /** Whether the request carries a live session (asked only for the login, register and account pages). */
  signedIn: () => Promise<boolean>;
};

/** How a page no shared cache may keep is cached (see NO_STORE_PAGES). */
export type PrivateCaching = 'private, no-store' | 'private, no-cache';

export type PagePlan =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | {
      kind: 'page';
      page: PageMatch['page'];
      status: 200 | 400 | 404 | 410 | 503;
      data: InitialData;
      head: Head;
      /** On-demand modules the page will probably need next (prefetched at idle). */
      prefetch: Array<'product' | 'guide'>;
      /**
       * Set on every page a shared cache may not keep; unset on the shared ones (the finder, product, brand and legal
       * pages), whose Cache-Control the response cache writes.
       */
      cacheControl?: PrivateCaching | undefined;
      /** When the page stops being true by itself (an agent's promotion in its data starts or ends); null: never. */
      validUntil?: Date | null;
    };

/**
 * Pages about the visitor (their home, account, dashboard, favourites) or carrying a secret (a reset token): never
 * stored, by a shared cache or the browser (docs/deploy.md). The other pages that are not shared (login, register,
 * the not-found page ...) are `private, no-cache`: login and register answer a signed-in visitor with a redirect, so a
 * shared cache must not keep them either (decision 0046).
 */
const NO_STORE_PAGES = new Set<PageMatch['page']>(['account', 'reset-password', 'home', 'admin', 'favorites']);

function privateCaching(page: PageMatch['page']): PrivateCaching | undefined {
  if (NO_STORE_PAGES.has(page)) return 'private, no-store';
  return ([...LEGAL_PAGES, ...TOOL_PAGES] as readonly string[]).includes(page) ? undefined : 'private, no-cache';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The server's date as the web shows it: YYYY-MM-DD in UTC. */
export function serverDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * What the server renders for an address: the page's status, the data it is rendered from and its head. Loading
 * fails (the database does not answer) → 503, with the page rendered without data: the browser then loads it
 * itself and says what went wrong, as it would on a failed request.
 */
export function createPagesService(deps: {
  finder: FinderService;
  categories: Pick<CategoriesService, 'list'>;
  favorites?: Pick<FavoritesService, 'shared'> | undefined;
  /** The enabled agents every page carries (BUY and the agent pickers), so they show at first paint. */
  agents?: Pick<AgentsService, 'listPublicUntil'> | undefined;
  /** The display currencies' rates every page carries (prices in the visitor's currency at first paint), and the base. */
  currency?: Pick<CurrencyService, 'rates' | 'base'> | undefined;
  /** The guides (issue 43): their pages, and the list on a product page. */
  guides?: Pick<GuidesService, 'published' | 'article' | 'featuring'> | undefined;
  log: { warn(obj: object, msg: string): void };
}) {
  const { finder, categories, favorites, agents, currency, guides, log } = deps;
  const base = currency?.base ?? DEFAULT_BASE_CURRENCY;

  /**
   * The finder, or a brand's page (the finder with `brand` fixed). The first page and the chips are the page; the
   * counts beside the choices are extra: a failure to count leaves them out (the browser asks for them itself).
   */
  async function finderPlan(request: PageRequest, params: URLSearchParams, brand?: BrandSummary): Promise<PagePlan> {
    const data: InitialData = { origin: request.origin, today: serverDay() };
    const read = filtersFromParams(params);
    const filters = brand ? { ...read, brands: [brand.slug] } : read;
    if (brand) data.brand = { slug: brand.slug, summary: brand };
    const seed = request.seed ?? sharedSeedAt(new Date());
    const pageSize = request.phone ? FINDER_PAGE_SIZE_PHONE : FINDER_PAGE_SIZE_DESKTOP;
    let status: 200 | 400 | 503 = 200;
    let list: Category[] = [];
    const asked = finderApiParams(filters);
    const query = finderQuerySchema.safeParse({ ...asked, limit: pageSize, seed, lang: request.lang });
    const facetQuery = finderFacetQuerySchema.safeParse(asked);
    // Filters the API refuses (a NUL in the category, say): the visitor's address is at fault, not the database. The
    // page is rendered without the list; the browser asks the API, which says what is wrong.
    if (!query.success || !facetQuery.success) status = 400;
    else {
      try {
        const facets = finder.facets(facetQuery.data).catch((err: unknown) => {
          log.warn({ err }, 'the finder\u2019s counts could not be loaded for rendering');
          return undefined;
        });
        const [categoryList, page, counts] = await Promise.all([categories.list(), finder.listFinderPage(query.data), facets]);
        list = categoryList;
        data.categories = categoryList;
        data.finder = { filters, seed, pageSize, page };
        if (counts) data.facets = counts;
      } catch (err) {
        log.warn({ err }, 'the finder could not be loaded for rendering');
        status = 503;
      }
    }
    const category = filters.category === ALL ? null : (list.find((c) => c.name.toLowerCase() === filters.category.toLowerCase()) ?? null);
    const brandNames = new Map(data.facets?.brands.map((b) => [b.slug, b.name]));
    // A refused address's text (a NUL, a line break) is not echoed into the title and description: the plain finder's.
    const meta = brand ? brandMeta(brand) : finderMeta(status === 400 ? DEFAULT_FILTERS : filters, category, brandNames, base);
    const items = data.finder?.page.items ?? [];
    const jsonLd: object[] = [];
    if (meta.canonical === '/') jsonLd.push(websiteJsonLd(pageOrigin(request)));
    if (brand)
      jsonLd.push(
        breadcrumbJsonLd(pageOrigin(request), [
          { name: 'Home', path: '/' },
          { name: brand.name, path: brandPath(brand.slug) },
        ]),
      );
    else if (category)
      jsonLd.push(
        breadcrumbJsonLd(pageOrigin(request), [
          { name: 'Home', path: '/' },
          { name: categoryLabel(category, contentLanguage(request.lang)), path: meta.canonical ?? '/' },
        ]),
      );
    if (items.length) jsonLd.push(itemListJsonLd(pageOrigin(request), items));
    return {
      kind: 'page',
      page: brand ? 'brand' : 'finder',
      status,
      data,
      head: {
        meta,
        path: request.url,
        ogType: 'website',
        image: SITE_IMAGE,
        jsonLd,
      },
      prefetch: ['product'],
    };
  }

  /**
   * A brand's page: 404 (the page says so) when no product has the brand, 301 to its one address (lower case, no
   * trailing slash) when written otherwise, else the finder with the brand fixed.
   */
  async function brandPlan(request: PageRequest, url: URL, slug: string): Promise<PagePlan> {
    const data: InitialData = { origin: request.origin, today: serverDay() };
    const page = (status: 404 | 503): PagePlan => ({
      kind: 'page',
      page: 'brand',
      status,
      data,
      head: { meta: missingBrandMeta, path: request.url, ogType: 'website', image: SITE_IMAGE },
      prefetch: [],
    });
    // Never a brand's slug (a NUL, a line break, too long): no brand has it, and the database is not asked.
    if (!brandParamsSchema.safeParse({ slug }).success) {
      data.brand = { slug: slug.toLowerCase(), summary: null };
      return page(404);
    }
    let brand: BrandSummary | null;
    try {
      brand = await finder.brand(slug.toLowerCase());
    } catch (err) {
      log.warn({ err, slug }, 'a brand page could not be loaded for rendering');
      return page(503);
    }
    if (!brand) {
      data.brand = { slug: slug.toLowerCase(), summary: null };
      return page(404);
    }
    const path = brandPath(brand.slug);
    if (url.pathname !== path) return { kind: 'redirect', status: 301, location: `${path}${url.search}` };
    return finderPlan(request, url.searchParams, brand);
  }

  /** `pathname` is the address as asked; number 0 stands for "no number in it" (no product has it). */
  async function productPlan(request: PageRequest, pathname: string, number: number, search: string): Promise<PagePlan> {
    const data: InitialData = { origin: request.origin, today: serverDay() };
    const missing = (view: ProductView & { status: 'gone' | 'missing' }): PagePlan => ({
      kind: 'page',
      page: 'product',
      status: view.status === 'gone' ? 410 : 404,
      data,
      head: { meta: missingProductMeta(view.status === 'gone'), path: request.url, ogType: 'website', image: SITE_IMAGE },
      prefetch: [],
    });
    let lookup: Awaited<ReturnType<FinderService['productPage']>>;
    const lang = contentLanguage(request.lang);
    try {
      lookup = await finder.productPage(number, lang);
    } catch (err) {
      log.warn({ err, number }, 'a product page could not be loaded for rendering');
      return {
        kind: 'page',
        page: 'product',
        status: 503,
        data,
        head: { meta: missingProductMeta(false), path: request.url, ogType: 'website', image: SITE_IMAGE },
        prefetch: [],
      };
    }
    if (lookup.status !== 'found') {
      const view: ProductView =
        lookup.status === 'gone'
          ? { status: 'gone', category: lookup.category, similar: lookup.similar }
          : { status: 'missing', similar: lookup.similar };
      data.product = { number, view };
      return missing(view);
    }
    const { product, related, colours, qcPhotos, priceHistory, sameItem, sameItemTotal, imageSize } = lookup;
    // One address per product: an old slug (the product was renamed), another spelling, a bare number or a
    // trailing slash moves on to it.
    if (safeDecode(pathname) !== product.path) return { kind: 'redirect', status: 301, location: `${product.path}${search}` };
    data.product = { number, view: { status: 'found', product, related, colours, qcPhotos, priceHistory, sameItem, sameItemTotal } };
    // The guides that show this product's card (issue 43): extra, a failure leaves them out.
    if (guides) {
      try {
        const items = await guides.featuring(number, request.lang ?? DEFAULT_LANG);
        if (items.length) data.productGuides = { number, items };
      } catch (err) {
        log.warn({ err }, 'the guides of a product could not be loaded for rendering');
      }
    }
    // The category in the page's language (issue 41): its name there is in the list, which the page then carries.
    let categoryName: string | null = product.category;
    if (isContentLanguage(lang) && product.category) {
      try {
        data.categories = await categories.list();
        categoryName = categoryLabelOf(product.category, data.categories, lang);
      } catch (err) {
        log.warn({ err }, 'the categories could not be loaded for rendering');
      }
    }
    // A page in a language its title is not translated into is the English page's copy: its structured data says so.
    const own = !isContentLanguage(lang) || product.translatedInto.includes(lang);
    const dataOrigin = own ? pageOrigin(request) : request.origin;
    const share = shareImageUrlFor(product.image);
    return {
      kind: 'page',
      page: 'product',
      status: 200,
      data,
      head: {
        meta: productMeta(product, base, categoryName),
        path: request.url,
        ogType: 'product',
        product,
        currency: base,
        image: productPreviewImage(product, imageSize),
        jsonLd: [
          productJsonLd(
            dataOrigin,
            { ...product, category: categoryName },
            absoluteImage(request.origin, share ?? thumbnailUrlFor(product.image, 640)),
            base,
            { linkDead: product.mayBeUnavailable },
          ),
          breadcrumbJsonLd(dataOrigin, productTrail(product, categoryName)),
        ],
      },
      prefetch: [],
    };
  }

  /**
   * Someone's favourites, read-only: 404 (the page says the list is not shared) for a token no account has, or a
   * malformed one. Never stored by a cache: the link stops working the moment its owner stops sharing.
   */
  async function sharedFavoritesPlan(request: PageRequest, token: string): Promise<PagePlan> {
    const data: InitialData = { origin: request.origin, today: serverDay() };
    let status: 200 | 404 | 503 = 404;
    if (favorites && FAVORITE_SHARE_TOKEN_PATTERN.test(token)) {
      try {
        data.sharedFavorites = { token, list: await favorites.shared(token, contentLanguage(request.lang)) };
        status = 200;
      } catch (err) {
        if (err instanceof AppError && err.code === 'NOT_FOUND') data.sharedFavorites = { token, list: null };
        else {
          log.warn({ err }, 'a shared list of favourites could not be loaded for rendering');
          status = 503;
        }
      }
    } else data.sharedFavorites = { token, list: null };
    return {
      kind: 'page',
      page: 'shared-favorites',
      status,
      data,
      head: { meta: sharedFavoritesMeta(status !== 404), path: request.url, ogType: 'website', image: SITE_IMAGE },
      prefetch: ['product'],
      cacheControl: 'private, no-store',
    };
  }

  /** The guides' index or one topic's: newest first; a topic no published guide has is 404. */
  async function guidesPlan(request: PageRequest, topic: string | null): Promise<PagePlan> {
    const data: InitialData = { origin: request.origin, today: serverDay() };
    const lang = request.lang ?? DEFAULT_LANG;
    const page = topic === null ? 'guides' : 'guide-topic';
    const plan = (status: 200 | 404 | 503, meta: PageMeta): PagePlan => ({
      kind: 'page',
      page,
      status,
      data,
      head: { meta, path: request.url, ogType: 'website', image: SITE_IMAGE, jsonLd: [] },
      prefetch: ['guide'],
    });
    if (!guides) return plan(404, missingGuideMeta);
    let items: Awaited<ReturnType<GuidesService['published']>>;
    try {
      items = await guides.published(lang, topic ?? undefined);
    } catch (err) {
      log.warn({ err }, 'the guides could not be loaded for rendering');
      return plan(503, guidesMeta(null));
    }
    data.guides = { topic, items };
    if (topic !== null && items.length === 0) return plan(404, missingGuideMeta);
    const named = topic === null ? null : { name: items[0]?.topic ?? topic, slug: topic };
    const result = plan(200, guidesMeta(named));
    if (result.kind === 'page') {
      const trail = [
        { name: GUIDE_TEXTS.home, path: '/' },
        { name: GUIDE_TEXTS.guides, path: GUIDES_PATH },
        ...(named ? [{ name: named.name, path: topicPath(named.name) }] : []),
      ];
      result.head.jsonLd = [breadcrumbJsonLd(pageOrigin(request), trail)];
    }
    return result;
  }

  /** An article: 301 from an old slug, 404 for a draft, a scheduled guide or an unknown slug. */
  async function guidePlan(request: PageRequest, slug: string, search: string): Promise<PagePlan> {
    const data: InitialData = { origin: request.origin, today: serverDay() };
    const lang = request.lang ?? DEFAULT_LANG;
    const missing = (status: 404 | 503): PagePlan => {
      data.guide = { slug, article: null };
      return {
        kind: 'page',
        page: 'guide',
        status,
        data,
        head: { meta: missingGuideMeta, path: request.url, ogType: 'website', image: SITE_IMAGE },
        prefetch: [],
      };
    };
    if (!guides || slug.length > 200) return missing(404);
    let found: Awaited<ReturnType<GuidesService['article']>>;
    try {
      found = await guides.article(lang, slug, [request.origin]);
    } catch (err) {
      log.warn({ err, slug }, 'a guide could not be loaded for rendering');
      return missing(503);
    }
    if (!found) return missing(404);
    if (found.status === 'moved') return { kind: 'redirect', status: 301, location: `${found.path}${search}` };
    // No version in this language yet: its guides index, for now (one may be written later, so not a 301).
    if (found.status === 'elsewhere') return { kind: 'redirect', status: 302, location: found.path };
    const { article } = found;
    data.guide = { slug, article };
    const cover = article.cover;
    const image: PreviewImage = cover
      ? {
          url: shareImageUrlFor(cover.url) ?? cover.url,
          alt: cover.alt,
          ...(shareImageUrlFor(cover.url)
            ? { type: SHARE_IMAGE_TYPE, ...shareImageSize({ width: cover.width, height: cover.height }) }
            : {}),
        }
      : SITE_IMAGE;
    const pictures = [
      ...(cover ? [shareImageUrlFor(cover.url) ?? cover.url] : []),
      ...article.blocks.flatMap((b) =>
        b.kind === 'product' && b.product?.image ? [thumbnailUrlFor(b.product.image, 640) ?? b.product.image] : [],
      ),
    ].slice(0, 5);
    const trail = [
      { name: GUIDE_TEXTS.home, path: '/' },
      { name: GUIDE_TEXTS.guides, path: GUIDES_PATH },
      ...(article.topic ? [{ name: article.topic, path: topicPath(article.topic) }] : []),
      { name: article.title, path: splitLanguage(article.path).path },
    ];
    return {
      kind: 'page',
      page: 'guide',
      status: 200,
      data,
      head: {
        meta: guideMeta(article),
        path: request.url,
        ogType: 'article',
        image,
        versions: article.versions.map((v) => ({ lang: v.lang as LangCode, path: splitLanguage(v.path).path })),
        article: {
          publishedTime: article.publishedAt,
          modifiedTime: article.updatedAt,
          section: article.topic,
          author: article.authorName,
          tags: article.tags,
        },
        jsonLd: [articleJsonLd(request.origin, article, pictures), breadcrumbJsonLd(pageOrigin(request), trail)],
      },
      prefetch: [],
    };
  }

  /** A page's plan, with the agents in its data; a page is still rendered when they cannot be read (the browser asks). */
  async function withAgents(plan: PagePlan): Promise<PagePlan> {
    if (plan.kind !== 'page' || !agents || plan.status === 503) return plan;
    try {
      const answer = await agents.listPublicUntil();
      plan.data.agents = answer.items;
      plan.validUntil = answer.validUntil;
    } catch (err) {
      log.warn({ err }, 'the agents could not be loaded for rendering');
    }
    return plan;
  }

  /** A page's plan with the rates in its data; without them (unreadable) prices show in the base until the browser asks. */
  async function withRates(plan: PagePlan): Promise<PagePlan> {
    if (plan.kind !== 'page' || !currency || plan.status === 503) return plan;
    try {
      plan.data.currencies = await currency.rates();
    } catch (err) {
      log.warn({ err }, 'the currency rates could not be loaded for rendering');
    }
    return plan;
  }

  async function planPage(request: PageRequest): Promise<PagePlan> {
    const url = new URL(request.url, 'http://finder.invalid');
    const match = matchPage(url.pathname);
    if (match.page === 'finder') return finderPlan(request, url.searchParams);
    if (match.page === 'product') return productPlan(request, url.pathname, match.number ?? 0, url.search);
    if (match.page === 'brand') return brandPlan(request, url, match.slug);
    if (match.page === 'shared-favorites') return sharedFavoritesPlan(request, match.token);
    if (match.page === 'guides') return guidesPlan(request, null);
    if (match.page === 'guide-topic') return guidesPlan(request, match.topic);
    if (match.page === 'guide') return guidePlan(request, match.slug, url.search);
    if ((match.page === 'login' || match.page === 'register') && (await request.signedIn())) {
      return { kind: 'redirect', status: 302, location: '/home' };
    }
    // The account page is someone's own: without a session there is nothing to show (the page also redirects in
    // the browser, for a session that ends while it is open).
    if (match.page === 'account' && !(await request.signedIn())) return { kind: 'redirect', status: 302, location: '/login' };
    return {
      kind: 'page',
      page: match.page,
      status: match.page === 'not-found' ? 404 : 200,
      data: { origin: request.origin, today: serverDay() },
      head: { meta: staticPageMeta(match.page), path: request.url, ogType: 'website', image: SITE_IMAGE },
      prefetch: [],
      cacheControl: privateCaching(match.page),
    };
  }

  return {
    async plan(request: PageRequest): Promise<PagePlan> {
      return withRates(await withAgents(await planPage(request)));
    },
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
