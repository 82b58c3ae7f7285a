// Building a shopping agent's link to a marketplace item from the agent's template (issue 16). Apart from the
// link reader (agent-links.ts) because BUY needs only this in the storefront's first bundle.

/** The marketplaces a product's source can be on, as the database stores them (products_source_check). */
export const SOURCE_PLATFORMS = ['taobao', 'weidian', '1688', 'tmall'] as const;
export type SourcePlatform = (typeof SOURCE_PLATFORMS)[number];

/** A product's source: the marketplace and the item's id on it. */
export type ItemSource = { platform: SourcePlatform; itemId: string };

/** The marketplaces' names as people read them. */
export const PLATFORM_NAMES: Record<SourcePlatform, string> = { taobao: 'Taobao', weidian: 'Weidian', '1688': '1688', tmall: 'Tmall' };

/** The placeholders an agent's link template may use. */
export const TEMPLATE_PLACEHOLDERS = ['{url}', '{id}', '{platform}', '{ref}'] as const;

/** The marketplace's own address of an item (the link every agent understands). */
export function marketplaceUrl({ platform, itemId }: ItemSource): string {
  const id = encodeURIComponent(itemId);
  switch (platform) {
    case 'taobao':
      return `https://item.taobao.com/item.htm?id=${id}`;
    case 'tmall':
      return `https://detail.tmall.com/item.htm?id=${id}`;
    case 'weidian':
      return `https://weidian.com/item.html?itemID=${id}`;
    case '1688':
      return `https://detail.1688.com/offer/${id}.html`;
  }
}

export type AgentLinkSettings = {
  /** The agent's link template: an http(s) address with {url}, {id}, {platform} and {ref}. */
  template: string;
  /** The agent's own spelling of each marketplace, where {platform} needs one; our name otherwise. */
  platformCodes?: Partial<Record<string, string>> | undefined;
  /** Our referral code at this agent; blank leaves a parameter holding only {ref} out of the link. */
  referralCode?: string | undefined;
};

/**
 * The agent's link to an item: the template with {url} (the marketplace address, encoded), {id}, {platform} (the
 * agent's code for it) and {ref} (the referral code, encoded) filled in. Without a referral code, a query parameter
 * whose value is only {ref} is dropped rather than sent empty.
 */
export function buildAgentLink(settings: AgentLinkSettings, source: ItemSource): string {
  const ref = settings.referralCode?.trim() ?? '';
  let template = settings.template.trim();
  if (!ref) {
    template = template
      .replace(/([?&])[^?&=#]+=\{ref\}(?=&|#|$)/g, '$1')
      .replace(/&&+/g, '&')
      .replace(/[?&]+(?=#|$)/, '')
      .replace(/\?&/, '?');
  }
  const code = settings.platformCodes?.[source.platform];
  const values: Record<string, string> = {
    '{url}': encodeURIComponent(marketplaceUrl(source)),
    '{id}': encodeURIComponent(source.itemId),
    '{platform}': encodeURIComponent(code ?? source.platform),
    '{ref}': encodeURIComponent(ref),
  };
  return template.replace(/\{(?:url|id|platform|ref)\}/g, (placeholder) => values[placeholder] ?? placeholder);
}
