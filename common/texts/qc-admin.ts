// The item form's QC section (issue 16). Apart from qc.ts, which the product page loads (decision 0070).

import { texts, i18n } from '../i18n';

export const QC_ADMIN_TEXTS = texts({
  legend: /*i18n*/ 'QC photos',
  hint: /*i18n*/ 'Shown on the product page in this order, with the day each was taken when you know it.',
  none: /*i18n*/ 'No QC photos yet.',
  add: /*i18n*/ 'Add QC photos from the gallery or upload',
  closePicker: /*i18n*/ 'Close the gallery',
  count: (n: number, max: number) => i18n._('{n} of at most {max}', { n, max }),
  dayLabel: (i: number) => i18n._('Day photo {i} was taken (optional)', { i }),
  moveUp: (i: number) => i18n._('Move photo {i} up', { i }),
  moveDown: (i: number) => i18n._('Move photo {i} down', { i }),
  remove: (i: number) => i18n._('Remove photo {i}', { i }),
  photoAlt: (i: number, name: string) => i18n._('QC photo {i}: {name}', { i, name }),
  alreadyAdded: (name: string) => i18n._('{name} is already among the QC photos.', { name }),
  tooMany: (max: number) => i18n._('A product can have at most {max} QC photos.', { max }),
  added: (name: string, n: number) => i18n._('Added {name} as QC photo {n}.', { name, n }),
  moved: (i: number, to: number) => i18n._('Photo {i} moved to place {to}.', { i, to }),
  removed: (name: string) => i18n._('Removed {name} from the QC photos.', { name }),
  loadFailed: /*i18n*/ 'The QC photos could not be loaded.',
  saveFailed: /*i18n*/ 'The item was saved, but its QC photos were not',
  qcOf: (items: string) => i18n._('QC photo of {items}', { items }),
  deleteRemoves: (items: string) => i18n._('It is a QC photo of {items}; it will be removed from their QC photos.', { items }),
});
