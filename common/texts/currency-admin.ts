// The Currencies tab's words (issue 16). Apart from currency.ts, which the first bundle carries (decision 0070).

import { texts, i18n } from '../i18n';

import { COMMON_TEXTS } from './common';

export const CURRENCY_ADMIN_TEXTS = texts({
  tab: /*i18n*/ 'Currencies',
  heading: /*i18n*/ 'Currency Management',
  intro: (base: string) =>
    `Prices are stored in ${base}, the base currency (BASE_CURRENCY). Visitors may choose another currency; ` +
    `its prices are converted with the rate below and marked approximate. Without a rate, they see ${base}.`,
  feedOn: (when: string | null) =>
    `Rates are refreshed daily from RATES_URL${when ? ` (last: ${when})` : ' (not read yet)'}. A rate you set holds until the next refresh.`,
  feedOff: /*i18n*/ 'RATES_URL is not set: the rates below are kept by hand.',
  loading: /*i18n*/ 'Loading currencies...',
  loadFailed: /*i18n*/ 'Failed to load the currencies',
  columns: {
    currency: /*i18n*/ 'Currency',
    rate: (base: string) => i18n._('Units per 1 {base}', { base }),
    source: /*i18n*/ 'Set by',
    updated: /*i18n*/ 'Updated',
    actions: /*i18n*/ 'Actions',
  },
  sources: { admin: /*i18n*/ 'Admin', feed: /*i18n*/ 'Feed', none: /*i18n*/ '—' },
  noRate: /*i18n*/ 'No rate',
  rateLabel: (code: string, base: string) => i18n._('{code} per 1 {base}', { code, base }),
  save: /*i18n*/ 'Save',
  saving: COMMON_TEXTS.saving,
  clear: /*i18n*/ 'Clear',
  saved: (code: string) => i18n._('{code} rate saved', { code }),
  cleared: (code: string) => i18n._('{code} rate cleared: its visitors see the base currency', { code }),
  saveFailed: (reason: string) => i18n._('Could not save the rate: {reason}', { reason }),
  rateRequired: /*i18n*/ 'Type a rate, such as 0.92, or Clear to remove it',
  example: (baseAmount: string, shown: string) => i18n._('{baseAmount} shows as {shown}', { baseAmount, shown }),
  age: (minutes: number) =>
    minutes < 1
      ? 'just now'
      : minutes < 60
        ? `${minutes} min ago`
        : minutes < 48 * 60
          ? `${Math.round(minutes / 60)} h ago`
          : `${Math.round(minutes / 1440)} days ago`,
});
