import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAgent } from '../../../../common/schemas/agent';
import { apiPost } from '../../../lib/api-client';
import { invalidateAgents } from './keys';

export function setDefaultAgent(id: string): Promise<AdminAgent> {
  return apiPost<AdminAgent>(`/api/admin/agents/${encodeURIComponent(id)}/default`, {});
}

export function useSetDefaultAgent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDefaultAgent, onSuccess: () => invalidateAgents(queryClient) });
}
