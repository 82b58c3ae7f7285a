import type { ReactNode } from 'react';

type Props = { href: string; className?: string; children: ReactNode; label?: string };

/** Opens in a new tab without giving the other site a handle on this one. */
export function ExternalLink({ href, className, children, label }: Props) {
  if (!href) return null;
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" aria-label={label}>
      {children}
    </a>
  );
}
