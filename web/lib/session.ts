import { useQuery, type QueryClient } from '@tanstack/react-query';
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

export function useSession(): SessionView {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
    // Signing out in another tab shows here when the visitor comes back.
    refetchOnWindowFocus: true,
  });
  if (query.isPending) return { status: 'pending', user: null };
  if (query.isError) return { status: 'error', user: null, retry: () => void query.refetch() };
  const user = query.data.user;
  return user ? { status: 'signed-in', user } : { status: 'signed-out', user: null };
}

/** Reads the session again from the server (after signing in or out) before the next screen shows. */
export async function refreshSession(queryClient: QueryClient): Promise<SessionState> {
  return queryClient.fetchQuery({ queryKey: sessionQueryKey, queryFn: ({ signal }) => getSession(signal), staleTime: 0 });
}
