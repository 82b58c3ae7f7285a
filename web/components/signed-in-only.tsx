import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Me } from '../../common/schemas/user';
import { useSession } from '../lib/session';
import { Spinner } from './ui/spinner';

/**
 * A page for the signed-in visitor only (Home, Account): a spinner while the session loads, Retry when it cannot be
 * read, /login for anyone not signed in, and the page itself for the account.
 */
export function SignedInOnly({ children }: { children: (user: Me) => ReactNode }) {
  const session = useSession();
  if (session.status === 'pending') {
    return (
      <div className="status status-loading">
        <Spinner label="Loading your account" />
      </div>
    );
  }
  if (session.status === 'error') {
    return (
      <div className="status status-error" role="alert">
        <p>Your account could not be loaded. Please try again.</p>
        <button type="button" className="button button-primary" onClick={session.retry}>
          Retry
        </button>
      </div>
    );
  }
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return children(session.user);
}
