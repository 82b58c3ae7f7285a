import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { TEXTS } from '../../../common/constants';
import { ExternalLink } from '../../components/ui/external-link';
import { getSiteConfig } from '../../lib/site-config';

export function TopBar() {
  const { communityUrl, referralUrl } = getSiteConfig();
  const [open, setOpen] = useState(false);
  const menuId = useId();

  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to="/" className="logo" aria-label="Finder home">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Finder</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            {open ? (
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
        {/* Following any link in the menu closes it. */}
        <div
          className={`topbar-menu${open ? ' is-open' : ''}`}
          id={menuId}
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('a')) setOpen(false);
          }}
        >
          <nav aria-label="Main">
            <ul className="nav-links">
              <li>
                <NavLink to="/" end>
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink to="/products">Products</NavLink>
              </li>
            </ul>
          </nav>
          <div className="topbar-actions">
            <ExternalLink href={communityUrl} className="button button-ghost" label={`${TEXTS.join} the community (opens in a new tab)`}>
              {TEXTS.join}
            </ExternalLink>
            <ExternalLink href={referralUrl} className="button button-primary" label={`${TEXTS.signUp} at the store (opens in a new tab)`}>
              {TEXTS.signUp}
            </ExternalLink>
            <Link to="/login" className="button button-ghost">
              Login
            </Link>
            <Link to="/register" className="button button-ghost topbar-register">
              Register
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
