import { Link } from 'react-router';
import { AUTH_TEXTS } from '../../../common/constants';
import { LoadStatus } from '../../components/ui/load-status';
import { useSession } from '../../lib/session';
import { staticPageMeta } from '../../../common/static-page-meta';
import { usePageMeta } from '../../lib/page-meta';
import { AgentsTab } from '../../features/agents/components/agents-tab';
import { AnalyticsTab } from '../../features/analytics/components/analytics-tab';
import { CategoriesTab } from '../../features/categories/components/categories-tab';
import { useCategoryInitialisation } from '../../features/categories/hooks/use-category-initialisation';
import { CurrenciesTab } from '../../features/currency/components/currencies-tab';
import { DatabaseTab } from '../../features/database/components/database-tab';
import { ImagePicker } from '../../features/images/components/image-picker';
import { ImagesTab } from '../../features/images/components/images-tab';
import { useImportControls } from '../../features/imports/hooks/use-import-controls';
import { ItemsTab } from '../../features/items/components/items-tab';
import { RequestsTab } from '../../features/requests/components/requests-tab';
import { UsersTab } from '../../features/users/components/users-tab';
import { AdminTabs } from './admin-tabs';
import { useMemoryWarning } from './use-memory-warning';
import './admin.css';

/** The Items tab with what the Imports and Images areas show inside it (features never import each other). */
function ItemsPanel() {
  const imports = useImportControls();
  return <ItemsTab imports={imports} imagePicker={ImagePicker} />;
}

const PANELS = {
  images: () => <ImagesTab />,
  items: () => <ItemsPanel />,
  categories: () => <CategoriesTab />,
  requests: () => <RequestsTab />,
  agents: () => <AgentsTab />,
  currencies: () => <CurrenciesTab />,
  database: () => <DatabaseTab />,
  users: () => <UsersTab />,
  analytics: () => <AnalyticsTab />,
};

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
    return <LoadStatus loading loadingText={AUTH_TEXTS.verifyingAdmin} announce />;
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
