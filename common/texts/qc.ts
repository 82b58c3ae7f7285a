// QC (quality-check) photos' texts (issue 16): the product page's gallery and viewer (the product page's chunk and
// the viewer's own). The item form's QC section's are in qc-admin.ts; the card's badge, in the first bundle, is
// QC_BADGE in storefront.ts.

import { currentLanguage, i18n, intlLocale, texts } from '../i18n';

/**
 * Made on first use, not when the module loads: the gallery's code loads with every product page, most of whose
 * products have no dated photo, and a browser's first date format loads its date data (a long task on a phone).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A photo's day (YYYY-MM-DD) as a reader wants it: "14 Mar 2026", the same on the server and in every browser. */
export function qcDayText(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  // English as the site always wrote it (day month year); other languages their own way.
  const lang = currentLanguage();
  let format = dayFormats.get(lang);
  if (!format) {
    const locale = lang === 'en' || lang === 'pseudo' ? 'en-GB' : intlLocale(lang);
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    dayFormats.set(lang, format);
  }
  return format.format(date);
}

/** The product page's gallery and its viewer. */
export const QC_TEXTS = texts({
  heading: (n: number) => i18n._('QC photos ({n})', { n }),
  intro: /*i18n*/ 'Quality-check photos of the real item, taken by the agent before shipping.',
  loading: /*i18n*/ 'Loading QC photos',
  openPhoto: (i: number, n: number, day: string | null) =>
    day ? i18n._('Open QC photo {i} of {n}, taken {date}', { i, n, date: qcDayText(day) }) : i18n._('Open QC photo {i} of {n}', { i, n }),
  takenOn: (day: string) => i18n._('Taken {date}', { date: qcDayText(day) }),
  viewerTitle: (title: string) => i18n._('QC photos: {title}', { title }),
  position: (i: number, n: number) => i18n._('{i} of {n}', { i, n }),
  photoAlt: (title: string, i: number, n: number) => i18n._('QC photo {i} of {n} of {title}', { i, n, title }),
  previous: /*i18n*/ 'Previous photo',
  next: /*i18n*/ 'Next photo',
  close: /*i18n*/ 'Close',
  hint: /*i18n*/ 'Use the arrow keys or swipe to move between photos; Escape closes.',
  viewerFailed: /*i18n*/ 'The photo viewer could not be loaded. Check your connection and try again.',
});
