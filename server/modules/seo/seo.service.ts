import { LEGAL_PAGES, TOOL_PAGES } from '../../../common/pages';
import { brandPath, categoryPath, productPath } from '../../../common/product-urls';
import type { CatalogueRepo } from '../catalogue/catalogue.repo';
import type { CategoriesRepo } from '../categories/categories.repo';

/** The sitemaps protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_INDEX_PATH = '/sitemap.xml';
export const SITEMAPS_PREFIX = '/sitemaps';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

type Url = { loc: string; lastmod?: Date | undefined };

function urlset(origin: string, urls: Url[]): string {
  const body = urls
    .map((u) => `<url><loc>${xml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`)
    .join('\n');
  return `${HEADER}<urlset ${NS}>\n${body}\n</urlset>\n`;
}

/**
 * robots.txt and the sitemaps: an index, one file of the site's pages (home, categories with products, brand
 * pages, legal pages) and product files of at most `chunkSize` addresses each. Product file n holds the products numbered
 * (n-1)·chunkSize+1 to n·chunkSize, so a product stays in the same file for good and no file can overflow.
 */
export function createSeoService(
  repos: {
    catalogue: Pick<CatalogueRepo, 'maxNumber' | 'sitemapRange' | 'catalogueCounts'>;
    categories: Pick<CategoriesRepo, 'listWithCounts'>;
  },
  chunkSize = SITEMAP_MAX_URLS,
) {
  return {
    robots(origin: string): string {
      return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${origin}${SITEMAP_INDEX_PATH}`, ''].join(
        '\n',
      );
    },

    async index(origin: string): Promise<string> {
      const files = Math.ceil((await repos.catalogue.maxNumber()) / chunkSize);
      const locs = [`${SITEMAPS_PREFIX}/pages.xml`, ...Array.from({ length: files }, (_, i) => `${SITEMAPS_PREFIX}/products-${i + 1}.xml`)];
      const body = locs.map((loc) => `<sitemap><loc>${xml(origin + loc)}</loc></sitemap>`).join('\n');
      return `${HEADER}<sitemapindex ${NS}>\n${body}\n</sitemapindex>\n`;
    },

    async pages(origin: string): Promise<string> {
      const [list, counts] = await Promise.all([repos.categories.listWithCounts(), repos.catalogue.catalogueCounts()]);
      const categories = list.filter((c) => c.productCount > 0);
      return urlset(origin, [
        { loc: '/' },
        ...categories.map((c) => ({ loc: categoryPath(c.name), lastmod: c.updatedAt })),
        ...counts.brands.map((b) => ({ loc: brandPath(b.slug) })),
        ...TOOL_PAGES.map((p) => ({ loc: `/${p}` })),
        ...LEGAL_PAGES.map((p) => ({ loc: `/${p}` })),
      ]);
    },

    /** Product file n (from 1); null past the last one. */
    async products(origin: string, n: number): Promise<string | null> {
      const files = Math.ceil((await repos.catalogue.maxNumber()) / chunkSize);
      if (!Number.isInteger(n) || n < 1 || n > files) return null;
      const entries = await repos.catalogue.sitemapRange((n - 1) * chunkSize + 1, n * chunkSize);
      return urlset(
        origin,
        entries.map((e) => ({ loc: productPath(e), lastmod: e.updatedAt })),
      );
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
