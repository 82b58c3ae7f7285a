import { ANALYTICS_EVENTS_PATH } from '../../common/analytics-constants';

/** What the storefront reports (the server checks it against the shared schema; no zod here: first-bundle budget). */
export type AnalyticsBeacon = { kind: 'view' } | { kind: 'click'; productId: string; source: 'buy' | 'image' };

/**
 * Reports a click or a page view without holding anything up: the browser sends a beacon after the page has moved
 * on (a new tab opening, a navigation), and nothing waits for or reports its answer.
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
