// The product page's later parts that no other texts file holds (the first render's are PRODUCT_TEXTS in
// storefront.ts; the QC gallery's in qc.ts, the price history's in price-history.ts). No Node or DOM APIs here.

import { i18n, texts } from '../i18n';

/** Other sellers of the same item (issue 29). */
export const SAME_ITEM_TEXTS = texts({
  title: (n: number) => i18n._('{n, plural, one {Also from # other seller} other {Also from # other sellers}}', { n }),
  note: /*i18n*/ "The same photo under another seller's listing: compare prices and agents.",
  cheapest: (n: number) => i18n._('Showing the {n} cheapest.', { n }),
  /** Where a product is bought: "Weidian · via CNFans". */
  via: (platform: string, agent: string) => i18n._('{platform} · via {agent}', { platform, agent }),
});
