import { GUIDE_TEXTS } from '../../../common/texts/guides';
import { TEXTS } from '../../../common/texts/storefront';
import { GUIDE_TOC_MIN_HEADINGS, GUIDES_PATH, guidePath, topicPath } from '../../../common/guides';
import type { GuideArticle, GuideBlock } from '../../../common/schemas/guide-page';
import { LoadStatus } from '../../components/ui/load-status';
import { laterPart } from '../../lib/hydrate-later';
import { Link, useParams } from '../../lib/router';
import { useBuiltPageMeta } from '../../lib/page-meta';
import { formatDay } from '../../lib/use-today';
import { useGuide } from './api/get-guides';
import { GuideList } from './components/guide-list';
import '../../components/guide-body.css';
import './guides.css';

// The article's product cards hydrate once their code is in, which loads after the first view's (decision 0080): the
// card with its heart, price and BUY is the finder's grid's code (and the product page's), none of which an article
// needs before it is read. The server's cards are on screen meanwhile and their links work.
const LaterProductCard = laterPart(() => import('../../components/product-card').then((m) => m.ProductCard));

/**
 * A block of the article: the server's sanitised HTML as it is (server/modules/guides/markdown.ts; nothing in it
 * runs), or a product's card, the storefront's own, with its price in the visitor's currency and BUY with their agent.
 */
function Block({ block }: { block: GuideBlock }) {
  if (block.kind === 'html') return <div className="guide-body" dangerouslySetInnerHTML={{ __html: block.html }} />;
  if (!block.product) return <p className="guide-card-removed">{GUIDE_TEXTS.productRemoved}</p>;
  return (
    <ul className="guide-cards">
      <LaterProductCard product={block.product} fadeIn={null} eager={false} />
    </ul>
  );
}

function Article({ article }: { article: GuideArticle }) {
  const day = (iso: string) => formatDay(iso.slice(0, 10));
  const updated = article.updatedAt.slice(0, 10) !== article.publishedAt.slice(0, 10);
  return (
    <article className="guide-page" aria-labelledby="guide-title" lang={article.lang}>
      <nav aria-label={GUIDE_TEXTS.breadcrumbs} className="guide-trail">
        <Link to="/">{GUIDE_TEXTS.home}</Link> › <Link to={GUIDES_PATH}>{GUIDE_TEXTS.guides}</Link>
        {article.topic ? (
          <>
            {' › '}
            <Link to={topicPath(article.topic)}>{article.topic}</Link>
          </>
        ) : null}
      </nav>
      <h1 id="guide-title">{article.title}</h1>
      <p className="guide-meta">
        {article.authorName ? <span>{GUIDE_TEXTS.byAuthor(article.authorName)} · </span> : null}
        <time dateTime={article.publishedAt}>{GUIDE_TEXTS.published(day(article.publishedAt))}</time>
        {updated ? (
          <>
            {' · '}
            <time dateTime={article.updatedAt}>{GUIDE_TEXTS.updated(day(article.updatedAt))}</time>
          </>
        ) : null}
        {' · '}
        <span>{GUIDE_TEXTS.readingTime(article.readingMinutes)}</span>
      </p>
      {article.cover ? (
        <img
          className="guide-cover"
          src={article.cover.url}
          alt={article.cover.alt}
          width={article.cover.width}
          height={article.cover.height}
          fetchPriority="high"
          decoding="async"
        />
      ) : null}
      {article.description ? <p className="guide-lead">{article.description}</p> : null}
      {article.headings.length >= GUIDE_TOC_MIN_HEADINGS ? (
        <nav className="guide-toc" aria-labelledby="guide-toc-title">
          <h2 id="guide-toc-title">{GUIDE_TEXTS.contents}</h2>
          <ol>
            {article.headings.map((h) => (
              <li key={h.id} className={h.level === 3 ? 'guide-toc-sub' : undefined}>
                <a href={`#${h.id}`}>{h.text}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {article.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
      {article.previous || article.next ? (
        <nav className="guide-neighbours" aria-label={article.topic}>
          {article.previous ? (
            <p>
              <span>{GUIDE_TEXTS.previous}</span> <Link to={guidePath(article.previous.slug)}>{article.previous.title}</Link>
            </p>
          ) : null}
          {article.next ? (
            <p>
              <span>{GUIDE_TEXTS.next}</span> <Link to={guidePath(article.next.slug)}>{article.next.title}</Link>
            </p>
          ) : null}
        </nav>
      ) : null}
      {article.related.length ? (
        <section aria-labelledby="guide-related-title">
          <h2 id="guide-related-title">{GUIDE_TEXTS.related}</h2>
          <GuideList items={article.related} labelledBy="guide-related-title" />
        </section>
      ) : null}
    </article>
  );
}

/** /guides/<slug> (issue 43): the article, rendered on the server; only its product cards need the browser. */
export default function GuidePage() {
  const { slug = '' } = useParams();
  const guide = useGuide(slug);
  useBuiltPageMeta(guide.data === undefined ? null : guide.data === null ? (m) => m.missingGuideMeta : (m) => m.guideMeta(guide.data!));
  if (guide.data === null) {
    return (
      <section className="guide-missing" aria-labelledby="guide-missing-title">
        <h1 id="guide-missing-title">{GUIDE_TEXTS.guideMissingTitle}</h1>
        <p>{GUIDE_TEXTS.guideMissingText}</p>
        <p>
          <Link to={GUIDES_PATH} className="button button-primary">
            {GUIDE_TEXTS.allGuides}
          </Link>
        </p>
      </section>
    );
  }
  if (!guide.data) {
    return (
      <LoadStatus
        loading={guide.isPending}
        loadingText={GUIDE_TEXTS.loading}
        loadingLabel=""
        failure={guide.isError && TEXTS.initialLoadFailed}
        onRetry={() => void guide.refetch()}
        retryLabel={TEXTS.retry}
      />
    );
  }
  return <Article article={guide.data} />;
}
