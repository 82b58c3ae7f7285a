import { useId, useState } from 'react';
import { Link } from '../../lib/router';
import { laterPart } from '../../lib/hydrate-later';
import { useSession } from '../../lib/session';
import { FRAME_TEXTS } from '../../../common/texts/frame';

/** The menu's code loads after the first view's (decision 0080): until then its links are plain links. */
const TopBarMenu = laterPart(() => import('./top-bar-menu').then((m) => m.TopBarMenu));

export function TopBar() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const session = useSession();
  const user = session.user;

  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to={user ? '/home' : '/'} className="logo" aria-label={FRAME_TEXTS.logoLabel}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Finder</span>
        </Link>
        <button type="button" className="menu-toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
          <span className="visually-hidden">{open ? FRAME_TEXTS.closeMenu : FRAME_TEXTS.openMenu}</span>
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
          <TopBarMenu />
        </div>
      </div>
    </header>
  );
}
