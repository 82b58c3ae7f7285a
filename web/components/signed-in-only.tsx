import type { ReactNode } from 'react';
import { Navigate } from '../lib/router';
import type { Me } from '../../common/schemas/user';
import { HOME_TEXTS } from '../../common/texts/account';
import { useSession } from '../lib/session';
import { LoadStatus } from './ui/load-status';

/**
 * A page for the signed-in visitor only (Home, Account): a spinner while the session loads, Retry when it cannot be
 * read, /login for anyone not signed in, and the page itself for the account.
 */
export function SignedInOnly({ children }: { children: (user: Me) => ReactNode }) {
  const session = useSession();
  if (session.status === 'pending' || session.status === 'error') {
    return (
      <LoadStatus
        loading
        loadingLabel={HOME_TEXTS.loadingAccount}
        failure={session.status === 'error' && HOME_TEXTS.accountLoadFailed}
        onRetry={session.status === 'error' ? session.retry : undefined}
      />
    );
  }
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  return children(session.user);
}
