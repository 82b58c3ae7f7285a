import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../../../lib/session';

/** After the session ends: nothing a signed-in person loaded may outlive it (as the top bar's Logout does). */
export function forgetSignedInData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, { user: null });
}
