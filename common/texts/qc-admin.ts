// The item form's QC section (issue 16). Apart from qc.ts, which the product page loads (decision 0070).

export const QC_ADMIN_TEXTS = {
  legend: 'QC photos',
  hint: 'Shown on the product page in this order, with the day each was taken when you know it.',
  none: 'No QC photos yet.',
  add: 'Add QC photos from the gallery or upload',
  closePicker: 'Close the gallery',
  count: (n: number, max: number) => `${n} of at most ${max}`,
  dayLabel: (i: number) => `Day photo ${i} was taken (optional)`,
  moveUp: (i: number) => `Move photo ${i} up`,
  moveDown: (i: number) => `Move photo ${i} down`,
  remove: (i: number) => `Remove photo ${i}`,
  photoAlt: (i: number, name: string) => `QC photo ${i}: ${name}`,
  alreadyAdded: (name: string) => `${name} is already among the QC photos.`,
  tooMany: (max: number) => `A product can have at most ${max} QC photos.`,
  added: (name: string, n: number) => `Added ${name} as QC photo ${n}.`,
  moved: (i: number, to: number) => `Photo ${i} moved to place ${to}.`,
  removed: (name: string) => `Removed ${name} from the QC photos.`,
  loadFailed: 'The QC photos could not be loaded.',
  saveFailed: 'The item was saved, but its QC photos were not',
  qcOf: (items: string) => `QC photo of ${items}`,
  deleteRemoves: (items: string) => `It is a QC photo of ${items}; it will be removed from their QC photos.`,
};
