// The feeds of the newest guides (issue 43): RSS 2.0 and Atom through the `feed` package, one pair per language,
// and the guides' sitemap file (every published version with its lastmod and its other languages as alternates).
import { Feed } from 'feed';
import { DEFAULT_LANG, LANGUAGES, pathIn, type LangCode } from '../../../common/i18n';
import { GUIDES_ATOM_PATH, GUIDES_FEED_SIZE, GUIDES_PATH, GUIDES_RSS_PATH, guidePath, topicPath } from '../../../common/guides';
import { SITE_NAME } from '../../../common/page-meta';
import { GUIDE_TEXTS } from '../../../common/texts/guides';
import { withLanguage } from '../../i18n';
import type { GuidesService } from './guides.service';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The newest guides of a language as a feed; each item's content is the article (a card is a link to its product). */
export async function guidesFeed(service: GuidesService, origin: string, lang: LangCode): Promise<Feed> {
  const summaries = (await service.published(lang)).slice(0, GUIDES_FEED_SIZE);
  const home = `${origin}${pathIn(lang, GUIDES_PATH)}`;
  const feed = await withLanguage(
    lang,
    async () =>
      new Feed({
        id: home,
        link: home,
        title: `${GUIDE_TEXTS.guides} · ${SITE_NAME}`,
        description: GUIDE_TEXTS.guidesDescription,
        language: lang,
        updated: summaries.reduce<Date | undefined>(
          (max, g) => (!max || new Date(g.updatedAt) > max ? new Date(g.updatedAt) : max),
          undefined,
        ),
        generator: SITE_NAME,
        copyright: SITE_NAME,
        feedLinks: { rss: `${origin}${pathIn(lang, GUIDES_RSS_PATH)}`, atom: `${origin}${pathIn(lang, GUIDES_ATOM_PATH)}` },
      }),
  );
  for (const summary of summaries) {
    const found = await service.article(lang, summary.slug, [origin]);
    if (!found || found.status !== 'found') continue;
    const { article } = found;
    const link = `${origin}${article.path}`;
    const content = article.blocks
      .map((b) => {
        if (b.kind === 'html') return b.html;
        if (!b.product) return '';
        return `<p><a href="${escapeHtml(origin + pathIn(lang, b.product.path))}">${escapeHtml(b.product.title)}</a></p>`;
      })
      .join('\n');
    feed.addItem({
      title: article.title,
      id: link,
      link,
      description: article.description,
      content,
      date: new Date(article.updatedAt),
      published: new Date(article.publishedAt),
      ...(article.authorName ? { author: [{ name: article.authorName }] } : {}),
      ...(article.topic ? { category: [{ name: article.topic, domain: `${origin}${pathIn(lang, topicPath(article.topic))}` }] } : {}),
      ...(article.cover ? { image: `${origin}${article.cover.url}` } : {}),
    });
  }
  return feed;
}

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/** The guides' sitemap file: the index and topics of each language with guides, and every published article. */
export async function guidesSitemap(service: GuidesService, origin: string): Promise<string> {
  const entries = await service.sitemapEntries();
  const groups = new Map<string, Array<(typeof entries)[number]>>();
  for (const e of entries) groups.set(e.groupId, [...(groups.get(e.groupId) ?? []), e]);
  const urls: string[] = [];
  for (const { code } of LANGUAGES) {
    const own = entries.filter((e) => e.lang === code);
    if (own.length === 0) continue;
    const newest = own.reduce((max, e) => (e.updatedAt > max ? e.updatedAt : max), own[0]!.updatedAt);
    urls.push(`<url><loc>${xml(origin + pathIn(code, GUIDES_PATH))}</loc><lastmod>${newest.toISOString()}</lastmod></url>`);
    for (const topic of new Set(own.map((e) => e.topic).filter(Boolean))) {
      urls.push(`<url><loc>${xml(origin + pathIn(code, topicPath(topic)))}</loc></url>`);
    }
  }
  for (const e of entries) {
    const versions = groups.get(e.groupId) ?? [];
    const alternates =
      versions.length < 2
        ? ''
        : [
            ...versions.map(
              (v) =>
                `<xhtml:link rel="alternate" hreflang="${v.lang}" href="${xml(origin + pathIn(v.lang as LangCode, guidePath(v.slug)))}"/>`,
            ),
            ...versions
              .filter((v) => v.lang === DEFAULT_LANG)
              .map((v) => `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(origin + guidePath(v.slug))}"/>`),
          ].join('');
    urls.push(
      `<url><loc>${xml(origin + pathIn(e.lang as LangCode, guidePath(e.slug)))}</loc><lastmod>${e.updatedAt.toISOString()}</lastmod>${alternates}</url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The guides' sitemap file (listed in the sitemap index, server/modules/seo). */
export const GUIDES_SITEMAP_PATH = '/sitemaps/guides.xml';
