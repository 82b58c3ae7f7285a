// Words every area uses alike (decision 0070): what a button says while its request is under way, and the buttons
// named the same everywhere. An area's own words are in its file beside this one; this file stays small, since the
// first bundle carries it.

export const COMMON_TEXTS = {
  saving: 'Saving...',
  deleting: 'Deleting...',
  removing: 'Removing...',
  sending: 'Sending...',
  undoing: 'Undoing...',
  /** A bulk change's confirmation while it runs. */
  working: 'Working...',
  undo: 'Undo',
  cancel: 'Cancel',
  apply: 'Apply',
  retry: 'Retry',
} as const;
