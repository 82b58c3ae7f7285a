import { Link } from 'react-router';
import { AUTH_TEXTS } from '../../../common/constants';
import type { Me } from '../../../common/schemas/user';
import { SignedInOnly } from '../../components/signed-in-only';
import { staticPageMeta } from '../../../common/static-page-meta';
import { usePageMeta } from '../../lib/page-meta';
import './auth.css';

function describeMethods(providers: readonly string[]): string {
  const names = providers.map((p) => (p === 'credential' ? 'email and password' : p === 'google' ? 'Google' : p));
  return names.length > 0 ? names.join(' or ') : 'your account';
}

/** The landing page after sign-in (spec section 2): a greeting with the display name or email. */
export default function HomePage() {
  usePageMeta(staticPageMeta('home'));
  return <SignedInOnly>{(user) => <HomeCard user={user} />}</SignedInOnly>;
}

function HomeCard({ user }: { user: Me }) {
  return (
    <section className="panel-card home-card" aria-labelledby="home-title">
      {user.image?.startsWith('https://') && <img className="home-avatar" src={user.image} alt="" width={72} height={72} referrerPolicy="no-referrer" />}
      <h1 id="home-title">Welcome, {user.name || user.email}!</h1>
      <p className="auth-lead">
        Signed in as <strong>{user.email}</strong> with {describeMethods(user.providers)}.
      </p>
      {user.isAdmin && (
        <p className="home-admin" role="note">
          {AUTH_TEXTS.adminPrivileges}
        </p>
      )}
      <div className="home-actions">
        <Link to="/products" className="button button-primary">
          Browse products
        </Link>
        <Link to="/account" className="button button-ghost">
          Your account
        </Link>
        {user.isAdmin && (
          <Link to="/admin" className="button button-ghost">
            Open the admin dashboard
          </Link>
        )}
      </div>
    </section>
  );
}
