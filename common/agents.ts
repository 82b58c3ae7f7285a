// The agents (issue 16): the limits of an agent's fields and the item the form's preview builds a link to. Their words
// are in texts/agents.ts.

export const AGENT_LIMITS = {
  slug: 40,
  name: 60,
  template: 1000,
  platformCode: 30,
  referralCode: 100,
  promoText: 160,
  promoCode: 40,
  promoLink: 2048,
  /** Agents one list may hold (the order route names each). */
  count: 200,
} as const;

/** The item the form's preview builds a link to. */
export const AGENT_PREVIEW_ITEM = { platform: 'taobao', itemId: '675330231400' } as const;
