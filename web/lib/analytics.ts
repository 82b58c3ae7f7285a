import { useEffect } from 'react';
import { ANALYTICS_EVENTS_PATH } from '../../common/constants';

/** What the storefront reports (the server checks it against the shared schema; no zod here: first-bundle budget). */
export type AnalyticsBeacon =
  /** A finder page view. */
  | { kind: 'view' }
  /** An outbound click: `agent` is the slug of the agent BUY went to, left out for the plain store link. */
  | { kind: 'click'; productId: string; source: 'buy' | 'image' | 'page'; agent?: string }
  /** A product page view (once per page view). */
  | { kind: 'product-view'; productId: string }
  /** A referral button: Sign Up, Join or Copy code. */
  | { kind: 'promo'; source: 'signup' | 'join' | 'copy-code' }
  /** A link the link converter made, to this agent, for this item. */
  | { kind: 'convert-click'; agent: string; platform: string; itemId: string }
  /** An agent's promotion: its link opened or its code copied. */
  | { kind: 'agent-promo'; agent: string; source: 'link' | 'copy-code' };

/**
 * Reports a click, a referral button or a page view without holding anything up: the browser sends a beacon after the
 * page has moved on (a new tab opening, a navigation), and nothing waits for or reports its answer.
 */
export function sendAnalytics(event: AnalyticsBeacon): void {
  try {
    const body = JSON.stringify(event);
    if (navigator.sendBeacon?.(ANALYTICS_EVENTS_PATH, new Blob([body], { type: 'application/json' }))) return;
    void fetch(ANALYTICS_EVENTS_PATH, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body,
    }).catch(() => undefined);
  } catch {
    // Counting must never break the page.
  }
}

/**
 * Handlers that report a referral button (Sign Up, Join, Copy code) without holding the click up: a click, or a middle
 * click (it opens the link too); a right click does not count.
 */
export function promoHandlers(source: 'signup' | 'join' | 'copy-code') {
  const report = () => sendAnalytics({ kind: 'promo', source });
  return { onClick: report, onAuxClick: (event: { button: number }) => event.button === 1 && report() };
}

/** Reports a product page view once per view of the page: on mount, and when the page moves to another product. */
export function useProductViewBeacon(productId: string): void {
  useEffect(() => {
    sendAnalytics({ kind: 'product-view', productId });
  }, [productId]);
}
