import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';

/** Login and register redirect to /home when someone is already signed in (spec section 2). */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'signed-in') return <Navigate to="/home" replace />;
  if (session.status === 'pending') {
    return (
      <div className="status status-loading">
        <Spinner label="Checking whether you are signed in" />
      </div>
    );
  }
  return children;
}
