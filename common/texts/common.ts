// Words every area uses alike (decision 0070): what a button says while its request is under way, and the buttons
// named the same everywhere. An area's own words are in its file beside this one; this file stays small, since the
// first bundle carries it.

import { i18n, texts } from '../i18n';

export const COMMON_TEXTS = texts({
  saving: /*i18n*/ 'Saving...',
  deleting: /*i18n*/ 'Deleting...',
  removing: /*i18n*/ 'Removing...',
  sending: /*i18n*/ 'Sending...',
  undoing: /*i18n*/ 'Undoing...',
  /** A bulk change's confirmation while it runs. */
  working: /*i18n*/ 'Working...',
  undo: /*i18n*/ 'Undo',
  cancel: /*i18n*/ 'Cancel',
  apply: /*i18n*/ 'Apply',
  retry: /*i18n*/ 'Retry',
  /** A toast's close button. */
  dismiss: /*i18n*/ 'Dismiss message',
  /** A call that failed without the server's own sentence. */
  unreachable: /*i18n*/ 'The server could not be reached. Check your connection.',
  requestFailed: (status: number) => i18n._('Request failed ({status})', { status }),
  somethingWentWrong: /*i18n*/ 'Something went wrong. Please try again.',
  copyRefused: /*i18n*/ 'The browser did not allow copying.',
});
