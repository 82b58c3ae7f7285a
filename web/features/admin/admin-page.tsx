import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { AUTH_TEXTS } from '../../../common/constants';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { staticPageMeta } from '../../../common/static-page-meta';
import { usePageMeta } from '../../lib/page-meta';
import { ensureDefaultCategories } from './api/ensure-default-categories';
import { invalidateCatalogue } from './api/keys';
import { AdminTabs } from './components/admin-tabs';
import { CategoriesTab } from './components/categories-tab';
import { AnalyticsTab } from './components/analytics-tab';
import { DatabaseTab } from './components/database-tab';
import { ImagesTab } from './components/images-tab';
import { ItemsTab } from './components/items-tab';
import { UsersTab } from './components/users-tab';
import { useMemoryWarning } from './hooks/use-memory-warning';
import './admin.css';

const PANELS = {
  images: () => <ImagesTab />,
  items: () => <ItemsTab />,
  categories: () => <CategoriesTab />,
  database: () => <DatabaseTab />,
  users: () => <UsersTab />,
  analytics: () => <AnalyticsTab />,
};

/** Spec section 4: once an admin is confirmed, the default categories are added if there are none. */
function useCategoryInitialisation(isAdmin: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isAdmin) return;
    ensureDefaultCategories()
      .then(({ seeded }) => (seeded ? invalidateCatalogue(queryClient) : undefined))
      // Spec section 8: a failed initialisation is only logged.
      .catch((err: unknown) => console.warn('category initialisation failed', err));
  }, [isAdmin, queryClient]);
}

function MemoryWarning() {
  const ratio = useMemoryWarning();
  if (ratio === null) return null;
  return (
    <p className="memory-warning" role="status">
      High memory use: {Math.round(ratio * 100)}% of the JavaScript heap (development build only). Reload the page if the
      dashboard slows down.
    </p>
  );
}

/**
 * The admin dashboard's four states (spec section 2): checking, not signed in, not an admin, admin. The page only
 * mirrors what the server enforces: every admin API route checks the role itself.
 */
export default function AdminPage() {
  usePageMeta(staticPageMeta('admin'));
  const session = useSession();
  useCategoryInitialisation(session.status === 'signed-in' && session.user.isAdmin);

  if (session.status === 'pending') {
    return (
      <div className="status status-loading" role="status">
        <Spinner label="" />
        <p>{AUTH_TEXTS.verifyingAdmin}</p>
      </div>
    );
  }
  if (session.status === 'signed-out') {
    return (
      <section className="panel-card gate-card" aria-labelledby="admin-gate-title">
        <h1 id="admin-gate-title">{AUTH_TEXTS.authRequiredTitle}</h1>
        <p>{AUTH_TEXTS.authRequiredText}</p>
        <Link to="/login" className="button button-primary">
          {AUTH_TEXTS.goToLogin}
        </Link>
      </section>
    );
  }
  // Spec section 6: a check that fails counts as "not an admin"; the visitor may try again.
  if (session.status === 'error' || !session.user.isAdmin) {
    return (
      <section className="panel-card gate-card" aria-labelledby="admin-gate-title">
        <h1 id="admin-gate-title">{AUTH_TEXTS.accessDeniedTitle}</h1>
        <p>{AUTH_TEXTS.accessDeniedText}</p>
        {session.status === 'error' && (
          <p className="gate-note">
            Your account could not be checked just now.{' '}
            <button type="button" className="link-button" onClick={session.retry}>
              Check again
            </button>
          </p>
        )}
        <Link to="/" className="button button-primary">
          {AUTH_TEXTS.goToHome}
        </Link>
      </section>
    );
  }

  const { user } = session;
  return (
    <section className="admin" aria-labelledby="admin-title">
      <header className="admin-header">
        <div>
          <h1 id="admin-title">{AUTH_TEXTS.adminTitle}</h1>
          <p className="admin-welcome">Welcome, {user.email}</p>
        </div>
        <Link to="/" className="button button-ghost">
          {AUTH_TEXTS.backToStore}
        </Link>
      </header>
      <MemoryWarning />
      <AdminTabs panels={PANELS} />
    </section>
  );
}
