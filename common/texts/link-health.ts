// Link health (issue 29, decision 0067): the dashboard's texts (its page size and filters are in
// common/link-health.ts). The storefront's mark ("May be unavailable") is in storefront.ts's TEXTS, which the first
// bundle carries.

import { texts, i18n } from '../i18n';

import type { LinkFilter } from '../link-health';

export const LINK_HEALTH_TEXTS = texts({
  tab: /*i18n*/ 'Link health',
  heading: /*i18n*/ 'Link health',
  intro: (perHost: number, perDay: number, hideAfter: number) =>
    `Every product’s seller link and picture are checked in the background: at most ${perHost} checks a minute per marketplace, ${perDay} a day. ` +
    (hideAfter > 0
      ? `A product whose link was gone ${hideAfter} checks in a row is hidden from the finder.`
      : 'Products whose link is gone stay in the finder, marked “May be unavailable” (LINK_HIDE_AFTER_GONE hides them).'),
  countsLabel: /*i18n*/ 'Link check counts',
  counts: {
    fine: /*i18n*/ 'Fine',
    unavailable: /*i18n*/ 'May be unavailable',
    hidden: /*i18n*/ 'Hidden from the finder',
    unknown: /*i18n*/ 'No answer (tried again later)',
    never: /*i18n*/ 'Never checked',
    pictures: /*i18n*/ 'Broken pictures',
    noPicture: /*i18n*/ 'Without a picture',
    noLink: /*i18n*/ 'Without a buy link',
  },
  filterLabel: /*i18n*/ 'Show',
  filters: { all: 'All failing', gone: 'Gone', unknown: 'No answer', pictures: 'Broken pictures' } as Record<LinkFilter, string>,
  tableCaption: /*i18n*/ 'Products whose last check failed',
  columns: { product: /*i18n*/ 'Product', answer: /*i18n*/ 'Last answer', checked: /*i18n*/ 'Checked', actions: /*i18n*/ 'Actions' },
  answers: { live: 'Live', gone: 'Gone', unknown: 'No answer' } as Record<string, string>,
  pictureBroken: /*i18n*/ 'Picture broken (placeholder shown)',
  hidden: /*i18n*/ 'Hidden from the finder',
  reported: /*i18n*/ 'Reported by a visitor',
  markedFine: (by: string) => i18n._('Marked fine by {by}', { by }),
  goneInARow: (n: number) => `gone ${n} ${n === 1 ? 'check' : 'checks'} in a row`,
  recheck: /*i18n*/ 'Re-check now',
  rechecking: /*i18n*/ 'Queued…',
  rechecked: (title: string) => i18n._('{title} will be checked within a minute.', { title }),
  markFine: /*i18n*/ 'Mark fine',
  markedFineDone: (title: string) => i18n._('{title} is shown as available again.', { title }),
  empty: /*i18n*/ 'No failing links. Every checked product answered.',
  never: /*i18n*/ 'Not yet',
  noLink: /*i18n*/ 'The product has no link to check.',
  noProduct: /*i18n*/ 'This product does not exist (it may have been deleted).',
});
