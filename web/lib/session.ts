import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Me, SessionState } from '../../common/schemas/user';
import { apiGet } from './api-client';

/** Sign-in state is app-wide (spec section 1): one query every screen reads. */
export const sessionQueryKey = ['session'] as const;

export function getSession(signal?: AbortSignal): Promise<SessionState> {
  return apiGet<SessionState>('/api/me', {}, signal);
}

export type SessionView =
  | { status: 'pending'; user: null }
  | { status: 'error'; user: null; retry: () => void }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: Me };

const unchanging = () => () => undefined;

/**
 * False while React hydrates the server's HTML, true after (and in every render that is not a hydration). A part
 * hydrated after the rest (hydrate-later.tsx) is hydrated when the session may already be known; it must first render
 * what the server rendered, which did not know it, or React would keep the server's attributes (a mismatch it does
 * not mend). React renders it again with the session right after.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}

export function useSession(): SessionView {
  const hydrated = useHydrated();
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
    // Signing out in another tab shows here when the visitor comes back.
    refetchOnWindowFocus: true,
  });
  if (!hydrated || query.isPending) return { status: 'pending', user: null };
  if (query.isError) return { status: 'error', user: null, retry: () => void query.refetch() };
  const user = query.data.user;
  return user ? { status: 'signed-in', user } : { status: 'signed-out', user: null };
}

/** Reads the session again from the server (after signing in or out) before the next screen shows. */
export async function refreshSession(queryClient: QueryClient): Promise<SessionState> {
  return queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn: ({ signal }) => getSession(signal), staleTime: 0 });
}
