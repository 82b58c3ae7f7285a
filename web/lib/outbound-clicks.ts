import { sendAnalytics } from './analytics';

type Source = 'buy' | 'image' | 'page';
const SOURCES: ReadonlySet<string> = new Set<Source>(['buy', 'image', 'page']);

/**
 * Marks a link to a product's store as counted (decision 0018): the click is reported by one listener on the document
 * (countOutboundClicks), not by the link's own handler, so a click on a card whose code has not arrived yet (the grid
 * is a later part, decision 0080) counts as well. The link's `data-agent` names the agent, when it has one.
 */
export function countedLink(productId: string, source: Source) {
  return { 'data-count-product': productId, 'data-count-source': source };
}

/**
 * Reports every click on a counted link, from the moment the page's first code runs: a click or a middle click (it
 * opens the link too); a right click does not count. In the capture phase, so nothing on the page can swallow it, and
 * without preventDefault: the store's tab opens at once.
 */
export function countOutboundClicks(doc: Document): void {
  const report = (event: MouseEvent) => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>('a[data-count-product]') : null;
    if (!link) return;
    const { countProduct: productId, countSource: source, agent } = link.dataset;
    if (!productId || !source || !SOURCES.has(source)) return;
    sendAnalytics({ kind: 'click', productId, source: source as Source, ...(agent ? { agent } : {}) });
  };
  doc.addEventListener('click', report, true);
  doc.addEventListener('auxclick', report, true);
}
