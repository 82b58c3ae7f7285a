// The link converter's words (issue 29). Apart from storefront.ts: only /convert loads them; its limits are in
// common/convert.ts.

import { texts, i18n } from '../i18n';

import { CONVERT_BUSY_RETRY_SECONDS, CONVERT_TEXT_MAX_LENGTH } from '../convert';

export const CONVERT_TEXTS = texts({
  heading: /*i18n*/ 'Link converter',
  intro:
    /*i18n*/ 'Paste a Taobao, Tmall, Weidian or 1688 link, a shopping agent’s link, or the text an app’s Share button copied. You get the item’s link at every agent we work with.',
  label: /*i18n*/ 'Link or share text',
  hint: /*i18n*/ 'Short share links (m.tb.cn, k.youshop10.com) are followed for you.',
  placeholder: /*i18n*/ 'https://weidian.com/item.html?itemID=…',
  submit: /*i18n*/ 'Convert',
  submitting: /*i18n*/ 'Converting...',
  clear: /*i18n*/ 'Clear',
  source: /*i18n*/ 'Item',
  followed: (link: string) => i18n._('The short link leads to {link}', { link }),
  marketplaceLink: (platform: string) => i18n._('Open on {platform}', { platform }),
  agentsHeading: /*i18n*/ 'Buy through an agent',
  yourAgent: /*i18n*/ 'Your agent',
  defaultAgent: /*i18n*/ 'Default',
  open: (agent: string) => i18n._('Open at {agent}', { agent }),
  openLabel: (agent: string) => i18n._('Open the item at {agent} (opens in a new tab)', { agent }),
  copy: /*i18n*/ 'Copy link',
  copied: /*i18n*/ 'Copied',
  copiedStatus: (agent: string) => i18n._('{agent} link copied', { agent }),
  copyFailed: /*i18n*/ 'Could not copy the link',
  noAgents: /*i18n*/ 'No agents are offered yet: open the item on its marketplace.',
  inCatalogue: /*i18n*/ 'In our catalogue',
  announced: (platform: string, itemId: string, agents: number) =>
    i18n._('{agents, plural, one {{platform} item {itemId}: # agent link below.} other {{platform} item {itemId}: # agent links below.}}', {
      platform,
      itemId,
      agents,
    }),
  // Refusals (the API's 400 and 429 sentences).
  empty: /*i18n*/ 'Paste a link or the text an app copied.',
  tooLong: /*i18n*/ { id: 'The text can be at most {max} characters: paste just the link.', values: { max: CONVERT_TEXT_MAX_LENGTH } },
  noLink:
    /*i18n*/ 'We found no link in this text. Paste a Taobao, Tmall, Weidian, 1688 or shopping-agent link, or the text an app’s Share button copied.',
  noItem:
    /*i18n*/ 'This link names no Taobao, Tmall, Weidian or 1688 item we can read. Open it and paste the address of the item’s own page.',
  shortFailed: (reason: string) =>
    i18n._('The short link could not be followed ({reason}). Open it and paste the address of the item’s own page.', { reason }),
  shortNoItem:
    /*i18n*/ 'The short link leads to no Taobao, Tmall, Weidian or 1688 item we can read. Open it and paste the address of the item’s own page.',
  busy: /*i18n*/ {
    id: 'The converter is busy following other short links. Please try again in {seconds} seconds.',
    values: { seconds: CONVERT_BUSY_RETRY_SECONDS },
  },
  rateLimited: (minutes: number) =>
    i18n._(
      '{minutes, plural, one {You have converted many links in a short time. Please try again in # minute.} other {You have converted many links in a short time. Please try again in # minutes.}}',
      { minutes },
    ),
  agentInvalid: /*i18n*/ 'agent must be an agent slug (lower-case letters, digits and dashes)',
});
