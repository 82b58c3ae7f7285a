import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAgent, PromoInput } from '../../../../common/schemas/agent';
import { apiDelete, apiPut } from '../../../lib/api-client';
import { invalidateAgents } from './keys';

/** Sets an agent's promotion (issue 29), or removes it (null). */
export function setAgentPromo({ id, promo }: { id: string; promo: PromoInput | null }): Promise<AdminAgent> {
  const path = `/api/admin/agents/${encodeURIComponent(id)}/promo`;
  return promo ? apiPut<AdminAgent>(path, promo) : apiDelete<AdminAgent>(path);
}

export function useSetAgentPromo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAgentPromo, onSuccess: () => invalidateAgents(queryClient) });
}
