// The setup checklist's texts (issue 28; its items are in common/setup.ts): the dashboard shows them and `npm start`
// logs the pending ones.

import { texts, i18n } from '../i18n';

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

export const SETUP_ITEM_TEXTS: Record<SetupItem, ItemTexts> = texts({
  'referral-codes': {
    title: /*i18n*/ 'Referral codes are missing',
    cost: /*i18n*/ 'BUY sends visitors to these agents without your referral code, so their orders earn you nothing.',
    fix: /*i18n*/ 'Enter your code for each agent here (or in the Agents tab).',
    logFix: /*i18n*/ "Enter them in the dashboard's Agents tab or its setup checklist.",
  },
  'currency-rates': {
    title: /*i18n*/ 'No currency rates',
    cost: /*i18n*/ 'Visitors see prices only in the base currency: the currency picker stays hidden until rates exist.',
    fix: /*i18n*/ 'Enter rates in the Currencies tab, or set RATES_URL to a rates feed read once a day and restart.',
    logFix: /*i18n*/ "Enter rates in the dashboard's Currencies tab, or set RATES_URL to a rates feed read once a day.",
  },
  mail: {
    title: /*i18n*/ 'No mail server',
    cost: /*i18n*/ 'The site sends no mail: nobody can reset a forgotten password or change their email.',
    fix: /*i18n*/ 'Set SMTP_URL and MAIL_FROM, then restart.',
    logFix: /*i18n*/ 'Set SMTP_URL and MAIL_FROM.',
  },
  google: {
    title: /*i18n*/ 'Google sign-in is not configured',
    cost: /*i18n*/ "'Continue with Google' tells visitors that Google sign-in is not set up on this site.",
    fix: /*i18n*/ 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then restart.',
    logFix: /*i18n*/ 'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
  },
  'public-url': {
    title: /*i18n*/ 'PUBLIC_URL is not set',
    cost: /*i18n*/ 'Sign-in accepts only localhost addresses, and mails, sitemaps and shared links name whatever address a visitor typed.',
    fix: /*i18n*/ 'Set PUBLIC_URL to the address visitors use (https://finder.example), then restart.',
    logFix: /*i18n*/ 'Set PUBLIC_URL to the address visitors use (https://finder.example).',
  },
  'auth-secret': {
    title: /*i18n*/ 'AUTH_SECRET is not set',
    cost: /*i18n*/ 'Sessions are signed with a secret kept in the database: anyone holding a copy of it (a backup) can forge a session.',
    fix: /*i18n*/ 'Set AUTH_SECRET to 32 or more random characters (openssl rand -base64 32), then restart; everyone signs in once more.',
    logFix: /*i18n*/ 'Set AUTH_SECRET to 32 or more random characters (openssl rand -base64 32).',
  },
  'demo-catalogue': {
    title: /*i18n*/ 'The demo catalogue is still here',
    cost: /*i18n*/ 'Visitors see made-up products whose BUY links lead nowhere.',
    fix: /*i18n*/ 'Remove exactly the demo products and their pictures; Undo brings them back.',
    logFix: /*i18n*/ "Remove it from the dashboard's setup checklist (Undo brings it back).",
  },
});

export const SETUP_TEXTS = texts({
  title: /*i18n*/ 'Finish setting up your site',
  lead: /*i18n*/ 'Until these are done, parts of the site cost you or your visitors. This list goes away when every item is done.',
  later: /*i18n*/ "I'll do this later",
  show: /*i18n*/ 'Show the setup checklist',
  allDone: /*i18n*/ 'Your site is set up.',
  referralLabel: (agent: string) => i18n._('Referral code at {agent}', { agent }),
  saveReferral: /*i18n*/ 'Save',
  enterCodes: (agents: number) => `Enter the codes (${agents} agent${agents === 1 ? '' : 's'})`,
  referralSaved: (agent: string) => i18n._('Referral code saved for {agent}.', { agent }),
  /** The other way through the referral item (issue 40): the optional agents without a code turned off at once. */
  disableUncoded: (agents: number) => `Turn off the ${agents} other agent${agents === 1 ? '' : 's'} without a code`,
  disableUncodedTitle: /*i18n*/ 'Turn off the agents without a referral code?',
  disableUncodedBody: (names: string) =>
    `${names} will no longer be offered beside BUY. The default agent stays. You can turn them on again in the Agents tab.`,
  disableUncodedConfirm: /*i18n*/ 'Turn them off',
  disabledUncoded: (agents: number) => `Turned off ${agents} agent${agents === 1 ? '' : 's'} without a referral code.`,
  openCurrencies: /*i18n*/ 'Open the Currencies tab',
  removeDemo: /*i18n*/ 'Remove the demo catalogue',
  removeDemoQuestion: (products: number, pictures: number) =>
    `Remove ${products} demo product${products === 1 ? '' : 's'} and ${pictures} picture${pictures === 1 ? '' : 's'}?`,
  removeDemoBody: /*i18n*/ 'Only the demo products and their pictures go; your own items stay. Undo brings them back.',
  removing: COMMON_TEXTS.removing,
  demoRemoved: (products: number) => `Removed ${products} demo product${products === 1 ? '' : 's'} and their pictures.`,
  demoSummary: /*i18n*/ 'Removed the demo catalogue',
  remaining: (n: number) => `${n} item${n === 1 ? '' : 's'} left`,
  /** The checklist's summary line: done items fold away behind a disclosure (issue 28's phone screen). */
  progress: (done: number, total: number) => i18n._('{done} of {total} done', { done, total }),
  doneItems: (n: number) => i18n._('Done ({n})', { n }),
  doneMark: /*i18n*/ 'Done',
});

/**
 * The first admin (issue 40, decision 0095): the one-time setup address of the start log, what a signed-out /admin
 * says while no admin exists, the owner form it opens, and the server's answers to it.
 */
export const OWNER_SETUP_TEXTS = texts({
  noAdminTitle: /*i18n*/ 'This site has no admin yet',
  noAdminText:
    /*i18n*/ 'While no admin account exists, the server prints a one-time setup address in its start log, on a line that begins with "Setup: no admin account yet". Open that address in this browser to create the owner account.',
  otherWays:
    /*i18n*/ 'Or set ADMIN_EMAIL and ADMIN_PASSWORD and restart the server, or give an existing account the rights with: npm run users -- grant admin <email>',
  formTitle: /*i18n*/ 'Create the owner account',
  formLead:
    /*i18n*/ 'The owner account gets admin and developer rights. This setup address works once, and no longer after the server restarts.',
  email: /*i18n*/ 'Email',
  password: /*i18n*/ 'Password',
  confirmPassword: /*i18n*/ 'Confirm Password',
  submit: /*i18n*/ 'Create owner account',
  submitting: /*i18n*/ 'Creating...',
  created: /*i18n*/ 'The owner account is ready. Signing in...',
  signInLink: /*i18n*/ 'Sign in',
  tokenInvalid:
    /*i18n*/ 'This setup address is no longer valid: it was used already, or the server restarted since it was printed. Use the address of the newest "Setup: no admin account yet" line of the start log.',
  adminExists: /*i18n*/ 'An admin account exists already: sign in with it, or ask its owner for the rights.',
  busy: /*i18n*/ 'The owner account is being created from another setup address just now. Try again in a moment.',
  refused:
    /*i18n*/ 'An account with this email exists and this is not its password. Enter its password to make it the owner, or use another email.',
  /** The start log's line (English, like every log line). */
  logLine: (address: string) =>
    `Setup: no admin account yet. Open ${address} to create the owner account (admin and developer). ` +
    'The address works once and ends when this process stops or restarts. ADMIN_EMAIL with ADMIN_PASSWORD, or npm run users, work too.',
});
