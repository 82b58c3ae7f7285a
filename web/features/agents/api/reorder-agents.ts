import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAgentList } from '../../../../common/schemas/agent';
import { apiPut } from '../../../lib/api-client';
import { adminAgentsKey, invalidateAgents } from './keys';

/** The whole order, every agent's id first to last. */
export async function reorderAgents(ids: string[]) {
  return (await apiPut<AdminAgentList>('/api/admin/agents/order', { ids })).items;
}

export function useReorderAgents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderAgents,
    onSuccess: (items) => {
      queryClient.setQueryData(adminAgentsKey, items);
      return invalidateAgents(queryClient);
    },
  });
}
