import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { invalidateAgents } from './keys';

/**
 * Turns off every enabled agent without a referral code except the default (the setup checklist's other way through
 * its referral item, issue 40): one audited change; answers the names turned off.
 */
export function disableAgentsWithoutReferral(): Promise<{ disabled: string[] }> {
  return apiPost<{ disabled: string[] }>('/api/admin/agents/disable-without-referral');
}

export function useDisableAgentsWithoutReferral() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableAgentsWithoutReferral, onSuccess: () => invalidateAgents(queryClient) });
}
