// The Currencies tab's words (issue 16). Apart from currency.ts, which the first bundle carries (decision 0070).

import { COMMON_TEXTS } from './common';

export const CURRENCY_ADMIN_TEXTS = {
  tab: 'Currencies',
  heading: 'Currency Management',
  intro: (base: string) =>
    `Prices are stored in ${base}, the base currency (BASE_CURRENCY). Visitors may choose another currency; ` +
    `its prices are converted with the rate below and marked approximate. Without a rate, they see ${base}.`,
  feedOn: (when: string | null) =>
    `Rates are refreshed daily from RATES_URL${when ? ` (last: ${when})` : ' (not read yet)'}. A rate you set holds until the next refresh.`,
  feedOff: 'RATES_URL is not set: the rates below are kept by hand.',
  loading: 'Loading currencies...',
  loadFailed: 'Failed to load the currencies',
  columns: {
    currency: 'Currency',
    rate: (base: string) => `Units per 1 ${base}`,
    source: 'Set by',
    updated: 'Updated',
    actions: 'Actions',
  },
  sources: { admin: 'Admin', feed: 'Feed', none: '—' },
  noRate: 'No rate',
  rateLabel: (code: string, base: string) => `${code} per 1 ${base}`,
  save: 'Save',
  saving: COMMON_TEXTS.saving,
  clear: 'Clear',
  saved: (code: string) => `${code} rate saved`,
  cleared: (code: string) => `${code} rate cleared: its visitors see the base currency`,
  saveFailed: (reason: string) => `Could not save the rate: ${reason}`,
  rateRequired: 'Type a rate, such as 0.92, or Clear to remove it',
  example: (baseAmount: string, shown: string) => `${baseAmount} shows as ${shown}`,
  age: (minutes: number) =>
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `${minutes} min ago`
        : minutes < 48 * 60
          ? `${Math.round(minutes / 60)} h ago`
          : `${Math.round(minutes / 1440)} days ago`,
} as const;
