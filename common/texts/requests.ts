// Item requests and broken-link reports (issue 16): the storefront's texts of the two forms (the Requests tab's are in
// requests-admin.ts, their limits in common/requests.ts). Apart from storefront.ts so the first bundle carries only
// the buttons' labels (in TEXTS); the forms and their texts load when a visitor opens one.

import { REPORT_NOTE_MAX_LENGTH, REQUEST_LINK_MAX_LENGTH, REQUEST_QUERY_MAX_LENGTH, REQUEST_QUERY_MIN_LENGTH } from '../requests';
import { COMMON_TEXTS } from './common';

/** The storefront's texts of the request and report forms (their buttons' labels are in TEXTS). */
export const REQUEST_TEXTS = {
  requestIntro: 'Tell us what you are looking for and we will try to add it.',
  queryLabel: 'What are you looking for?',
  linkLabel: 'Link to the item (optional)',
  linkHint: 'A Taobao, Weidian, 1688 or agent link, if you have one.',
  send: 'Send request',
  sending: COMMON_TEXTS.sending,
  requestThanks: 'Thanks! Your request has been received.',
  requestAnother: 'Request something else',
  loadingForm: 'Loading the form',
  queryTooShort: `Please describe the item in at least ${REQUEST_QUERY_MIN_LENGTH} characters.`,
  queryTooLong: `Please keep the description to at most ${REQUEST_QUERY_MAX_LENGTH} characters.`,
  linkInvalid: 'The link must be an http(s) address such as https://item.taobao.com/item.htm?id=123',
  linkTooLong: `The link must be at most ${REQUEST_LINK_MAX_LENGTH} characters.`,
  reportTitle: 'Report a broken link',
  reportIntro: 'Does BUY open a missing or wrong item? Let us know and we will fix the link.',
  noteLabel: 'What went wrong? (optional)',
  noteTooLong: `Please keep the note to at most ${REPORT_NOTE_MAX_LENGTH} characters.`,
  agentInvalid: 'agent must be an agent name in lower-case letters, digits and hyphens',
  report: 'Send report',
  reportThanks: 'Thanks! We will check this link.',
  close: 'Close',
  cancel: COMMON_TEXTS.cancel,
  rateLimited: (minutes: number) =>
    `You have sent several of these in a short time. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  unknownProduct: 'This product does not exist any more.',
  /** The admins-only notice on a product page. */
  linkReported: (open: number) => `Link reported: ${open} open ${open === 1 ? 'report' : 'reports'}`,
  openQueue: 'Open the queue',
} as const;
