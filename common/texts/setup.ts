// The setup checklist's texts (issue 28; its items are in common/setup.ts): the dashboard shows them and `npm start`
// logs the pending ones.

import type { SetupItem } from '../setup';
import { COMMON_TEXTS } from './common';

type ItemTexts = {
  title: string;
  /** What leaving it costs. */
  cost: string;
  /** How to fix it on the dashboard. */
  fix: string;
  /** How to fix it, for the start log. */
  logFix: string;
};

export const SETUP_ITEM_TEXTS: Record<SetupItem, ItemTexts> = {
  'referral-codes': {
    title: 'Referral codes are missing',
    cost: 'BUY sends visitors to these agents without your referral code, so their orders earn you nothing.',
    fix: 'Enter your code for each agent here (or in the Agents tab).',
    logFix: "Enter them in the dashboard's Agents tab or its setup checklist.",
  },
  'currency-rates': {
    title: 'No currency rates',
    cost: 'Visitors see prices only in the base currency: the currency picker stays hidden until rates exist.',
    fix: 'Enter rates in the Currencies tab, or set RATES_URL to a rates feed read once a day and restart.',
    logFix: "Enter rates in the dashboard's Currencies tab, or set RATES_URL to a rates feed read once a day.",
  },
  mail: {
    title: 'No mail server',
    cost: 'The site sends no mail: nobody can reset a forgotten password or change their email.',
    fix: 'Set SMTP_URL and MAIL_FROM, then restart.',
    logFix: 'Set SMTP_URL and MAIL_FROM.',
  },
  google: {
    title: 'Google sign-in is not configured',
    cost: "'Continue with Google' tells visitors that Google sign-in is not set up on this site.",
    fix: 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then restart.',
    logFix: 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
  },
  'public-url': {
    title: 'PUBLIC_URL is not set',
    cost: 'Sign-in accepts only localhost addresses, and mails, sitemaps and shared links name whatever address a visitor typed.',
    fix: 'Set PUBLIC_URL to the address visitors use (https://finder.example), then restart.',
    logFix: 'Set PUBLIC_URL to the address visitors use (https://finder.example).',
  },
  'auth-secret': {
    title: 'AUTH_SECRET is not set',
    cost: 'Sessions are signed with a secret kept in the database: anyone holding a copy of it (a backup) can forge a session.',
    fix: 'Set AUTH_SECRET to 32 or more random characters (openssl rand -base64 32), then restart; everyone signs in once more.',
    logFix: 'Set AUTH_SECRET to 32 or more random characters (openssl rand -base64 32).',
  },
  'demo-catalogue': {
    title: 'The demo catalogue is still here',
    cost: 'Visitors see made-up products whose BUY links lead nowhere.',
    fix: 'Remove exactly the demo products and their pictures; Undo brings them back.',
    logFix: "Remove it from the dashboard's setup checklist (Undo brings it back).",
  },
};

export const SETUP_TEXTS = {
  title: 'Finish setting up your site',
  lead: 'Until these are done, parts of the site cost you or your visitors. This list goes away when every item is done.',
  later: "I'll do this later",
  show: 'Show the setup checklist',
  allDone: 'Your site is set up.',
  referralLabel: (agent: string) => `Referral code at ${agent}`,
  saveReferral: 'Save',
  enterCodes: (agents: number) => `Enter the codes (${agents} agent${agents === 1 ? '' : 's'})`,
  referralSaved: (agent: string) => `Referral code saved for ${agent}.`,
  openCurrencies: 'Open the Currencies tab',
  removeDemo: 'Remove the demo catalogue',
  removeDemoQuestion: (products: number, pictures: number) =>
    `Remove ${products} demo product${products === 1 ? '' : 's'} and ${pictures} picture${pictures === 1 ? '' : 's'}?`,
  removeDemoBody: 'Only the demo products and their pictures go; your own items stay. Undo brings them back.',
  removing: COMMON_TEXTS.removing,
  demoRemoved: (products: number) => `Removed ${products} demo product${products === 1 ? '' : 's'} and their pictures.`,
  demoSummary: 'Removed the demo catalogue',
  remaining: (n: number) => `${n} item${n === 1 ? '' : 's'} left`,
  /** The checklist's summary line: done items fold away behind a disclosure (issue 28's phone screen). */
  progress: (done: number, total: number) => `${done} of ${total} done`,
  doneItems: (n: number) => `Done (${n})`,
  doneMark: 'Done',
  /** The admin's /home (issue 28). */
  homeProgress: (done: number, total: number) => `Setup: ${done} of ${total} done`,
  homeFinish: 'Finish setting up',
  homeComplete: 'Setup complete',
  homeLoadFailed: 'The setup checklist could not be read.',
} as const;
