// The link converter's words (issue 29). Apart from storefront.ts: only /convert loads them; its limits are in
// common/convert.ts.

import { CONVERT_BUSY_RETRY_SECONDS, CONVERT_TEXT_MAX_LENGTH } from '../convert';

export const CONVERT_TEXTS = {
  heading: 'Link converter',
  intro:
    'Paste a Taobao, Tmall, Weidian or 1688 link, a shopping agent’s link, or the text an app’s Share button copied. You get the item’s link at every agent we work with.',
  label: 'Link or share text',
  hint: 'Short share links (m.tb.cn, k.youshop10.com) are followed for you.',
  placeholder: 'https://weidian.com/item.html?itemID=…',
  submit: 'Convert',
  submitting: 'Converting...',
  clear: 'Clear',
  source: 'Item',
  followed: (link: string) => `The short link leads to ${link}`,
  marketplaceLink: (platform: string) => `Open on ${platform}`,
  agentsHeading: 'Buy through an agent',
  yourAgent: 'Your agent',
  defaultAgent: 'Default',
  open: (agent: string) => `Open at ${agent}`,
  openLabel: (agent: string) => `Open the item at ${agent} (opens in a new tab)`,
  copy: 'Copy link',
  copied: 'Copied',
  copiedStatus: (agent: string) => `${agent} link copied`,
  copyFailed: 'Could not copy the link',
  noAgents: 'No agents are offered yet: open the item on its marketplace.',
  inCatalogue: 'In our catalogue',
  announced: (platform: string, itemId: string, agents: number) =>
    `${platform} item ${itemId}: ${agents} agent ${agents === 1 ? 'link' : 'links'} below.`,
  // Refusals (the API's 400 and 429 sentences).
  empty: 'Paste a link or the text an app copied.',
  tooLong: `The text can be at most ${CONVERT_TEXT_MAX_LENGTH} characters: paste just the link.`,
  noLink:
    'We found no link in this text. Paste a Taobao, Tmall, Weidian, 1688 or shopping-agent link, or the text an app’s Share button copied.',
  noItem: 'This link names no Taobao, Tmall, Weidian or 1688 item we can read. Open it and paste the address of the item’s own page.',
  shortFailed: (reason: string) =>
    `The short link could not be followed (${reason}). Open it and paste the address of the item’s own page.`,
  shortNoItem:
    'The short link leads to no Taobao, Tmall, Weidian or 1688 item we can read. Open it and paste the address of the item’s own page.',
  busy: `The converter is busy following other short links. Please try again in ${CONVERT_BUSY_RETRY_SECONDS} seconds.`,
  rateLimited: (minutes: number) =>
    `You have converted many links in a short time. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  agentInvalid: 'agent must be an agent slug (lower-case letters, digits and dashes)',
} as const;
