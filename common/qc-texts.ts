// QC (quality-check) photos' texts (issue 16): the product page's gallery and viewer (the product page's chunk and
// the viewer's own), and the item form's QC section (dashboard). The card's badge, in the first bundle, is QC_BADGE
// in constants.ts.

const dayFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A photo's day (YYYY-MM-DD) as a reader wants it: "14 Mar 2026", the same on the server and in every browser. */
export function qcDayText(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** The product page's gallery and its viewer. */
export const QC_TEXTS = {
  heading: (n: number) => `QC photos (${n})`,
  intro: 'Quality-check photos of the real item, taken by the agent before shipping.',
  loading: 'Loading QC photos',
  openPhoto: (i: number, n: number, day: string | null) => `Open QC photo ${i} of ${n}${day ? `, taken ${qcDayText(day)}` : ''}`,
  takenOn: (day: string) => `Taken ${qcDayText(day)}`,
  viewerTitle: (title: string) => `QC photos: ${title}`,
  position: (i: number, n: number) => `${i} of ${n}`,
  photoAlt: (title: string, i: number, n: number) => `QC photo ${i} of ${n} of ${title}`,
  previous: 'Previous photo',
  next: 'Next photo',
  close: 'Close',
  hint: 'Use the arrow keys or swipe to move between photos; Escape closes.',
  viewerFailed: 'The photo viewer could not be loaded. Check your connection and try again.',
};

/** The item form's QC section (dashboard). */
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
