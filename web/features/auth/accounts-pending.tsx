import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import './auth.css';

type Props = { title: string; children?: ReactNode };

/**
 * Accounts arrive with the accounts issue; until then these screens hold their routes and say plainly
 * that signing in is not open yet, instead of showing a form that cannot work.
 */
export function AccountsPending({ title, children }: Props) {
  useEffect(() => {
    document.title = `${title} · Finder`;
  }, [title]);
  return (
    <section className="auth-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      {children}
      <p className="auth-note" role="note">
        Accounts are not open yet. Everything in the catalogue can be browsed without signing in.
      </p>
      <Link to="/products" className="button button-primary">
        Browse products
      </Link>
    </section>
  );
}
