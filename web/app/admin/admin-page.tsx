import { lazy, Suspense } from 'react';
import { Link } from '../../lib/router';
import { AUTH_TEXTS } from '../../../common/texts/storefront-later';
import { LoadStatus } from '../../components/ui/load-status';
import { OwnerSetup } from '../../features/setup/components/owner-setup';
import { useSession } from '../../lib/session';
import { staticPageMeta } from '../../../common/static-page-meta';
import { usePageMeta } from '../../lib/page-meta';
import './admin-gate.css';

const AdminDashboard = lazy(() => import('./admin-dashboard'));

/**
 * The admin dashboard's four states (spec section 2): checking, not signed in, not an admin, admin. The page only
 * mirrors what the server enforces: every admin API route checks the role itself.
 */
export default function AdminPage() {
  usePageMeta(staticPageMeta('admin'));
  const session = useSession();

  if (session.status === 'pending') {
    return <LoadStatus loading loadingText={AUTH_TEXTS.verifyingAdmin} announce />;
  }
  if (session.status === 'signed-out') {
    // While no admin exists (issue 40): how to make the first one under the gate, or only its form when the page was
    // opened with the start log's setup address.
    return (
      <OwnerSetup>
        <section className="panel-card gate-card" aria-labelledby="admin-gate-title">
          <h1 id="admin-gate-title">{AUTH_TEXTS.authRequiredTitle}</h1>
          <p>{AUTH_TEXTS.authRequiredText}</p>
          <Link to="/login" className="button button-primary">
            {AUTH_TEXTS.goToLogin}
          </Link>
        </section>
      </OwnerSetup>
    );
  }
  // Spec section 6: a check that fails counts as "not an admin"; the visitor may try again.
  if (session.status === 'error' || !session.user.isAdmin) {
    const denied = (
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
    return session.status === 'signed-in' ? <OwnerSetup>{denied}</OwnerSetup> : denied;
  }

  return (
    <Suspense fallback={<LoadStatus loading loadingText={AUTH_TEXTS.verifyingAdmin} announce />}>
      <AdminDashboard user={session.user} />
    </Suspense>
  );
}
