import { useQuery } from '@tanstack/react-query';
import type { AdminAgent, AdminAgentList } from '../../../../common/schemas/agent';
import { apiGet } from '../../../lib/api-client';
import { adminAgentsKey } from './keys';

export async function getAdminAgents(signal?: AbortSignal): Promise<AdminAgent[]> {
  return (await apiGet<AdminAgentList>('/api/admin/agents', {}, signal)).items;
}

export function useAdminAgents() {
  return useQuery({ queryKey: adminAgentsKey, queryFn: ({ signal }) => getAdminAgents(signal), staleTime: 0 });
}
