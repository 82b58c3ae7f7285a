// Price history and alerts (issue 29): the product page's chart, the favourites' lowest price and alert switches, the
// Account page's switch and the unsubscribe answer. Loaded by those pages' chunks only.

import { texts, i18n } from '../i18n';

export const PRICE_TEXTS = texts({
  historyTitle: /*i18n*/ 'Price history',
  lowest: /*i18n*/ 'Lowest',
  /** The chart's text summary (role="img"), for those who cannot see it. */
  summary: (points: number, first: string, last: string, lowest: string, lowestDate: string) =>
    i18n._('{points} prices from {first} to {last}; lowest {lowest} on {lowestDate}.', { points, first, last, lowest, lowestDate }),
  tableCaption: /*i18n*/ 'Every price of this item',
  dateHeader: /*i18n*/ 'Date',
  priceHeader: /*i18n*/ 'Price',
  lowestOn: (price: string, date: string) => i18n._('Lowest {price} on {date}', { price, date }),
  lowestEver: /*i18n*/ 'lowest',
  /** Beside a favourite's lowest price when it is today's. */
  lowestNow: /*i18n*/ 'today’s price',
  alertLabel: /*i18n*/ 'Mail me when the price drops',
  alertAll: /*i18n*/ 'On for all your favourites (see your Account page).',
  alertFailed: /*i18n*/ 'The price alert could not be changed. Please try again.',
  alertsUnavailable: /*i18n*/ 'Price alerts need mail, which this site has not set up.',
  allTitle: /*i18n*/ 'Price alerts',
  allLabel: /*i18n*/ 'Mail me when any of my favourites gets cheaper',
  allHint: /*i18n*/ 'At most one mail a day, listing the favourites whose price dropped. Every mail has a link to stop them.',
  unsubscribed: /*i18n*/ 'You will get no more price alerts from this site. You can turn them on again on your Account page.',
});

/** Answers of the alert routes (server side, shown under the control by the web). */
export const PRICE_ALERT_MESSAGES = texts({
  unavailable: PRICE_TEXTS.alertsUnavailable,
  notFavorite: /*i18n*/ 'Save this find to your favourites first: alerts are for favourites.',
  badToken: /*i18n*/ 'This unsubscribe link is not valid (it may be cut short).',
});
