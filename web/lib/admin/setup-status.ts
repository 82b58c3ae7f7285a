import { useQuery } from '@tanstack/react-query';
import type { SetupStatus } from '../../../common/schemas/setup';
import { apiGet } from '../api-client';

/**
 * What the site still lacks (GET /api/admin/setup): the dashboard's checklist and the admin's /home read it (issue
 * 28). Under ['admin'], so any dashboard change (a rate entered, an agent's code, items removed) reads it again.
 */
export const setupKey = ['admin', 'setup'] as const;

export function getSetup(signal?: AbortSignal): Promise<SetupStatus> {
  return apiGet<SetupStatus>('/api/admin/setup', {}, signal);
}

export function useSetup(enabled = true) {
  return useQuery({ queryKey: setupKey, queryFn: ({ signal }) => getSetup(signal), enabled });
}
