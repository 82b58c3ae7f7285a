import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAgent } from '../../../../common/schemas/agent';
import { getAdminAgents } from './get-admin-agents';
import { invalidateAgents } from './keys';
import { saveAgent } from './save-agent';

/**
 * Sets one agent's referral code through the agents API (the setup checklist's field per agent, issue 28): the
 * agent's other fields are read first and sent back as they are.
 */
export async function setReferralCode({ id, referralCode }: { id: string; referralCode: string }): Promise<AdminAgent> {
  const agent = (await getAdminAgents()).find((a) => a.id === id);
  if (!agent) throw new Error('This agent no longer exists.');
  const { slug, name, template, platformCodes, enabled, isDefault } = agent;
  return saveAgent({ id, input: { slug, name, template, platformCodes, enabled, isDefault, referralCode } });
}

export function useSetReferralCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setReferralCode, onSuccess: () => invalidateAgents(queryClient) });
}
