import type { ReactNode } from 'react';
import { safeNextPath } from '../../../../common/saved-searches';
import { Navigate, useSearchParams } from '../../../lib/router';
import { useSession } from '../../../lib/session';

/**
 * Login and register redirect to /home when someone is already signed in (spec section 2). The form shows while
 * the session is still being read, so the server-rendered page holds it; the server itself redirects a request
 * that carries a session.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const [params] = useSearchParams();
  // Signed in from a page that asked for it (`next`, such as the finder's Save search): back there.
  if (session.status === 'signed-in') return <Navigate to={safeNextPath(params.get('next')) ?? '/home'} replace />;
  return children;
}
