import { useQuery } from '@tanstack/react-query';
import { buildAgentLink } from '../../common/agent-templates';
import type { AgentList, PublicAgent } from '../../common/schemas/agent';
import type { Product } from '../../common/schemas/product';
import { apiGet } from './api-client';
import { usePreferences } from './preferences';
import { agentsQueryKey } from './query-keys';

export async function getAgents(signal?: AbortSignal): Promise<PublicAgent[]> {
  return (await apiGet<AgentList>('/api/agents', {}, signal)).items;
}

export function useAgents() {
  return useQuery({ queryKey: agentsQueryKey, queryFn: ({ signal }) => getAgents(signal) });
}

/** The visitor's agent: the one they chose while it is offered, else the default (else the first); null without any. */
export function chosenAgent(agents: readonly PublicAgent[] | undefined, slug: string | null): PublicAgent | null {
  if (!agents?.length) return null;
  return (slug ? agents.find((a) => a.slug === slug) : undefined) ?? agents.find((a) => a.isDefault) ?? agents[0] ?? null;
}

/** The agent the visitor buys through: their choice while it is offered, else the default. */
export function useChosenAgent(): { agents: PublicAgent[]; agent: PublicAgent | null } {
  const agents = useAgents().data ?? [];
  const { agent } = usePreferences();
  return { agents, agent: chosenAgent(agents, agent) };
}

/** Where BUY goes and the agent it counts under. */
export type BuyTarget = { href: string | null; agent: string | undefined };

/**
 * BUY's address: the chosen agent's link to the product's source (marketplace and item) with our referral code; a
 * product whose link names no marketplace item keeps its own link, as does every product when no agent is offered.
 */
export function buyTarget(product: Pick<Product, 'link' | 'sourcePlatform' | 'sourceItemId'>, agent: PublicAgent | null): BuyTarget {
  if (!product.link) return { href: null, agent: undefined };
  if (!agent || !product.sourcePlatform || !product.sourceItemId) return { href: product.link, agent: undefined };
  const href = buildAgentLink(
    { template: agent.template, platformCodes: agent.platformCodes, referralCode: agent.referralCode },
    { platform: product.sourcePlatform, itemId: product.sourceItemId },
  );
  return { href, agent: agent.slug };
}

export function useBuyTarget(product: Pick<Product, 'link' | 'sourcePlatform' | 'sourceItemId'>): BuyTarget {
  return buyTarget(product, useChosenAgent().agent);
}
