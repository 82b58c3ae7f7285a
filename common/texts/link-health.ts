// Link health (issue 29, decision 0067): the dashboard's texts (its page size and filters are in
// common/link-health.ts). The storefront's mark ("May be unavailable") is in storefront.ts's TEXTS, which the first
// bundle carries.

import type { LinkFilter } from '../link-health';

export const LINK_HEALTH_TEXTS = {
  tab: 'Link health',
  heading: 'Link health',
  intro: (perHost: number, perDay: number, hideAfter: number) =>
    `Every product’s seller link and picture are checked in the background: at most ${perHost} checks a minute per marketplace, ${perDay} a day. ` +
    (hideAfter > 0
      ? `A product whose link was gone ${hideAfter} checks in a row is hidden from the finder.`
      : 'Products whose link is gone stay in the finder, marked “May be unavailable” (LINK_HIDE_AFTER_GONE hides them).'),
  countsLabel: 'Link check counts',
  counts: {
    fine: 'Fine',
    unavailable: 'May be unavailable',
    hidden: 'Hidden from the finder',
    unknown: 'No answer (tried again later)',
    never: 'Never checked',
    pictures: 'Broken pictures',
  },
  filterLabel: 'Show',
  filters: { all: 'All failing', gone: 'Gone', unknown: 'No answer', pictures: 'Broken pictures' } as Record<LinkFilter, string>,
  tableCaption: 'Products whose last check failed',
  columns: { product: 'Product', answer: 'Last answer', checked: 'Checked', actions: 'Actions' },
  answers: { live: 'Live', gone: 'Gone', unknown: 'No answer' } as Record<string, string>,
  pictureBroken: 'Picture broken (placeholder shown)',
  hidden: 'Hidden from the finder',
  reported: 'Reported by a visitor',
  markedFine: (by: string) => `Marked fine by ${by}`,
  goneInARow: (n: number) => `gone ${n} ${n === 1 ? 'check' : 'checks'} in a row`,
  recheck: 'Re-check now',
  rechecking: 'Queued…',
  rechecked: (title: string) => `${title} will be checked within a minute.`,
  markFine: 'Mark fine',
  markedFineDone: (title: string) => `${title} is shown as available again.`,
  empty: 'No failing links. Every checked product answered.',
  never: 'Not yet',
  noLink: 'The product has no link to check.',
  noProduct: 'This product does not exist (it may have been deleted).',
} as const;
