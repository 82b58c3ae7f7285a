import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAgent, AgentInputDraft } from '../../../../common/schemas/agent';
import { apiPost, apiPut } from '../../../lib/api-client';
import { invalidateAgents } from './keys';

/** Adds an agent (no id) or changes one. */
export function saveAgent({ id, input }: { id: string | null; input: AgentInputDraft }): Promise<AdminAgent> {
  return id ? apiPut<AdminAgent>(`/api/admin/agents/${encodeURIComponent(id)}`, input) : apiPost<AdminAgent>('/api/admin/agents', input);
}

export function useSaveAgent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAgent, onSuccess: () => invalidateAgents(queryClient) });
}
