import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from '../../lib/router';
import { FAVORITE_TEXTS } from '../../../common/texts/storefront';
import { FRAME_TEXTS } from '../../../common/texts/frame';
import { AUTH_TEXTS, LAYOUT_TEXTS, LATER_TEXTS } from '../../../common/texts/storefront-later';
import { BuyingPreferences } from '../../components/buying-preferences';
import { LanguageSwitcher } from './language-switcher';
import { ExternalLink } from '../../components/ui/external-link';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useFavoriteIds } from '../../lib/favorites';
import { sessionQueryKey, useSession } from '../../lib/session';
import { getSiteConfig } from '../../lib/site-config';

/** Favourites, with how many are saved once known (this browser's, or the account's). */
function FavoritesLink() {
  const count = useFavoriteIds().ids?.size ?? 0;
  return (
    <NavLink
      to="/favorites"
      title={FAVORITE_TEXTS.navLink}
      className={({ isActive }) => (isActive ? 'active nav-favorites' : 'nav-favorites')}
    >
      {/* Its heart stands for the word where the bar is tight (as the converter's icon does), the word kept for its name. */}
      <svg className="nav-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2 0 3.5 1.1 5.1 3 1.6-1.9 3.1-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="nav-text">{FAVORITE_TEXTS.navLink}</span>
      {count > 0 && (
        <span className="nav-count">
          <span aria-hidden="true">{count}</span>
          <span className="visually-hidden">{` ${FAVORITE_TEXTS.navCount(count)}`}</span>
        </span>
      )}
    </NavLink>
  );
}

/**
 * What the top bar's menu holds: the site's links, the agent and currency, the community and store links and the
 * account's. A later part of the top bar (hydrate-later.tsx): its links work as plain links until its code is in.
 */
export function TopBarMenu() {
  const { communityUrl, referralUrl } = getSiteConfig();
  const [leaving, setLeaving] = useState(false);
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const user = session.user;

  const logout = async () => {
    setLeaving(true);
    try {
      // Loaded when needed: most visitors never sign out, and the first bundle stays small.
      const { signOut } = await import('../../lib/auth-client');
      await signOut();
      // Nothing a signed-in person loaded may outlive the session.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, { user: null });
      navigate('/login');
    } catch (err) {
      toast(LAYOUT_TEXTS.logoutFailed(err instanceof ApiError ? err.message : FAVORITE_TEXTS.tryAgain), 'error');
    } finally {
      setLeaving(false);
    }
  };

  return (
    <>
      <nav aria-label={LAYOUT_TEXTS.mainNav}>
        <ul className="nav-links">
          <li>
            <NavLink to="/" end>
              {FRAME_TEXTS.home}
            </NavLink>
          </li>
          <li>
            <NavLink to="/products">{LAYOUT_TEXTS.products}</NavLink>
          </li>
          <li>
            <FavoritesLink />
          </li>
          <li>
            {/* An icon in the bar (the admin's bar stays one row from 1024 px, decision 0060); its word in the phone menu. */}
            <NavLink
              to="/convert"
              aria-label={LAYOUT_TEXTS.converterLabel}
              title={LAYOUT_TEXTS.converterLabel}
              className={({ isActive }) => (isActive ? 'active nav-convert' : 'nav-convert')}
            >
              <svg className="nav-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  d="M4 8h13l-4-4M20 16H7l4 4"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className="nav-text">{LAYOUT_TEXTS.converter}</span>
            </NavLink>
          </li>
          {user?.isAdmin && (
            <li>
              <NavLink to="/admin">{LAYOUT_TEXTS.admin}</NavLink>
            </li>
          )}
        </ul>
      </nav>
      <div className="topbar-actions">
        <BuyingPreferences />
        <LanguageSwitcher compact className="language-switcher-top" />
        <ExternalLink href={communityUrl} className="button button-ghost" label={LAYOUT_TEXTS.joinCommunity} promo="join">
          {LATER_TEXTS.join}
        </ExternalLink>
        <ExternalLink href={referralUrl} className="button button-primary" label={LAYOUT_TEXTS.signUpAtStore} promo="signup">
          {LATER_TEXTS.signUp}
        </ExternalLink>
        {/* Both sets share one grid cell, so the slot is as wide as the wider set before the session is known and
                  after: nothing beside it moves when it fills in. Account sits here, not among the links, so the room
                  Login and Register keep is used when signed in (the admin's bar stays one row, issue 28). */}
        <div className="topbar-auth">
          <div className="topbar-auth-set" data-active={session.status === 'signed-in'}>
            <NavLink to="/account" className={({ isActive }) => `button button-ghost${isActive ? ' active' : ''}`}>
              {LAYOUT_TEXTS.account}
            </NavLink>
            <button type="button" className="button button-ghost" onClick={() => void logout()} disabled={leaving}>
              {leaving ? AUTH_TEXTS.loggingOut : AUTH_TEXTS.logout}
            </button>
          </div>
          <div className="topbar-auth-set" data-active={session.status === 'signed-out' || session.status === 'error'}>
            <Link to="/login" className="button button-ghost">
              {AUTH_TEXTS.login}
            </Link>
            <Link to="/register" className="button button-ghost topbar-register">
              {AUTH_TEXTS.register}
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}
