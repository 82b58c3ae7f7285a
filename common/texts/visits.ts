// Reasons to come back (issue 42): recently viewed products and what is new since the last visit. Loaded with the
// later parts that show them (the finder's strip, /home), not with the first view.
import { i18n, texts } from '../i18n';

export const VISITS_TEXTS = texts({
  recentTitle: /*i18n*/ 'Recently viewed',
  recentEmpty: /*i18n*/ 'The products you open will be listed here.',
  clear: /*i18n*/ 'Clear',
  clearLabel: /*i18n*/ 'Clear the recently viewed products',
  cleared: /*i18n*/ 'The recently viewed list is cleared.',
  clearFailed: /*i18n*/ 'The list could not be cleared. Please try again.',
  loadFailed: /*i18n*/ 'The recently viewed products could not be loaded.',
  newSince: (n: number) =>
    i18n._('{n, plural, one {# new product since your last visit} other {# new products since your last visit}}', { n }),
  showNew: /*i18n*/ 'Show only the new ones',
});
