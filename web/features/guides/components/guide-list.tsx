import type { GuideSummary } from '../../../../common/schemas/guide-page';
import { guidePath } from '../../../../common/guides';
import { Link } from '../../../lib/router';
import { formatDay } from '../../../lib/use-today';

/**
 * Guides as cards: cover, title, description, date; the list's heading is the caller's. `level`: the titles' heading
 * level, one below the heading above the list (a topic's page lists right under its h1).
 */
export function GuideList({ items, labelledBy, level = 3 }: { items: GuideSummary[]; labelledBy?: string; level?: 2 | 3 }) {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <ul className="guide-list" aria-labelledby={labelledBy}>
      {items.map((g) => (
        <li key={g.id} className="guide-item">
          {g.cover ? <img src={g.cover.url} alt="" width={g.cover.width} height={g.cover.height} loading="lazy" decoding="async" /> : null}
          <Title>
            <Link to={guidePath(g.slug)}>{g.title}</Link>
          </Title>
          <p>{g.description}</p>
          <p className="guide-meta">
            <time dateTime={g.publishedAt}>{formatDay(g.publishedAt.slice(0, 10))}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
