import { LEGAL_PAGES, TOOL_PAGES } from '../../../common/pages';
import { brandPath, categoryPath, productPath } from '../../../common/product-urls';
import type { CatalogueRepo } from '../catalogue/catalogue.repo';
import type { CategoriesRepo } from '../categories/categories.repo';
import { DEFAULT_LANG, language, LANGUAGES, pathIn, type LangCode } from '../../../common/i18n';
import { CONTENT_LANGUAGES, type ContentLangCode } from '../../../common/catalogue-languages';

/** The sitemaps protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_INDEX_PATH = '/sitemap.xml';
export const SITEMAPS_PREFIX = '/sitemaps';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** Google's extension for a page's language versions (hreflang in sitemaps). */
const XHTML_NS = 'xmlns:xhtml="http://www.w3.org/1999/xhtml"';

type Url = { loc: string; lastmod?: Date | undefined };

/**
 * A language's copy of the site's pages (issue 41), each with every language's version and x-default as
 * alternates: the same set in every language's file, so every pair is reciprocal.
 */
function localizedUrlset(origin: string, lang: LangCode, urls: Url[]): string {
  const alternates = (loc: string) =>
    [
      ...LANGUAGES.map((l) => `<xhtml:link rel="alternate" hreflang="${l.code}" href="${xml(origin + pathIn(l.code, loc))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(origin + pathIn(DEFAULT_LANG, loc))}"/>`,
    ].join('');
  const body = urls
    .map(
      (u) =>
        `<url><loc>${xml(origin + pathIn(lang, u.loc))}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}${alternates(u.loc)}</url>`,
    )
    .join('\n');
  return `${HEADER}<urlset ${NS} ${XHTML_NS}>\n${body}\n</urlset>\n`;
}

/**
 * A product's addresses in a sitemap (issue 41): each with the product's language versions as alternates (English,
 * the languages its title is translated into, x-default) when it has more than the English one: the same set in
 * every file, so every pair is reciprocal.
 */
function productUrlset(
  origin: string,
  lang: LangCode,
  entries: Array<{ loc: string; lastmod: Date; languages: readonly LangCode[] }>,
): string {
  const alternates = (loc: string, languages: readonly LangCode[]) =>
    languages.length < 2
      ? ''
      : [
          ...LANGUAGES.filter((l) => languages.includes(l.code)).map(
            (l) => `<xhtml:link rel="alternate" hreflang="${l.code}" href="${xml(origin + pathIn(l.code, loc))}"/>`,
          ),
          `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(origin + loc)}"/>`,
        ].join('');
  const body = entries
    .map(
      (e) =>
        `<url><loc>${xml(origin + pathIn(lang, e.loc))}</loc><lastmod>${e.lastmod.toISOString()}</lastmod>${alternates(e.loc, e.languages)}</url>`,
    )
    .join('\n');
  return `${HEADER}<urlset ${NS} ${XHTML_NS}>\n${body}\n</urlset>\n`;
}

/** The product file `n` of a language: products-1.xml in English, products-de-1.xml in German… */
export function productsSitemapPath(lang: LangCode, n: number): string {
  return lang === DEFAULT_LANG ? `${SITEMAPS_PREFIX}/products-${n}.xml` : `${SITEMAPS_PREFIX}/products-${language(lang).prefix}-${n}.xml`;
}

/** The language and number of a product file's name (`products-pt-br-2.xml`), or null for any other name. */
export function productsSitemapFile(name: string): { lang: LangCode; n: number } | null {
  const match = /^products-(?:([a-z]{2}(?:-[a-z]{2})?)-)?(\d{1,6})\.xml$/.exec(name);
  if (!match) return null;
  if (match[1] === undefined) return { lang: DEFAULT_LANG, n: Number(match[2]) };
  const found = CONTENT_LANGUAGES.find((l) => l.prefix === match[1]);
  return found ? { lang: found.code, n: Number(match[2]) } : null;
}

/** The file of a language's pages: pages.xml for English, pages-de.xml for German… */
export function pagesSitemapPath(lang: LangCode): string {
  return lang === DEFAULT_LANG ? `${SITEMAPS_PREFIX}/pages.xml` : `${SITEMAPS_PREFIX}/pages-${language(lang).prefix}.xml`;
}

/**
 * robots.txt and the sitemaps: an index, one file of the site's pages per language (home, categories with products,
 * brand pages, legal pages, each with its language versions) and product files of at most `chunkSize` addresses each:
 * English ones with every product, and a language's with the products whose title is translated into it (a product
 * page in another language points to the English one as canonical until then). Product file n holds the products numbered
 * (n-1)·chunkSize+1 to n·chunkSize, so a product stays in the same file for good and no file can overflow.
 */
export function createSeoService(
  repos: {
    catalogue: Pick<CatalogueRepo, 'maxNumber' | 'sitemapRange' | 'catalogueCounts' | 'translatedSitemapFiles'>;
    categories: Pick<CategoriesRepo, 'list'>;
  },
  chunkSize = SITEMAP_MAX_URLS,
  /** Other sitemap files the index lists (the guides', issue 43). */
  extraFiles: readonly string[] = [],
) {
  return {
    robots(origin: string): string {
      return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${origin}${SITEMAP_INDEX_PATH}`, ''].join(
        '\n',
      );
    },

    async index(origin: string): Promise<string> {
      const [max, translated] = await Promise.all([repos.catalogue.maxNumber(), repos.catalogue.translatedSitemapFiles(chunkSize)]);
      const files = Math.ceil(max / chunkSize);
      const locs = [
        ...LANGUAGES.map((l) => pagesSitemapPath(l.code)),
        ...extraFiles,
        ...Array.from({ length: files }, (_, i) => productsSitemapPath(DEFAULT_LANG, i + 1)),
        // A language's product files where a product's title is translated into it (issue 41).
        ...CONTENT_LANGUAGES.flatMap((l) => translated.filter((t) => t.lang === l.code).map((t) => productsSitemapPath(l.code, t.file))),
      ];
      const body = locs.map((loc) => `<sitemap><loc>${xml(origin + loc)}</loc></sitemap>`).join('\n');
      return `${HEADER}<sitemapindex ${NS}>\n${body}\n</sitemapindex>\n`;
    },

    /** The site's pages in `lang` (a file per language), with their other languages' versions. */
    async pages(origin: string, lang: LangCode = DEFAULT_LANG): Promise<string> {
      const [list, counts] = await Promise.all([repos.categories.list(), repos.catalogue.catalogueCounts()]);
      // A category is listed while the storefront shows one of its products (not counting those it hides).
      const categories = list.filter((c) => (counts.categories.get(c.name.toLowerCase()) ?? 0) > 0);
      return localizedUrlset(origin, lang, [
        { loc: '/' },
        ...categories.map((c) => ({ loc: categoryPath(c.name), lastmod: c.updatedAt })),
        ...counts.brands.map((b) => ({ loc: brandPath(b.slug) })),
        ...TOOL_PAGES.map((p) => ({ loc: `/${p}` })),
        ...LEGAL_PAGES.map((p) => ({ loc: `/${p}` })),
      ]);
    },

    /**
     * Product file n (from 1) of `lang`: in English every product, in another language the products whose title is
     * translated into it (issue 41), each with its language versions; null past the last one, or for a language's
     * file without such a product.
     */
    async products(origin: string, n: number, lang: LangCode = DEFAULT_LANG): Promise<string | null> {
      const files = Math.ceil((await repos.catalogue.maxNumber()) / chunkSize);
      if (!Number.isInteger(n) || n < 1 || n > files) return null;
      const entries = await repos.catalogue.sitemapRange((n - 1) * chunkSize + 1, n * chunkSize);
      const listed = lang === DEFAULT_LANG ? entries : entries.filter((e) => e.translatedInto.includes(lang as ContentLangCode));
      if (lang !== DEFAULT_LANG && listed.length === 0) return null;
      return productUrlset(
        origin,
        lang,
        listed.map((e) => ({ loc: productPath(e), lastmod: e.updatedAt, languages: [DEFAULT_LANG, ...e.translatedInto] })),
      );
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
