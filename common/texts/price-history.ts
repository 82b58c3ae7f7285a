// Price history and alerts (issue 29): the product page's chart, the favourites' lowest price and alert switches, the
// Account page's switch and the unsubscribe answer. Loaded by those pages' chunks only.

export const PRICE_TEXTS = {
  historyTitle: 'Price history',
  lowest: 'Lowest',
  /** The chart's text summary (role="img"), for those who cannot see it. */
  summary: (points: number, first: string, last: string, lowest: string, lowestDate: string) =>
    `${points} prices from ${first} to ${last}; lowest ${lowest} on ${lowestDate}.`,
  tableCaption: 'Every price of this item',
  dateHeader: 'Date',
  priceHeader: 'Price',
  lowestOn: (price: string, date: string) => `Lowest ${price} on ${date}`,
  lowestEver: 'lowest',
  /** Beside a favourite's lowest price when it is today's. */
  lowestNow: 'today’s price',
  alertLabel: 'Mail me when the price drops',
  alertAll: 'On for all your favourites (see your Account page).',
  alertFailed: 'The price alert could not be changed. Please try again.',
  alertsUnavailable: 'Price alerts need mail, which this site has not set up.',
  allTitle: 'Price alerts',
  allLabel: 'Mail me when any of my favourites gets cheaper',
  allHint: 'At most one mail a day, listing the favourites whose price dropped. Every mail has a link to stop them.',
  unsubscribed: 'You will get no more price alerts from this site. You can turn them on again on your Account page.',
} as const;

/** Answers of the alert routes (server side, shown under the control by the web). */
export const PRICE_ALERT_MESSAGES = {
  unavailable: PRICE_TEXTS.alertsUnavailable,
  notFavorite: 'Save this find to your favourites first: alerts are for favourites.',
  badToken: 'This unsubscribe link is not valid (it may be cut short).',
} as const;
