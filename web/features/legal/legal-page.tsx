import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import './legal.css';

type Props = { title: string; children: ReactNode };

/** A legal page: its title, 'Last updated' with today's date (spec section 2), then its sections. */
export function LegalPage({ title, children }: Props) {
  useDocumentTitle(title);
  const today = new Date();
  const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return (
    <article className="legal">
      <h1>{title}</h1>
      <p className="legal-updated">
        Last updated: <time dateTime={iso}>{today.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}</time>
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
