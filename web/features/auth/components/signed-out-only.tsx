import type { ReactNode } from 'react';
import { Navigate } from '../../../lib/router';
import { useSession } from '../../../lib/session';

/**
 * Login and register redirect to /home when someone is already signed in (spec section 2). The form shows while
 * the session is still being read, so the server-rendered page holds it; the server itself redirects a request
 * that carries a session.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'signed-in') return <Navigate to="/home" replace />;
  return children;
}
