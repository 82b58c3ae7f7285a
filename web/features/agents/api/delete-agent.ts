import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { invalidateAgents } from './keys';

export function deleteAgent(id: string): Promise<{ id: string; name: string }> {
  return apiDelete<{ id: string; name: string }>(`/api/admin/agents/${encodeURIComponent(id)}`);
}

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAgent, onSuccess: () => invalidateAgents(queryClient) });
}
