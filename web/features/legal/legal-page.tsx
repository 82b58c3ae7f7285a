import type { ReactNode } from 'react';
import { staticPageMeta } from '../../../common/static-page-meta';
import type { StaticPage } from '../../../common/pages';
import { LEGAL_TEXTS } from '../../../common/texts/legal';
import { usePageMeta } from '../../lib/page-meta';
import { formatDay, useToday } from '../../lib/use-today';
import './legal.css';

type Props = { page: StaticPage; title: string; children: ReactNode };

/** A legal page: its title, 'Last updated' with today's date (spec section 2), then its sections. */
export function LegalPage({ page, title, children }: Props) {
  usePageMeta(staticPageMeta(page));
  const today = useToday();
  return (
    <article className="legal">
      <h1>{title}</h1>
      <p className="legal-updated">
        {LEGAL_TEXTS.lastUpdated} <time dateTime={today}>{formatDay(today)}</time>
      </p>
      {children}
    </article>
  );
}

type SectionProps = { id: string; title: string; children: ReactNode };

export function LegalSection({ id, title, children }: SectionProps) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
