// Search by photo (issue 42, decision 0086): the panel's words and the server's answers to a refused picture. The
// camera button's label is in FINDER_TEXTS (the first bundle); the panel and these load when a visitor opens it.

import { texts, i18n } from '../i18n';

import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from '../photo-search';

const MB = Math.round(PHOTO_MAX_BYTES / 1024 / 1024);

export const PHOTO_TEXTS = texts({
  title: /*i18n*/ 'Search by photo',
  intro: /*i18n*/ 'Take a photo, or choose a picture or a screenshot of the item: we show the products with the same picture first.',
  choose: /*i18n*/ 'Take or choose a photo',
  dropHere: /*i18n*/ 'Or drop a picture here, or paste one with Ctrl+V.',
  addressLabel: /*i18n*/ 'Or paste the address of a picture',
  findThisPhoto: /*i18n*/ 'Find this photo',
  searching: /*i18n*/ 'Looking for this photo',
  close: /*i18n*/ 'Close',
  yourPhoto: /*i18n*/ 'Your photo',
  samePhoto: /*i18n*/ 'Same photo',
  similar: /*i18n*/ 'Similar pictures',
  found: (count: number) =>
    i18n._(
      '{count, plural, =0 {No product has a picture like this one.} one {# product has a picture like this one.} other {# products have a picture like this one.}}',
      { count },
    ),
  noneHint: /*i18n*/ 'Try a picture of the item alone, or search by words.',
  clear: /*i18n*/ 'Back to all products',
  failed: /*i18n*/ 'The search by photo failed. Please try again.',
  empty: /*i18n*/ 'The picture is empty (0 bytes). Choose a JPEG, PNG or WebP picture.',
  tooLarge: /*i18n*/ { id: 'The picture is larger than {mb} MB. Choose a smaller one, or a screenshot of it.', values: { mb: MB } },
  notAPicture: /*i18n*/ 'This file is not a picture: choose a JPEG, PNG or WebP picture.',
  damaged: /*i18n*/ 'The picture could not be read: the file is damaged or incomplete.',
  tooManyPixels: (width: number, height: number) =>
    i18n._('The picture is {width} × {height} pixels; a picture may have at most {max} megapixels.', {
      width,
      height,
      max: PHOTO_MAX_PIXELS / 1_000_000,
    }),
  noPicture: /*i18n*/ 'Choose a picture to search with.',
  onePicture: /*i18n*/ 'Search with one picture at a time.',
  addressInvalid: /*i18n*/ 'Enter the address of a picture, starting with http:// or https://.',
  addressNotAPicture: /*i18n*/ 'This address does not lead to a picture: copy the address of the image itself (Copy image address).',
  addressFailed: (host: string) => i18n._('The picture could not be fetched from {host}.', { host }),
});
