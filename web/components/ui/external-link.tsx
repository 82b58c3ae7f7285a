import type { ReactNode } from 'react';
import { promoHandlers } from '../../lib/analytics';

type Props = {
  href: string;
  className?: string;
  children: ReactNode;
  label?: string;
  /** A referral button: its clicks are counted (analytics, issue 16). */
  promo?: 'signup' | 'join';
};

/** Opens in a new tab without giving the other site a handle on this one. */
export function ExternalLink({ href, className, children, label, promo }: Props) {
  if (!href) return null;
  return (
    <a
      href={href}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      {...(promo ? promoHandlers(promo) : {})}
    >
      {children}
    </a>
  );
}
