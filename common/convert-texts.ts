// The link converter (issue 29): its limits and texts. Apart from constants.ts: only /convert loads them.
export const CONVERT_PATH = '/convert';
/** The longest text the converter reads: a share text with its title and a few links. */
export const CONVERT_TEXT_MAX_LENGTH = 2000;
/** Largest body POST /api/convert reads, in bytes. */
export const CONVERT_BODY_LIMIT = 12 * 1024;
/** Conversions one client may ask for per window (fixed windows aligned to the clock), and the whole site. */
export const CONVERT_RATE_LIMIT = 60;
export const CONVERT_RATE_WINDOW_SECONDS = 600;
export const CONVERT_SITE_LIMIT = 6000;
/** Short links one process follows at the same time for the converter; more are asked to wait. */
export const CONVERT_FOLLOW_CONCURRENCY = 4;
/** Seconds a client is asked to wait when the converter is following as many short links as it may. */
export const CONVERT_BUSY_RETRY_SECONDS = 5;
/** How long where a short link leads is remembered (a share text pasted by many), and how many are. */
export const CONVERT_FOLLOWED_TTL_MS = 10 * 60_000;
export const CONVERT_FOLLOWED_REMEMBERED = 1000;

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
