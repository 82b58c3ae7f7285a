// QC (quality-check) photos' texts (issue 16): the product page's gallery and viewer (the product page's chunk and
// the viewer's own). The item form's QC section's are in qc-admin.ts; the card's badge, in the first bundle, is
// QC_BADGE in storefront.ts.

/**
 * Made on first use, not when the module loads: the gallery's code loads with every product page, most of whose
 * products have no dated photo, and a browser's first date format loads its date data (a long task on a phone).
 */
let dayFormat: Intl.DateTimeFormat | undefined;

/** A photo's day (YYYY-MM-DD) as a reader wants it: "14 Mar 2026", the same on the server and in every browser. */
export function qcDayText(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return dayFormat.format(date);
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
