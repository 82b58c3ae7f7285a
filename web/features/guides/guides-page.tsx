import { GUIDE_TEXTS } from '../../../common/texts/guides';
import { TEXTS } from '../../../common/texts/storefront';
import { GUIDES_PATH, topicSlug } from '../../../common/guides';
import { LoadStatus } from '../../components/ui/load-status';
import { Link, useParams } from '../../lib/router';
import { useBuiltPageMeta } from '../../lib/page-meta';
import { useGuides } from './api/get-guides';
import { GuideList } from './components/guide-list';
import './guides.css';

/** /guides and /guides/topic/<topic> (issue 43): newest first, grouped by topic on the index. */
export default function GuidesPage() {
  const { topic } = useParams();
  const guides = useGuides(topic ?? null);
  const items = guides.data?.items;
  const named = topic ? (items?.[0]?.topic ?? topic) : null;
  useBuiltPageMeta(
    items === undefined
      ? null
      : topic && items.length === 0
        ? (m) => m.missingGuideMeta
        : (m) => m.guidesMeta(named ? { name: named, slug: topic ?? '' } : null),
  );
  if (!items) {
    return (
      <LoadStatus
        loading={guides.isPending}
        loadingText={GUIDE_TEXTS.loading}
        loadingLabel=""
        failure={guides.isError && TEXTS.initialLoadFailed}
        onRetry={() => void guides.refetch()}
        retryLabel={TEXTS.retry}
      />
    );
  }
  const topics = [...new Map(items.map((g) => [g.topicSlug, g.topic])).entries()].filter(([slug]) => slug);
  return (
    <section className="guides-page" aria-labelledby="guides-title">
      <nav aria-label={GUIDE_TEXTS.breadcrumbs} className="guide-trail">
        <Link to="/">{GUIDE_TEXTS.home}</Link> › {named ? <Link to={GUIDES_PATH}>{GUIDE_TEXTS.guides}</Link> : GUIDE_TEXTS.guides}
      </nav>
      <h1 id="guides-title">{named ? GUIDE_TEXTS.topicTitle(named) : GUIDE_TEXTS.guides}</h1>
      {items.length === 0 ? <p>{topic ? GUIDE_TEXTS.guideMissingText : GUIDE_TEXTS.noGuides}</p> : null}
      {named ? (
        <GuideList items={items} level={2} />
      ) : (
        <>
          {topics.length > 1 ? (
            <nav aria-label={GUIDE_TEXTS.topicsLabel} className="guide-topics">
              {topics.map(([slug, name]) => (
                <Link key={slug} to={`${GUIDES_PATH}/topic/${slug}`}>
                  {name}
                </Link>
              ))}
            </nav>
          ) : null}
          {topics.map(([slug, name]) => (
            <section key={slug} aria-labelledby={`topic-${slug}`}>
              <h2 id={`topic-${slug}`}>
                <Link to={`${GUIDES_PATH}/topic/${topicSlug(name)}`}>{name}</Link>
              </h2>
              <GuideList items={items.filter((g) => g.topicSlug === slug)} labelledBy={`topic-${slug}`} />
            </section>
          ))}
        </>
      )}
    </section>
  );
}
