// Item requests and broken-link reports (issue 16): the storefront's texts of the two forms (the Requests tab's are in
// requests-admin.ts, their limits in common/requests.ts). Apart from storefront.ts so the first bundle carries only
// the buttons' labels (in TEXTS); the forms and their texts load when a visitor opens one.

import { texts, i18n } from '../i18n';

import { REPORT_NOTE_MAX_LENGTH, REQUEST_LINK_MAX_LENGTH, REQUEST_QUERY_MAX_LENGTH, REQUEST_QUERY_MIN_LENGTH } from '../requests';
import { COMMON_TEXTS } from './common';

/** The storefront's texts of the request and report forms (their buttons' labels are in TEXTS). */
export const REQUEST_TEXTS = texts({
  requestIntro: /*i18n*/ 'Tell us what you are looking for and we will try to add it.',
  queryLabel: /*i18n*/ 'What are you looking for?',
  linkLabel: /*i18n*/ 'Link to the item (optional)',
  linkHint: /*i18n*/ 'A Taobao, Weidian, 1688 or agent link, if you have one.',
  send: /*i18n*/ 'Send request',
  sending: COMMON_TEXTS.sending,
  requestThanks: /*i18n*/ 'Thanks! Your request has been received.',
  requestAnother: /*i18n*/ 'Request something else',
  loadingForm: /*i18n*/ 'Loading the form',
  queryTooShort: /*i18n*/ { id: 'Please describe the item in at least {min} characters.', values: { min: REQUEST_QUERY_MIN_LENGTH } },
  queryTooLong: /*i18n*/ { id: 'Please keep the description to at most {max} characters.', values: { max: REQUEST_QUERY_MAX_LENGTH } },
  linkInvalid: /*i18n*/ 'The link must be an http(s) address such as https://item.taobao.com/item.htm?id=123',
  linkTooLong: /*i18n*/ { id: 'The link must be at most {max} characters.', values: { max: REQUEST_LINK_MAX_LENGTH } },
  reportTitle: /*i18n*/ 'Report a broken link',
  reportIntro: /*i18n*/ 'Does BUY open a missing or wrong item? Let us know and we will fix the link.',
  noteLabel: /*i18n*/ 'What went wrong? (optional)',
  noteTooLong: /*i18n*/ { id: 'Please keep the note to at most {max} characters.', values: { max: REPORT_NOTE_MAX_LENGTH } },
  agentInvalid: /*i18n*/ 'agent must be an agent name in lower-case letters, digits and hyphens',
  report: /*i18n*/ 'Send report',
  reportThanks: /*i18n*/ 'Thanks! We will check this link.',
  close: /*i18n*/ 'Close',
  cancel: COMMON_TEXTS.cancel,
  rateLimited: (minutes: number) =>
    i18n._(
      '{minutes, plural, one {You have sent several of these in a short time. Please try again in # minute.} other {You have sent several of these in a short time. Please try again in # minutes.}}',
      { minutes },
    ),
  unknownProduct: /*i18n*/ 'This product does not exist any more.',
  /** The admins-only notice on a product page. */
  linkReported: (open: number) =>
    i18n._('{open, plural, one {Link reported: # open report} other {Link reported: # open reports}}', { open }),
  openQueue: /*i18n*/ 'Open the queue',
});
