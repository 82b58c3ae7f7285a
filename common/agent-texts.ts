// The Agents tab's limits and on-screen texts (issue 16). Apart from constants.ts: the storefront never shows them.

export const AGENT_LIMITS = {
  slug: 40,
  name: 60,
  template: 1000,
  platformCode: 30,
  referralCode: 100,
  /** Agents one list may hold (the order route names each). */
  count: 200,
} as const;

/** The item the form's preview builds a link to. */
export const AGENT_PREVIEW_ITEM = { platform: 'taobao', itemId: '675330231400' } as const;

export const AGENT_TEXTS = {
  heading: 'Shopping Agents',
  intro:
    'The shopping agents visitors can buy through. BUY opens the chosen agent (else the default) with its link template and your referral code.',
  add: 'Add agent',
  edit: (name: string) => `Edit ${name}`,
  editShort: 'Edit',
  noReferral: 'none',
  yes: 'Yes',
  no: 'No',
  addTitle: 'Add an agent',
  name: 'Name',
  slug: 'Slug',
  slugHint: 'Lower-case letters, digits and dashes; visitors’ choices and clicks are kept under it.',
  template: 'Link template',
  templateHint: 'Placeholders: {url} the marketplace link (encoded), {id} the item id, {platform} the agent’s code for the marketplace, {ref} your referral code.',
  platformCodes: 'Marketplace codes for {platform}',
  referralCode: 'Referral code',
  enabled: 'Enabled',
  isDefault: 'Default agent',
  preview: 'Preview',
  previewOf: (link: string) => `The agent's link to ${link}, with the referral code.`,
  defaultHint: 'Make another agent the default to disable this one or take the default from it.',
  previewNone: 'The template cannot build a link yet.',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteConfirm: (name: string) => `Delete ${name}? Visitors who chose it get the default agent.`,
  moveUp: (name: string) => `Move ${name} up`,
  moveDown: (name: string) => `Move ${name} down`,
  makeDefault: 'Make default',
  defaultBadge: 'Default',
  disabled: 'Disabled',
  none: 'No agents yet: BUY opens each product’s own link.',
  columns: { name: 'Name', template: 'Link template', referral: 'Referral code', enabled: 'Enabled', order: 'Order', actions: 'Actions' },
  loadFailed: 'Failed to load agents',
  saved: (name: string) => `Saved ${name}`,
  added: (name: string) => `Added ${name}`,
  deleted: (name: string) => `Deleted ${name}`,
  defaultSet: (name: string) => `${name} is now the default agent`,
  failed: (message: string) => `Could not save: ${message}`,
  // The item form, under the buy link.
  source: (label: string) => `Source: ${label}. BUY opens it through the visitor's agent.`,
  noSource: 'No Taobao, Tmall, Weidian or 1688 item in this link: BUY opens it as it is.',
} as const;
