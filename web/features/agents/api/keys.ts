import type { QueryClient } from '@tanstack/react-query';
import { agentsQueryKey } from '../../../lib/query-keys';

/** The Agents tab's list; under ['admin'], so any dashboard change refreshes it too. */
export const adminAgentsKey = ['admin', 'agents'] as const;

/** After a change: the tab's list, and the storefront's agents (BUY and the pickers) in this browser. */
export function invalidateAgents(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminAgentsKey }),
    queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
  ]).then(() => undefined);
}
